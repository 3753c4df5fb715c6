// level-editor.cpp: a small level editor in Dear ImGui over Grip (integrations/imgui).
// A scene of sprites in a "Scene" window (or, with --background, in the application window's
// background), Grip's overlay on them, a properties window showing and editing the selected
// sprites, a camera that pans and zooms.
//
//   grip-imgui-editor [--level FILE.json]   a window (closing it quits); Save / Load use FILE
//                                           (default level.json), loaded at the start if given
//   grip-imgui-editor --background          the scene behind the ImGui windows instead
//   grip-imgui-editor --screenshot OUT.png  a scripted edit, one picture as PNG, exit
//
// Mouse: left button selects, moves, resizes and turns (Grip; shift-click adds, a drag from an
// empty place draws a marquee); right or middle button drag pans the camera; the wheel zooms
// about the mouse; moves and resizes snap to the other sprites (ctrl held: not). Touch: one
// finger as the left button, two fingers pinch a sprite (scale and turn). Keys (Grip's, while
// the Scene window has the focus): arrows nudge (shift: 10), Escape cancels or clears, Tab walks
// the sprites, ctrl-z / ctrl-shift-z undo and redo.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "grip.h"
#include "grip_imgui.h"
#include "grip_imgui_sdl.h"
#include "imgui.h"
#include "backends/imgui_impl_sdl.h"  // ImGui's SDL2 platform backend (in libimgui)
#include "imgui_render_sdl.h"

extern "C" int png_write_rgba(const char *path, const unsigned char *rgba, int width, int height, size_t pitch);

namespace {

struct Sprite {
    const char *name;
    double x, y, w, h, rotation;
    ImU32 colour;
    bool textured;
};

const Sprite kSprites[] = {
    {"ground", 60, 520, 980, 60, 0, IM_COL32(120, 84, 52, 255), true},
    {"platform", 200, 380, 260, 36, 0, IM_COL32(120, 84, 52, 255), true},
    {"platform", 620, 300, 220, 36, -0.12, IM_COL32(120, 84, 52, 255), true},
    {"player", 250, 300, 56, 80, 0, IM_COL32(59, 130, 246, 255), false},
    {"enemy", 700, 230, 64, 64, 0.3, IM_COL32(220, 38, 38, 255), false},
    {"coin", 520, 220, 36, 36, 0, IM_COL32(234, 179, 8, 255), false},
    {"coin", 580, 200, 36, 36, 0, IM_COL32(234, 179, 8, 255), false},
    {"tree", 900, 330, 110, 190, 0, IM_COL32(22, 163, 74, 255), false},
    {"cloud", 120, 90, 180, 70, 0, IM_COL32(226, 232, 240, 255), false},
    {"cloud", 760, 70, 150, 60, 0, IM_COL32(226, 232, 240, 255), false},
};
const int kSpriteCount = (int)(sizeof kSprites / sizeof kSprites[0]);

struct Camera {
    // screen = world * zoom + (x, y), the screen being the Scene window's region (or, in the
    // background, the whole window: the scene beside the ImGui windows)
    double zoom = 0.85, x = 330, y = 60;
    static Camera in_window() {
        Camera c;
        c.zoom = 0.95;
        c.x = 16;
        c.y = 24;
        return c;
    }
    grip_affine view() const { return grip_affine{zoom, 0, 0, zoom, x, y}; }
    void apply(grip_engine *e) const {
        grip_affine v = view();
        grip_engine_set_view(e, &v);
    }
    // Zoom by factor keeping the world point under screen point (sx, sy) where it is.
    void zoom_about(double factor, double sx, double sy) {
        double z = fmin(8.0, fmax(0.125, zoom * factor));
        x = sx - (sx - x) * (z / zoom);
        y = sy - (sy - y) * (z / zoom);
        zoom = z;
    }
};

struct Editor {
    grip_engine *engine = nullptr;
    GripImGui gi;
    Camera camera;
    SDL_Texture *bricks = nullptr;
    grip_box ids[kSpriteCount];
    bool panning = false;
    bool snap = true;
    bool in_window = true;  // the scene in a "Scene" window (else the background)
    const char *level_path = "level.json";
    char message[160] = "";
};

void save_level(Editor &ed) {
    size_t length = 0;
    grip_scene_save(ed.engine, nullptr, 0, &length);
    char *text = (char *)malloc(length + 1);
    FILE *f = nullptr;
    if (text && grip_scene_save(ed.engine, text, length + 1, &length) == GRIP_OK && (f = fopen(ed.level_path, "wb")) &&
        fwrite(text, 1, length, f) == length)
        snprintf(ed.message, sizeof ed.message, "saved %zu bytes", length);
    else
        snprintf(ed.message, sizeof ed.message, "could not save %s", ed.level_path);
    if (f) fclose(f);
    free(text);
}

void load_level(Editor &ed) {
    FILE *f = fopen(ed.level_path, "rb");
    if (!f) {
        snprintf(ed.message, sizeof ed.message, "no %s yet (Save first)", ed.level_path);
        return;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = (char *)malloc(n > 0 ? (size_t)n : 1);
    size_t got = text ? fread(text, 1, n > 0 ? (size_t)n : 0, f) : 0;
    fclose(f);
    if (text && grip_scene_load(ed.engine, text, got) == GRIP_OK)
        snprintf(ed.message, sizeof ed.message, "loaded %s", ed.level_path);
    else
        snprintf(ed.message, sizeof ed.message, "%s", grip_engine_errmsg(ed.engine));  // line and column
    free(text);
}

// The sprite a box shows: its user_data (kept by scene files, unlike ids).
int sprite_of(const Editor &ed, grip_box box) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    if (grip_box_describe(ed.engine, box, &d) != GRIP_OK || d.user_data >= (uint64_t)kSpriteCount) return -1;
    return (int)d.user_data;
}

// Snapping to the other sprites' edges, centres and equal gaps (guides drawn by the adapter),
// resizes included; ctrl held bypasses it.
void set_snapping(Editor &ed) {
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    d.flags = ed.snap ? GRIP_SNAP_EDGES | GRIP_SNAP_CENTERS | GRIP_SNAP_GAPS | GRIP_SNAP_WHILE_RESIZING : 0;
    grip_engine_set_snapping(ed.engine, &d);
}

// A brick pattern for the ground and platforms (SDL texture: the renderer's ImTextureID).
SDL_Texture *make_bricks(SDL_Renderer *r) {
    const int w = 64, h = 32;
    static uint32_t px[w * h];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int row = y / 8, shift = row % 2 ? 8 : 0;
            bool mortar = y % 8 == 0 || (x + shift) % 16 == 0;
            unsigned char v = (unsigned char)(mortar ? 200 : 150 + ((x * 7 + y * 13) % 20));
            unsigned char g = (unsigned char)(mortar ? 190 : 95 + ((x * 3 + y * 5) % 15));
            unsigned char b = (unsigned char)(mortar ? 170 : 60);
            px[y * w + x] = 0xFF000000u | (uint32_t)b << 16 | (uint32_t)g << 8 | v;  // R, G, B, A bytes
        }
    SDL_Texture *t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, w, h);
    if (t) SDL_UpdateTexture(t, nullptr, px, w * 4);
    return t;
}

bool build_scene(Editor &ed) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 1100;
    d.height = 640;
    d.selection = GRIP_SELECTION_POINTER;
    if (grip_engine_create(&d, &ed.engine) != GRIP_OK) {
        fprintf(stderr, "grip-imgui-editor: %s\n", grip_engine_errmsg(nullptr));
        return false;
    }
    for (int i = 0; i < kSpriteCount; i++) {
        const Sprite &s = kSprites[i];
        grip_box_desc b;
        grip_box_desc_init(&b);
        b.x = s.x;
        b.y = s.y;
        b.width = s.w;
        b.height = s.h;
        b.rotation = s.rotation;
        b.user_data = (uint64_t)i;
        b.rotation_snap = M_PI / 12;
        if (grip_box_create(ed.engine, &b, &ed.ids[i]) != GRIP_OK) {
            fprintf(stderr, "grip-imgui-editor: %s\n", grip_engine_errmsg(ed.engine));
            return false;
        }
    }
    set_snapping(ed);
    GripImGui_Init(&ed.gi, ed.engine);
    return true;
}

// The game's part: the background and the sprites (BOX commands), then Grip's overlay; into the
// Scene window's region (clipped by GripImGui_BeginScene) or the background.
void draw_scene(Editor &ed, ImDrawList *list) {
    list->AddRectFilledMultiColor(ed.gi.scene_min, ed.gi.scene_max, IM_COL32(186, 230, 253, 255), IM_COL32(186, 230, 253, 255),
                                  IM_COL32(240, 249, 255, 255), IM_COL32(240, 249, 255, 255));
    // the world's bounds and a grid every 100 world units
    grip_vec2 a = {0, 0}, b = {1100, 640};
    grip_world_to_screen(ed.engine, a, &a);
    grip_world_to_screen(ed.engine, b, &b);
    for (int gx = 0; gx <= 1100; gx += 100) {
        float sx = (float)(a.x + gx * ed.camera.zoom);
        list->AddLine(ImVec2(sx, (float)a.y), ImVec2(sx, (float)b.y), IM_COL32(148, 163, 184, 60));
    }
    for (int gy = 0; gy <= 640; gy += 100) {
        float sy = (float)(a.y + gy * ed.camera.zoom);
        list->AddLine(ImVec2((float)a.x, sy), ImVec2((float)b.x, sy), IM_COL32(148, 163, 184, 60));
    }
    list->AddRect(ImVec2((float)a.x, (float)a.y), ImVec2((float)b.x, (float)b.y), IM_COL32(71, 85, 105, 160));

    grip_frame f;
    if (grip_frame_get(ed.engine, &f) != GRIP_OK) return;
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command &c = f.commands[i];
        if (c.kind != GRIP_CMD_BOX || c.user_data >= (uint64_t)kSpriteCount) continue;
        const Sprite &s = kSprites[c.user_data];
        if (s.textured && ed.bricks) {
            GripImGui_DrawBox(list, &c, (ImTextureID)ed.bricks, IM_COL32_WHITE);
        } else {
            GripImGui_DrawBox(list, &c, 0, s.colour);
        }
        ImVec2 p[4];
        GripImGui_BoxCorners(&c, p);
        list->AddPolyline(p, 4, IM_COL32(15, 23, 42, 90), ImDrawFlags_Closed, 1);
        const ImVec2 mid((p[0].x + p[2].x) / 2, (p[0].y + p[2].y) / 2);
        const ImVec2 ts = ImGui::CalcTextSize(s.name);
        list->AddText(ImVec2(mid.x - ts.x / 2, mid.y - ts.y / 2), IM_COL32(15, 23, 42, 220), s.name);
    }
    GripImGui_DrawOverlay(list, &f, &ed.gi.style);
}

// One selected sprite's fields as sliders; a change configures the box (nothing else keeps state).
void sprite_properties(Editor &ed, grip_box box) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    if (grip_box_describe(ed.engine, box, &d) != GRIP_OK) return;
    int i = sprite_of(ed, box);
    ImGui::PushID((int)(box & 0x7FFFFFFF));
    if (ImGui::CollapsingHeader(i >= 0 ? kSprites[i].name : "box", ImGuiTreeNodeFlags_DefaultOpen)) {
        float x = (float)d.x, y = (float)d.y, w = (float)d.width, h = (float)d.height;
        float deg = (float)(d.rotation * 180 / M_PI), scale = (float)d.scale;
        bool changed = false;
        changed |= ImGui::SliderFloat("x", &x, -200, 1300, "%.1f");
        changed |= ImGui::SliderFloat("y", &y, -200, 840, "%.1f");
        changed |= ImGui::SliderFloat("width", &w, (float)d.min_width, 1000, "%.1f");
        changed |= ImGui::SliderFloat("height", &h, (float)d.min_height, 600, "%.1f");
        changed |= ImGui::SliderFloat("rotation", &deg, -180, 180, "%.1f deg");
        changed |= ImGui::SliderFloat("scale", &scale, (float)d.min_scale, 4, "%.2f");
        if (changed) {
            d.x = x;
            d.y = y;
            d.width = w;
            d.height = h;
            d.rotation = deg * M_PI / 180;
            d.scale = scale;
            if (grip_box_configure(ed.engine, box, &d) != GRIP_OK)
                ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", grip_engine_errmsg(ed.engine));
        }
    }
    ImGui::PopID();
}

void windows(Editor &ed) {
    ImGui::SetNextWindowPos(ImVec2(12, 12), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 440), ImGuiCond_FirstUseEver);
    ImGui::Begin("Properties");
    // History: Grip's own (every gesture, nudge run and reset is a step; ctrl-z / ctrl-shift-z
    // reach it through the adapter too). A slider's configure is the host's own edit: it drops
    // that box from the history.
    size_t undo = 0, redo = 0;
    grip_history_depth(ed.engine, &undo, &redo);
    ImGui::BeginDisabled(undo == 0);
    if (ImGui::Button("Undo")) grip_undo(ed.engine);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(redo == 0);
    if (ImGui::Button("Redo")) grip_redo(ed.engine);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("%zu / %zu steps", undo, redo);
    // The level as a scene file (grip_scene_save / grip_scene_load).
    if (ImGui::Button("Save")) save_level(ed);
    ImGui::SameLine();
    if (ImGui::Button("Load")) load_level(ed);
    ImGui::SameLine();
    ImGui::TextDisabled("%s", ed.level_path);
    if (ed.message[0]) ImGui::TextWrapped("%s", ed.message);
    if (ImGui::Checkbox("Snap to sprites (ctrl: off)", &ed.snap)) set_snapping(ed);
    ImGui::Separator();
    grip_box sel[16];
    size_t count = 0;
    grip_selection_get(ed.engine, sel, 16, &count);
    if (count == 0) ImGui::TextWrapped("Click a sprite, shift-click to add, or drag a marquee.");
    if (count > 1) {
        grip_selection_state st = grip_selection_state();
        st.struct_size = sizeof st;
        grip_selection_state_get(ed.engine, &st);
        ImGui::Text("%zu selected: %.0f x %.0f at (%.0f, %.0f)", st.count, st.width, st.height, st.center.x,
                    st.center.y);
    }
    for (size_t i = 0; i < count && i < 16; i++) sprite_properties(ed, sel[i]);
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(12, 464), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(300, 120), ImGuiCond_FirstUseEver);
    ImGui::Begin("Camera");
    float zoom = (float)ed.camera.zoom;
    if (ImGui::SliderFloat("zoom", &zoom, 0.125f, 8, "%.2f", ImGuiSliderFlags_Logarithmic)) {
        const ImVec2 c = ImGui::GetIO().DisplaySize;
        ed.camera.zoom_about(zoom / ed.camera.zoom, c.x / 2, c.y / 2);
    }
    ImGui::Text("pan (%.0f, %.0f)", ed.camera.x, ed.camera.y);
    if (ImGui::Button("Reset camera")) ed.camera = ed.in_window ? Camera::in_window() : Camera();
    ImGui::TextDisabled("right drag: pan, wheel: zoom");
    ImGui::End();
}

// The camera: right or middle drag pans, the wheel zooms about the mouse (over the scene only:
// in a window, while the pointer is over its region with nothing of ImGui's above it).
void camera_input(Editor &ed, bool over_scene) {
    ImGuiIO &io = ImGui::GetIO();
    if (over_scene && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle)))
        ed.panning = true;
    if (ed.panning) {
        ed.camera.x += io.MouseDelta.x;
        ed.camera.y += io.MouseDelta.y;
        if (!io.MouseDown[ImGuiMouseButton_Right] && !io.MouseDown[ImGuiMouseButton_Middle]) ed.panning = false;
    }
    if (over_scene && io.MouseWheel != 0)
        ed.camera.zoom_about(pow(1.15, io.MouseWheel), io.MousePos.x - ed.gi.scene_min.x, io.MousePos.y - ed.gi.scene_min.y);
}

// The Scene window: the level in its content region (its camera moved there by the adapter).
void scene_window(Editor &ed, double now) {
    ImGui::SetNextWindowPos(ImVec2(324, 12), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(944, 696), ImGuiCond_FirstUseEver);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2, 2));
    ImGui::Begin("Scene", nullptr, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    const grip_affine view = ed.camera.view();
    GripImGui_BeginScene(&ed.gi, "level", now, &view);
    camera_input(ed, ed.gi.scene_hovered || ed.panning);
    draw_scene(ed, ImGui::GetWindowDrawList());
    GripImGui_EndScene(&ed.gi);
    ImGui::End();
}

bool save_png(SDL_Renderer *r, const char *path) {
    int w, h;
    SDL_GetRendererOutputSize(r, &w, &h);
    unsigned char *px = (unsigned char *)malloc((size_t)w * h * 4);
    bool ok = px && SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_RGBA32, px, w * 4) == 0 &&
              png_write_rgba(path, px, w, h, (size_t)w * 4) == 0;
    free(px);
    if (ok) printf("grip-imgui-editor: wrote %s (%d x %d)\n", path, w, h);
    return ok;
}

// The scripted edit behind --screenshot: zoom the camera a little, select the player, a coin and
// the enemy, drag the three together by the coin (one undo step), and turn and heighten the player
// from its properties.
void scripted_edit(Editor &ed, double t0) {
    if (!ed.in_window) {  // (in the Scene window the adapter set the view already)
        ed.camera.zoom_about(1.05, 800, 400);
        ed.camera.apply(ed.engine);
    }
    grip_select(ed.engine, ed.ids[3], GRIP_SELECT_REPLACE);
    grip_select(ed.engine, ed.ids[5], GRIP_SELECT_ADD);
    grip_select(ed.engine, ed.ids[4], GRIP_SELECT_ADD);
    grip_vec2 coin = {538, 238}, p;
    grip_world_to_screen(ed.engine, coin, &p);
    for (int i = 0; i <= 10; i++) {
        grip_pointer_event ev = {i == 0 ? GRIP_PHASE_DOWN : GRIP_PHASE_MOVE, 1, p.x - 3 * i, p.y + 1 * i, t0 + 0.002 * i, 0};
        grip_dispatch_pointer(ed.engine, &ev, nullptr);
    }
    grip_pointer_event up = {GRIP_PHASE_UP, 1, p.x - 30, p.y + 10, t0 + 0.022, 0};
    grip_dispatch_pointer(ed.engine, &up, nullptr);
    grip_box_desc d;
    grip_box_desc_init(&d);
    grip_box_describe(ed.engine, ed.ids[3], &d);
    d.rotation = 0.2;
    d.height = 96;
    grip_box_configure(ed.engine, ed.ids[3], &d);
}

}  // namespace

int main(int argc, char **argv) {
    const char *shot = nullptr, *level = nullptr;
    bool background = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) shot = argv[++i];
        else if (!strcmp(argv[i], "--background")) background = true;
        else if (!strcmp(argv[i], "--level") && i + 1 < argc) level = argv[++i];
        else {
            bool help = !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
            fprintf(help ? stdout : stderr,
                    "usage: grip-imgui-editor [--level FILE.json] [--background] [--screenshot OUT.png]\n");
            return help ? 0 : 2;
        }
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "grip-imgui-editor: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("Grip level editor (Dear ImGui)", SDL_WINDOWPOS_CENTERED,
                                          SDL_WINDOWPOS_CENTERED, 1280, 720, SDL_WINDOW_RESIZABLE);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC) : nullptr;
    if (window && !renderer) renderer = SDL_CreateRenderer(window, -1, 0);
    if (!renderer) {
        fprintf(stderr, "grip-imgui-editor: %s\n", SDL_GetError());
        return 1;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsLight();
    ImGui_ImplSDL2_InitForSDLRenderer(window);
    if (!ImGuiRenderSDL_Init(renderer)) {
        fprintf(stderr, "grip-imgui-editor: font texture: %s\n", SDL_GetError());
        return 1;
    }

    Editor ed;
    ed.in_window = !background;
    if (ed.in_window) ed.camera = Camera::in_window();
    if (!build_scene(ed)) return 1;
    if (level) {
        ed.level_path = level;
        load_level(ed);
    }
    ed.bricks = make_bricks(renderer);
    const Uint64 start = SDL_GetPerformanceCounter();
    const double freq = (double)SDL_GetPerformanceFrequency();
    int frames = 0, status = 0;
    bool running = true;
    if (shot && !ed.in_window) scripted_edit(ed, 0);
    double now = 0;
    while (running) {
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (!shot) now = fmax(now, (double)(SDL_GetPerformanceCounter() - start) / freq);
            if (GripImGui_ProcessSDLFinger(&ed.gi, &ev, now)) continue;  // a finger Grip took
            ImGui_ImplSDL2_ProcessEvent(&ev);
            if (ev.type == SDL_QUIT) running = false;
            if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
                GripImGui_Cancel(&ed.gi, ImGui::GetTime());
        }
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        now = shot ? 1.0 + 0.05 * frames : fmax(now, (double)(SDL_GetPerformanceCounter() - start) / freq);
        if (ed.in_window) {
            windows(ed);
            scene_window(ed, now);
        } else {
            camera_input(ed, !ImGui::GetIO().WantCaptureMouse);
            ed.camera.apply(ed.engine);
            GripImGui_NewFrame(&ed.gi, now);
            draw_scene(ed, ImGui::GetBackgroundDrawList());
            windows(ed);
        }
        ImGui::Render();
        SDL_SetRenderDrawColor(renderer, 240, 249, 255, 255);
        SDL_RenderClear(renderer);
        ImGuiRenderSDL_Draw(ImGui::GetDrawData());
        frames++;
        if (shot && ed.in_window && frames == 1) scripted_edit(ed, now);  // the view is the Scene window's now
        if (shot && frames == 5) {                                        // ImGui lays windows out over the first frames
            status = save_png(renderer, shot) ? 0 : 1;
            running = false;
        }
        SDL_RenderPresent(renderer);
    }
    ImGuiRenderSDL_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    grip_engine_destroy(ed.engine);
    if (ed.bricks) SDL_DestroyTexture(ed.bricks);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
