// grip_imgui.cpp: the Dear ImGui adapter for Grip (see grip_imgui.h).
#include "grip_imgui.h"

#include <math.h>
#include <string.h>

#include "../dashes/grip_dashes.h"  // the visible dashes of a border
#include "imgui_internal.h"         // the windows' rectangles and order, for where a finger lands

void GripImGui_DefaultStyle(GripImGuiStyle *s) {
    s->ants_under = IM_COL32(255, 255, 255, 230);
    s->border = IM_COL32(37, 99, 235, 255);
    s->selection_border = IM_COL32(124, 58, 237, 255);
    s->handle = IM_COL32(255, 255, 255, 255);
    s->handle_ring = IM_COL32(30, 41, 59, 140);
    s->handle_accent = IM_COL32(37, 99, 235, 255);
    s->selection_accent = IM_COL32(124, 58, 237, 255);
    s->handle_hot = IM_COL32(249, 115, 22, 255);
    s->indicator = IM_COL32(16, 185, 129, 255);
    s->guide = IM_COL32(236, 72, 153, 255);
    s->gap = IM_COL32(236, 72, 153, 255);
    s->outline = IM_COL32(59, 130, 246, 255);
    s->outline_hover = IM_COL32(96, 165, 250, 200);
    s->marquee_fill = IM_COL32(59, 130, 246, 40);
    s->marquee_edge = IM_COL32(59, 130, 246, 220);
}

void GripImGui_Init(GripImGui *gi, grip_engine *engine) {
    *gi = GripImGui();
    gi->engine = engine;
    GripImGui_DefaultStyle(&gi->style);
    gi->empty_presses_to_grip = true;
    gi->set_cursor = true;
    gi->keyboard = true;
    gi->undo_shortcuts = true;
    gi->button = ImGuiMouseButton_Left;
    gi->pointer = 1;
    gi->finger_pointer = 100;
    gi->last_status = GRIP_OK;
}

static uint32_t modifiers(const ImGuiIO &io) {
    uint32_t m = 0;
    if (io.KeyShift) m |= GRIP_MOD_SHIFT;
    if (io.KeyAlt) m |= GRIP_MOD_ALT;
    if (io.KeyCtrl) m |= GRIP_MOD_CTRL;
    if (io.KeySuper) m |= GRIP_MOD_META;
    return m;
}

static bool send_as(GripImGui *gi, uint32_t pointer, grip_phase phase, ImVec2 p, double time, uint32_t mods) {
    grip_pointer_event ev = {phase, pointer, p.x, p.y, time, mods};
    bool consumed = false;
    gi->last_status = grip_dispatch_pointer(gi->engine, &ev, &consumed);
    return consumed;
}
static bool send(GripImGui *gi, grip_phase phase, ImVec2 p, double time, uint32_t mods) {
    return send_as(gi, gi->pointer, phase, p, time, mods);
}

// Whether a press at screen point p lands on a box or handle.
static bool on_box(GripImGui *gi, ImVec2 p) {
    grip_vec2 world = {p.x, p.y};
    grip_hit hit = {GRIP_NO_BOX, GRIP_HANDLE_NONE};
    if (grip_screen_to_world(gi->engine, grip_vec2{p.x, p.y}, &world) == GRIP_OK)
        grip_hit_test(gi->engine, world.x, world.y, &hit);
    return hit.box != GRIP_NO_BOX;
}

static void send_key(GripImGui *gi, grip_phase phase, grip_key key, uint32_t mods, double time) {
    grip_key_event ev = {phase, key, mods, time};
    bool consumed = false;
    gi->last_status = grip_dispatch_key(gi->engine, &ev, &consumed);
    if (consumed) gi->key_was_grips = true;
}

static bool pressed(ImGuiKey key, bool repeat) {
    const int index = ImGui::GetKeyIndex(key);
    return index >= 0 && ImGui::IsKeyPressed(index, repeat);
}
static bool released(ImGuiKey key) {
    const int index = ImGui::GetKeyIndex(key);
    return index >= 0 && ImGui::IsKeyReleased(index);
}

// This frame's keys: modifier changes first (so a drag of the same frame sees them), then the
// arrows, Escape, Tab and the undo shortcuts.
static void keys(GripImGui *gi, const ImGuiIO &io, double time, bool ours) {
    const uint32_t now = modifiers(io);
    static const struct {
        uint32_t mod;
        grip_key key;
    } mod_keys[4] = {
        {GRIP_MOD_SHIFT, GRIP_KEY_SHIFT}, {GRIP_MOD_ALT, GRIP_KEY_ALT}, {GRIP_MOD_CTRL, GRIP_KEY_CTRL}, {GRIP_MOD_META, GRIP_KEY_META}};
    for (int i = 0; i < 4; i++) {
        const uint32_t m = mod_keys[i].mod;
        if ((gi->mods_ & m) && !(now & m)) {  // up: always, so Grip never keeps one held
            gi->mods_ &= ~m;
            send_key(gi, GRIP_PHASE_UP, mod_keys[i].key, gi->mods_, time);
        } else if (!(gi->mods_ & m) && (now & m) && ours) {
            gi->mods_ |= m;
            send_key(gi, GRIP_PHASE_DOWN, mod_keys[i].key, gi->mods_, time);
        }
    }
    if (!ours) return;
    static const struct {
        ImGuiKey imgui;
        grip_key key;
    } plain[6] = {
        {ImGuiKey_LeftArrow, GRIP_KEY_LEFT}, {ImGuiKey_RightArrow, GRIP_KEY_RIGHT}, {ImGuiKey_UpArrow, GRIP_KEY_UP}, {ImGuiKey_DownArrow, GRIP_KEY_DOWN}, {ImGuiKey_Escape, GRIP_KEY_ESCAPE}, {ImGuiKey_Tab, GRIP_KEY_TAB}};
    for (int i = 0; i < 6; i++) {
        if (pressed(plain[i].imgui, true)) send_key(gi, GRIP_PHASE_DOWN, plain[i].key, gi->mods_, time);
        if (released(plain[i].imgui)) send_key(gi, GRIP_PHASE_UP, plain[i].key, gi->mods_, time);
    }
    if (gi->undo_shortcuts && (io.KeyCtrl || io.KeySuper) && !gi->grip_has_mouse && gi->fingers_held == 0) {
        grip_status s = GRIP_DONE;
        if (pressed(ImGuiKey_Z, true)) s = io.KeyShift ? grip_redo(gi->engine) : grip_undo(gi->engine);
        else if (pressed(ImGuiKey_Y, true)) s = grip_redo(gi->engine);
        if (s == GRIP_OK) gi->key_was_grips = true;
    }
}

// Where the pointer goes when it leaves the scene: far outside any box, within Grip's 1e9 range.
static const ImVec2 far_away(-1.0e6f, -1.0e6f);

// A resize cursor for the handle under the mouse (the frame's HOVER / ACTIVE handle).
static void update_cursor(GripImGui *gi) {
    grip_frame f;
    if (grip_frame_get(gi->engine, &f) != GRIP_OK) return;
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command &c = f.commands[i];
        if (c.kind != GRIP_CMD_HANDLE || !(c.state & (GRIP_STATE_HOVER | GRIP_STATE_ACTIVE))) continue;
        if (c.handle == GRIP_HANDLE_ROTATE || c.handle >= GRIP_HANDLE_CUSTOM) {
            ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            return;
        }
        // cursor_angle modulo pi, to the nearest of the four double arrows (y grows down)
        double a = fmod(c.cursor_angle, M_PI);
        if (a < 0) a += M_PI;
        int k = (int)floor(a / (M_PI / 4) + 0.5) % 4;
        static const ImGuiMouseCursor cursors[4] = {ImGuiMouseCursor_ResizeEW, ImGuiMouseCursor_ResizeNWSE,
                                                    ImGuiMouseCursor_ResizeNS, ImGuiMouseCursor_ResizeNESW};
        ImGui::SetMouseCursor(cursors[k]);
        return;
    }
}

// This frame's keys and mouse, given whether the mouse is over the scene with nothing of ImGui's
// above it and whether keys are Grip's; then the timer.
static bool input(GripImGui *gi, double time, bool over_scene, bool keys_ours) {
    ImGuiIO &io = ImGui::GetIO();
    const ImVec2 pos = io.MousePos;
    const bool valid = ImGui::IsMousePosValid(&pos);
    const uint32_t mods = modifiers(io);
    gi->press_was_grips = gi->press_was_games = gi->key_was_grips = false;
    gi->scene_hovered = over_scene;
    if (gi->keyboard) keys(gi, io, time, keys_ours);
    // A touch moves the mouse too (the platform's emulation): the fingers are Grip's already.
    const bool touch = gi->touched_ || gi->fingers_held > 0;
    gi->touched_ = false;

    if (touch && !gi->grip_has_mouse) {
        // the mouse is the touch's: no press, no hover
    } else if (gi->grip_has_mouse) {
        // Grip's press: every move and the release are Grip's, wherever the mouse is.
        const ImVec2 p = valid ? pos : gi->last_pos_;
        if (p.x != gi->last_pos_.x || p.y != gi->last_pos_.y) send(gi, GRIP_PHASE_MOVE, p, time, mods);
        gi->last_pos_ = p;
        if (!io.MouseDown[gi->button]) {
            send(gi, GRIP_PHASE_UP, p, time, mods);
            gi->grip_has_mouse = false;
        }
    } else if (io.MouseClicked[gi->button] && valid) {
        if (over_scene) {
            // Over the scene: Grip's when a box or handle is there (or it takes empty places).
            if (on_box(gi, pos) || gi->empty_presses_to_grip) {
                if (gi->hovering_ && (pos.x != gi->last_pos_.x || pos.y != gi->last_pos_.y))
                    send(gi, GRIP_PHASE_MOVE, pos, time, mods);
                send(gi, GRIP_PHASE_DOWN, pos, time, mods);
                if (gi->last_status == GRIP_OK) {
                    gi->grip_has_mouse = true;
                    gi->press_was_grips = true;
                    gi->hovering_ = true;
                    gi->last_pos_ = pos;
                }
            } else {
                gi->press_was_games = true;
            }
        }
    } else if (!io.MouseDown[gi->button]) {
        // Hover: over the scene, the pointer's moves; leaving it, one move far away.
        if (over_scene && (!gi->hovering_ || pos.x != gi->last_pos_.x || pos.y != gi->last_pos_.y)) {
            send(gi, GRIP_PHASE_MOVE, pos, time, mods);
            gi->hovering_ = true;
            gi->last_pos_ = pos;
        } else if (!over_scene && gi->hovering_) {
            send(gi, GRIP_PHASE_MOVE, far_away, time, mods);
            gi->hovering_ = false;
            gi->last_pos_ = far_away;
        }
    }
    grip_status s = grip_dispatch_timer(gi->engine, time);
    if (s != GRIP_OK) gi->last_status = s;
    if (gi->set_cursor && (gi->grip_has_mouse || (gi->hovering_ && over_scene))) update_cursor(gi);
    return gi->grip_has_mouse;
}

bool GripImGui_NewFrame(GripImGui *gi, double time) {
    ImGuiIO &io = ImGui::GetIO();
    const ImVec2 pos = io.MousePos;
    gi->in_window_ = false;
    gi->scene_min = ImVec2(0, 0);
    gi->scene_max = io.DisplaySize;
    return input(gi, time, ImGui::IsMousePosValid(&pos) && !io.WantCaptureMouse, !io.WantCaptureKeyboard);
}

bool GripImGui_BeginScene(GripImGui *gi, const char *id, double time, const grip_affine *view, ImVec2 size) {
    ImGuiIO &io = ImGui::GetIO();
    const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
    if (size.x <= 0) size.x = avail.x > 1 ? avail.x : 1;
    if (size.y <= 0) size.y = avail.y > 1 ? avail.y : 1;
    // One item over the region: ImGui then neither moves the window nor starts anything else
    // from a press there, and tells whether the mouse is over it with nothing above.
    ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    gi->in_window_ = true;
    gi->scene_window_ = ImGui::GetCurrentWindow()->RootWindow->ID;
    gi->scene_min = origin;
    gi->scene_max = ImVec2(origin.x + size.x, origin.y + size.y);
    grip_affine v = view ? *view : grip_affine{1, 0, 0, 1, 0, 0};
    v.tx += origin.x;
    v.ty += origin.y;
    if (!gi->view_set_ || memcmp(&v, &gi->view_, sizeof v) != 0) {
        grip_status s = grip_engine_set_view(gi->engine, &v);
        if (s == GRIP_OK) {
            gi->view_ = v;
            gi->view_set_ = true;
        } else {
            gi->last_status = s;
        }
    }
    const ImVec2 pos = io.MousePos;
    const bool keys_ours = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
                           (!io.WantCaptureKeyboard || active) && !io.WantTextInput;
    const bool held = input(gi, time, ImGui::IsMousePosValid(&pos) && hovered, keys_ours);
    ImGui::GetWindowDrawList()->PushClipRect(gi->scene_min, gi->scene_max, true);
    return held;
}

void GripImGui_EndScene(GripImGui *) { ImGui::GetWindowDrawList()->PopClipRect(); }

// ---- touch ---------------------------------------------------------------------------------------

// Whether a finger at p lands in the scene: in the background, where no ImGui window is; in a
// window, in its region where that window is the topmost one.
static bool finger_over_scene(const GripImGui *gi, ImVec2 p) {
    ImGuiContext &g = *GImGui;
    for (int i = g.Windows.Size - 1; i >= 0; i--) {  // front to back
        ImGuiWindow *w = g.Windows[i];
        if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs) || !w->Rect().Contains(p)) continue;
        return gi->in_window_ && w->RootWindow->ID == gi->scene_window_ &&
               ImRect(gi->scene_min, gi->scene_max).Contains(p);
    }
    return !gi->in_window_ && p.x >= gi->scene_min.x && p.y >= gi->scene_min.y && p.x < gi->scene_max.x &&
           p.y < gi->scene_max.y;
}

bool GripImGui_Finger(GripImGui *gi, grip_phase phase, int64_t device, int64_t finger, float x, float y,
                      double time) {
    const int slots = (int)(sizeof gi->fingers_ / sizeof gi->fingers_[0]);
    const ImVec2 p(x, y);
    const uint32_t mods = modifiers(ImGui::GetIO());
    gi->touched_ = true;
    int k = -1;
    for (int i = 0; i < slots; i++)
        if (gi->fingers_[i].held && gi->fingers_[i].device == device && gi->fingers_[i].id == finger) k = i;
    if (phase == GRIP_PHASE_DOWN) {
        if (k >= 0 || !finger_over_scene(gi, p)) return false;
        if (gi->fingers_held == 0 && !gi->empty_presses_to_grip && !on_box(gi, p)) return false;
        for (int i = 0; i < slots && k < 0; i++)
            if (!gi->fingers_[i].held) k = i;
        if (k < 0) return false;
        send_as(gi, gi->finger_pointer + (uint32_t)k, GRIP_PHASE_DOWN, p, time, mods);
        if (gi->last_status != GRIP_OK) return false;
        gi->fingers_[k] = GripImGui::Finger{true, device, finger, p};
        gi->fingers_held++;
        return true;
    }
    if (k < 0) return false;
    if (phase == GRIP_PHASE_MOVE && p.x == gi->fingers_[k].pos.x && p.y == gi->fingers_[k].pos.y) return true;
    send_as(gi, gi->finger_pointer + (uint32_t)k, phase, p, time, mods);
    gi->fingers_[k].pos = p;
    if (phase == GRIP_PHASE_UP || phase == GRIP_PHASE_CANCEL) {
        gi->fingers_[k].held = false;
        gi->fingers_held--;
    }
    return true;
}

void GripImGui_Cancel(GripImGui *gi, double time) {
    for (int i = 0; i < (int)(sizeof gi->fingers_ / sizeof gi->fingers_[0]); i++) {
        if (!gi->fingers_[i].held) continue;
        send_as(gi, gi->finger_pointer + (uint32_t)i, GRIP_PHASE_CANCEL, gi->fingers_[i].pos, time, 0);
        gi->fingers_[i].held = false;
    }
    gi->fingers_held = 0;
    if (!gi->grip_has_mouse) return;
    send(gi, GRIP_PHASE_CANCEL, gi->last_pos_, time, 0);
    gi->grip_has_mouse = false;
}

// ---- drawing ------------------------------------------------------------------------------------

static inline ImVec2 im(grip_vec2 v) { return ImVec2((float)v.x, (float)v.y); }

void GripImGui_BoxCorners(const grip_command *c, ImVec2 out[4]) {
    const grip_affine &t = c->transform;
    const double xs[4] = {0, c->width, c->width, 0}, ys[4] = {0, 0, c->height, c->height};
    for (int i = 0; i < 4; i++)
        out[i] = ImVec2((float)(t.a * xs[i] + t.c * ys[i] + t.tx), (float)(t.b * xs[i] + t.d * ys[i] + t.ty));
}

void GripImGui_DrawBox(ImDrawList *list, const grip_command *c, ImTextureID texture, ImU32 colour) {
    ImVec2 p[4];
    GripImGui_BoxCorners(c, p);
    if (texture)
        list->AddImageQuad(texture, p[0], p[1], p[2], p[3], ImVec2(0, 0), ImVec2(1, 0), ImVec2(1, 1), ImVec2(0, 1),
                           colour);
    else
        list->AddQuadFilled(p[0], p[1], p[2], p[3], colour);
}

// The list's clip rectangle outset by a stroke's width and a pixel: what a stroke can show.
static grip_dashes_rect visible(const ImDrawList *list, float thickness) {
    const ImVec2 lo = list->GetClipRectMin(), hi = list->GetClipRectMax();
    const double m = (thickness > 0 && thickness < 1e4f ? thickness : 1) + 1.0;
    grip_dashes_rect r = {lo.x - m, lo.y - m, hi.x + m, hi.y + m};
    return r;
}

void GripImGui_DrawDashed(ImDrawList *list, const grip_vec2 *v, size_t n, bool closed, float thickness, double on,
                          double off, double phase, ImU32 colour) {
    grip_dashes w;
    grip_vec2 a, b;
    grip_dashes_begin(&w, v, n, closed, on, off, phase, visible(list, thickness));
    while (grip_dashes_next(&w, &a, &b)) list->AddLine(im(a), im(b), colour, thickness);
}

static void polyline(ImDrawList *list, const grip_vec2 *v, size_t n, bool closed, ImU32 colour, float thickness) {
    ImVec2 pts[256];
    const size_t m = n < 256 ? n : 256;
    // Near the visible rectangle (within a screen's width of it): one polyline, joined corners;
    // else each edge's visible part, so nothing far outside reaches the list.
    const grip_dashes_rect r = visible(list, thickness);
    const double near_x = r.max_x - r.min_x + 64, near_y = r.max_y - r.min_y + 64;
    bool near = true;
    for (size_t i = 0; i < m && near; i++)
        near = v[i].x >= r.min_x - near_x && v[i].x <= r.max_x + near_x && v[i].y >= r.min_y - near_y &&
               v[i].y <= r.max_y + near_y;  // false for NaN too
    if (!near) {
        GripImGui_DrawDashed(list, v, m, closed, thickness, 0, 0, 0, colour);  // solid: clipped edges
        return;
    }
    for (size_t i = 0; i < m; i++) pts[i] = im(v[i]);
    list->AddPolyline(pts, (int)m, colour, closed ? ImDrawFlags_Closed : 0, thickness);
}

// Other peers' commands: the colour number the host gave (user_data) picks one of these.
static ImU32 peer_colour(uint64_t n) {
    static const ImU32 palette[6] = {IM_COL32(230, 73, 128, 255), IM_COL32(18, 184, 134, 255),
                                     IM_COL32(250, 176, 5, 255), IM_COL32(121, 80, 242, 255),
                                     IM_COL32(34, 139, 230, 255), IM_COL32(253, 126, 20, 255)};
    return palette[n % 6];
}

// Whether a box already shows an outline or a border this frame (a hover outline would double it).
static bool outlined(const grip_frame *f, grip_box box) {
    for (size_t i = 0; i < f->command_count; i++) {
        const grip_command &c = f->commands[i];
        if (c.box == box && (c.kind == GRIP_CMD_BORDER || (c.kind == GRIP_CMD_OUTLINE && !(c.state & GRIP_STATE_HOVER))))
            return true;
    }
    return false;
}

void GripImGui_DrawOverlay(ImDrawList *list, const grip_frame *f, const GripImGuiStyle *s) {
    for (size_t i = 0; i < f->command_count; i++) {
        const grip_command &c = f->commands[i];
        const grip_vec2 *v = f->vertices + c.first_vertex;
        const bool group = c.box == GRIP_SELECTION;
        const float w = (float)(c.stroke_width > 0 ? c.stroke_width : 1);
        switch (c.kind) {
        case GRIP_CMD_BORDER:
            polyline(list, v, c.vertex_count, true, s->ants_under, w);
            GripImGui_DrawDashed(list, v, c.vertex_count, true, w, c.dash_on, c.dash_off, c.dash_phase,
                                 group ? s->selection_border : s->border);
            break;
        case GRIP_CMD_HANDLE: {
            const bool hot = (c.state & (GRIP_STATE_HOVER | GRIP_STATE_ACTIVE)) != 0;
            const ImVec2 p = im(c.center);
            list->AddCircleFilled(p, (float)c.radius + 1, s->handle_ring, 20);
            list->AddCircleFilled(p, (float)c.radius, s->handle, 20);
            list->AddCircleFilled(p, (float)c.inner_radius, hot ? s->handle_hot : group ? s->selection_accent
                                                                                        : s->handle_accent,
                                  16);
            break;
        }
        case GRIP_CMD_INDICATOR:
            polyline(list, v, c.vertex_count, false, s->indicator, w + 1);
            break;
        case GRIP_CMD_GUIDE:
            if (c.vertex_count >= 2) list->AddLine(im(v[0]), im(v[1]), s->guide, w);
            break;
        case GRIP_CMD_GAP:
            if (c.vertex_count >= 2) {
                // the gap and a tick across each end
                const ImVec2 a = im(v[0]), b = im(v[1]);
                float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
                list->AddLine(a, b, s->gap, w);
                if (len > 0) {
                    const float nx = -dy / len * 5, ny = dx / len * 5;
                    list->AddLine(ImVec2(a.x - nx, a.y - ny), ImVec2(a.x + nx, a.y + ny), s->gap, w);
                    list->AddLine(ImVec2(b.x - nx, b.y - ny), ImVec2(b.x + nx, b.y + ny), s->gap, w);
                }
            }
            break;
        case GRIP_CMD_OUTLINE:
            if (c.state & GRIP_STATE_HOVER) {
                if (!outlined(f, c.box))
                    GripImGui_DrawDashed(list, v, c.vertex_count, true, w, 4, 3, 0, s->outline_hover);
            } else {
                polyline(list, v, c.vertex_count, true, s->outline, w);
            }
            break;
        case GRIP_CMD_MARQUEE:
            if (c.vertex_count >= 3) {
                ImVec2 pts[4];
                for (size_t k = 0; k < 4 && k < c.vertex_count; k++) pts[k] = im(v[k]);
                list->AddConvexPolyFilled(pts, c.vertex_count < 4 ? (int)c.vertex_count : 4, s->marquee_fill);
                polyline(list, v, c.vertex_count, true, s->marquee_edge, 1);
            }
            break;
        case GRIP_CMD_PEER_OUTLINE:  // another peer's selection: solid, in its colour (user_data)
            polyline(list, v, c.vertex_count, true, peer_colour(c.user_data), 2);
            break;
        case GRIP_CMD_PEER_LIVE:  // where another peer's gesture has a box: dashed, in its colour
            GripImGui_DrawDashed(list, v, c.vertex_count, true, 2, 6, 4, 0, peer_colour(c.user_data));
            break;
        case GRIP_CMD_PEER_CURSOR: {  // another peer's pointer: an arrowhead at center
            const ImVec2 p = im(c.center);
            list->AddTriangleFilled(p, ImVec2(p.x, p.y + 14), ImVec2(p.x + 10, p.y + 10), peer_colour(c.user_data));
            break;
        }
        default:  // BOX (the game's content) and kinds newer than this adapter
            break;
        }
    }
}
