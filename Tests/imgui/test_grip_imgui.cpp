// test_grip_imgui.cpp: the Dear ImGui adapter (integrations/imgui) against a headless ImGui
// context (no window, no renderer: the mouse is set in ImGuiIO frame by frame, as a backend does):
// who gets a press, drags that Grip holds over ImGui windows, marquees from empty places, the
// cursor over handles, and the overlay's dashes counted in the draw list.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "grip.hpp"
#include "grip_imgui.h"
#include "grip_imgui_sdl.h"
#include "imgui.h"

namespace {

grip_engine *engine = nullptr;
GripImGui gi;
double now = 0;

// The keys held in the next frames (io.KeysDown indices are ImGuiKey values: main() maps them so).
bool shift = false, ctrl = false;
void hold(ImGuiKey key, bool down) { ImGui::GetIO().KeysDown[key] = down; }

// One ImGui frame with the mouse at (x, y), the left button down or not; a "Tools" window covers
// (400, 300)-(700, 500). Returns what GripImGui_NewFrame returned.
bool frame(float x, float y, bool down) {
    ImGuiIO &io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60;
    io.MousePos = ImVec2(x, y);
    io.MouseDown[0] = down;
    io.KeyShift = shift;
    io.KeyCtrl = ctrl;
    ImGui::NewFrame();
    now += 1.0 / 60;
    bool held = GripImGui_NewFrame(&gi, now);
    ImGui::SetNextWindowPos(ImVec2(400, 300));
    ImGui::SetNextWindowSize(ImVec2(300, 200));
    ImGui::Begin("Tools", nullptr, ImGuiWindowFlags_NoMove);
    ImGui::Text("a window over the scene");
    ImGui::End();
    ImGui::Render();
    return held;
}

grip_box box(double x, double y, double w, double h) {
    grip_box_desc d = grip::box_desc(x, y, w, h);
    grip_box b = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_create(engine, &d, &b), GRIP_OK);
    return b;
}

grip_vec2 centre(grip_box b) {
    grip_box_state s;
    grip_box_state_get(engine, b, &s);
    return s.center;
}

size_t selected() {
    size_t n = 0;
    grip_selection_get(engine, nullptr, 0, &n);
    return n;
}

// A drag of the left button from (x0, y0) to (x1, y1) over 5 frames, released at the end.
void drag(float x0, float y0, float x1, float y1) {
    frame(x0, y0, false);
    frame(x0, y0, true);
    for (int i = 1; i <= 5; i++) frame(x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5, true);
    frame(x1, y1, false);
}

void presses() {
    grip_box a = box(100, 100, 200, 100);      // centre (200, 150)
    grip_box under = box(450, 350, 100, 100);  // under the Tools window, centre (500, 400)
    frame(10, 10, false);                      // ImGui learns where its window is
    frame(10, 10, false);

    // A press on a box is Grip's: the box follows the drag, and is selected.
    frame(150, 150, false);
    CHECK(frame(150, 150, true));
    CHECK(gi.press_was_grips && !gi.press_was_games);
    for (int i = 1; i <= 4; i++) frame(150 + 10.0f * i, 150 + 5.0f * i, true);
    CHECK(gi.grip_has_mouse);
    frame(190, 170, false);
    CHECK(!gi.grip_has_mouse);
    CHECK_NEAR(centre(a).x, 240, 1e-9);
    CHECK_NEAR(centre(a).y, 170, 1e-9);
    CHECK_INT(selected(), 1);

    // A press over the ImGui window is ImGui's, even with a box under it: nothing moves.
    drag(500, 400, 560, 430);
    CHECK(!gi.grip_has_mouse);
    CHECK_NEAR(centre(under).x, 500, 1e-9);
    CHECK_NEAR(centre(under).y, 400, 1e-9);
    CHECK_INT(selected(), 1);  // still a's selection

    // A press Grip took stays Grip's over the window: a dragged to (540, 380), inside it.
    drag(240, 170, 540, 380);
    CHECK_NEAR(centre(a).x, 540, 1e-9);
    CHECK_NEAR(centre(a).y, 380, 1e-9);
    drag(540, 380, 240, 170);  // back out (the press is on a, over the window: ImGui's)
    CHECK_NEAR(centre(a).x, 540, 1e-9);

    // Empty places: the game's when empty_presses_to_grip is off ...
    gi.empty_presses_to_grip = false;
    frame(50, 550, false);
    frame(50, 550, true);
    CHECK(gi.press_was_games && !gi.press_was_grips && !gi.grip_has_mouse);
    frame(50, 550, false);
    CHECK_INT(selected(), 1);
    // ... and Grip's when it is on: a tap there clears the selection, a drag draws a marquee.
    gi.empty_presses_to_grip = true;
    drag(50, 550, 52, 551);
    CHECK_INT(selected(), 0);
    // A marquee from (20, 20) ending over the window (Grip holds the press) at (445, 340): it
    // meets a (now 440..640 x 330..430) and not `under` (450..550 x 350..450).
    drag(20, 20, 445, 340);
    grip_box sel[2] = {GRIP_NO_BOX, GRIP_NO_BOX};
    size_t n = 0;
    grip_selection_get(engine, sel, 2, &n);
    CHECK_INT(n, 1);
    CHECK(sel[0] == a);
}

void cursor() {
    // One selected box at (100, 100)-(300, 200): its right handle at (300, 150) points east-west.
    grip_box b = box(100, 100, 200, 100);
    CHECK_STATUS(grip_select(engine, b, GRIP_SELECT_REPLACE), GRIP_OK);
    frame(300, 150, false);
    frame(300, 150, false);
    CHECK_INT(ImGui::GetMouseCursor(), ImGuiMouseCursor_ResizeEW);
    frame(300, 200, false);  // the bottom-right corner
    CHECK_INT(ImGui::GetMouseCursor(), ImGuiMouseCursor_ResizeNWSE);
    frame(200, 200, false);  // the bottom edge
    CHECK_INT(ImGui::GetMouseCursor(), ImGuiMouseCursor_ResizeNS);
    // The bottom-right handle dragged by (40, 30): 240 x 130, the top-left corner kept.
    drag(300, 200, 340, 230);
    grip_box_state s;
    grip_box_state_get(engine, b, &s);
    CHECK_NEAR(s.width, 240, 1e-9);
    CHECK_NEAR(s.height, 130, 1e-9);
    CHECK_NEAR(s.corners[0].x, 100, 1e-9);
    grip_box_destroy(engine, b);
}

void keyboard() {
    grip_box b = box(100, 100, 80, 40);  // centre (140, 120)
    CHECK_STATUS(grip_select(engine, b, GRIP_SELECT_REPLACE), GRIP_OK);
    frame(700, 580, false);
    // Right: one nudge_step; the release is a frame later.
    hold(ImGuiKey_RightArrow, true);
    frame(700, 580, false);
    CHECK(gi.key_was_grips);
    hold(ImGuiKey_RightArrow, false);
    frame(700, 580, false);
    CHECK_NEAR(centre(b).x, 141, 0);
    // shift + Down: nudge_step_large (10); shift goes down in Grip first
    shift = true;
    frame(700, 580, false);
    hold(ImGuiKey_DownArrow, true);
    frame(700, 580, false);
    hold(ImGuiKey_DownArrow, false);
    shift = false;
    frame(700, 580, false);
    CHECK_NEAR(centre(b).y, 130, 0);
    // a second later the run is one step; ctrl-z undoes it, ctrl-shift-z redoes it
    now += 1.5;
    frame(700, 580, false);
    size_t undo = 0, redo = 0;
    grip_history_depth(engine, &undo, &redo);
    CHECK_INT(undo, 1);
    ctrl = true;
    frame(700, 580, false);
    hold(ImGuiKey_Z, true);
    frame(700, 580, false);
    CHECK(gi.key_was_grips);
    hold(ImGuiKey_Z, false);
    frame(700, 580, false);
    CHECK_NEAR(centre(b).x, 140, 0);
    CHECK_NEAR(centre(b).y, 120, 0);
    shift = true;
    frame(700, 580, false);
    hold(ImGuiKey_Z, true);
    frame(700, 580, false);
    hold(ImGuiKey_Z, false);
    shift = ctrl = false;
    frame(700, 580, false);
    CHECK_NEAR(centre(b).y, 130, 0);
    // Escape clears the selection (no gesture to cancel)
    hold(ImGuiKey_Escape, true);
    frame(700, 580, false);
    hold(ImGuiKey_Escape, false);
    frame(700, 580, false);
    CHECK_INT(selected(), 0);

    // shift pressed during a corner drag, with no motion: the ratio of the start (2:1) at once
    grip_box r = box(100, 300, 200, 100);  // (100..300, 300..400), bottom-right at (300, 400)
    CHECK_STATUS(grip_select(engine, r, GRIP_SELECT_REPLACE), GRIP_OK);
    frame(300, 400, false);
    frame(300, 400, true);
    frame(340, 460, true);  // freeform: 240 x 160
    grip_box_state st;
    grip_box_state_get(engine, r, &st);
    CHECK_NEAR(st.width, 240, 1e-9);
    CHECK_NEAR(st.height, 160, 1e-9);
    shift = true;
    frame(340, 460, true);  // the same place, shift down
    grip_box_state_get(engine, r, &st);
    CHECK_NEAR(st.width / st.height, 2, 1e-9);
    shift = false;
    frame(340, 460, false);
    grip_box_destroy(engine, r);
    grip_box_destroy(engine, b);
}

// Dashes along a 100-unit open line, on 6, off 6: counted as quads in a list without
// anti-aliasing (4 vertices each).
int dashes(double phase) {
    ImDrawList list(ImGui::GetDrawListSharedData());
    list._ResetForNewFrame();
    list.Flags = ImDrawListFlags_None;
    list.PushClipRectFullScreen();
    list.PushTextureID(ImGui::GetIO().Fonts->TexID);
    grip_vec2 v[2] = {{0, 0}, {100, 0}};
    GripImGui_DrawDashed(&list, v, 2, false, 1, 6, 6, phase, IM_COL32_WHITE);
    return list.VtxBuffer.Size / 4;
}

void overlay() {
    CHECK_INT(dashes(0), 9);              // [0,6] [12,18] ... [96,100]
    CHECK_INT(dashes(3), 9);              // [0,3] [9,15] ... [93,99]
    CHECK_INT(dashes(6), 8);              // [6,12] ... [90,96]
    CHECK_INT(dashes(6 + 12 * 1000), 8);  // the phase is taken modulo the period

    // A frame with one editing box: its border (4 sides of ants over a solid line) and 9 handles
    // (3 discs each) reach the list; the BOX command does not.
    grip_box b = box(100, 100, 200, 100);
    grip_box_set_editing(engine, b, true);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(engine, &f), GRIP_OK);
    ImDrawList list(ImGui::GetDrawListSharedData());
    list._ResetForNewFrame();
    list.Flags = ImDrawListFlags_None;
    list.PushClipRectFullScreen();
    list.PushTextureID(ImGui::GetIO().Fonts->TexID);
    GripImGuiStyle style;
    GripImGui_DefaultStyle(&style);
    GripImGui_DrawOverlay(&list, &f, &style);
    int with_box = list.VtxBuffer.Size;
    CHECK(with_box > 0);
    // The same frame without its BOX commands draws the same: content is the game's.
    grip_command only[64];
    size_t n = 0;
    for (size_t i = 0; i < f.command_count && n < 64; i++)
        if (f.commands[i].kind != GRIP_CMD_BOX) only[n++] = f.commands[i];
    CHECK_INT(n, 10);  // border, 8 resize handles, rotate handle
    grip_frame g = f;
    g.commands = only;
    g.command_count = n;
    ImDrawList list2(ImGui::GetDrawListSharedData());
    list2._ResetForNewFrame();
    list2.Flags = ImDrawListFlags_None;
    list2.PushClipRectFullScreen();
    list2.PushTextureID(ImGui::GetIO().Fonts->TexID);
    GripImGui_DrawOverlay(&list2, &g, &style);
    CHECK_INT(list2.VtxBuffer.Size, with_box);
    // A kind newer than the adapter is skipped.
    only[0].kind = (grip_command_kind)99;
    g.command_count = 1;
    ImDrawList list3(ImGui::GetDrawListSharedData());
    list3._ResetForNewFrame();
    list3.PushClipRectFullScreen();
    list3.PushTextureID(ImGui::GetIO().Fonts->TexID);
    GripImGui_DrawOverlay(&list3, &g, &style);
    CHECK_INT(list3.VtxBuffer.Size, 0);
    // BoxCorners: the BOX command's transform applied to the box's corners.
    for (size_t i = 0; i < f.command_count; i++) {
        if (f.commands[i].kind != GRIP_CMD_BOX) continue;
        ImVec2 p[4];
        GripImGui_BoxCorners(&f.commands[i], p);
        CHECK_NEAR(p[0].x, 100, 1e-4);
        CHECK_NEAR(p[2].x, 300, 1e-4);
        CHECK_NEAR(p[2].y, 200, 1e-4);
    }
}

// ---- borders far larger than the screen ---------------------------------------------------------

// A list without anti-aliasing (a line is one quad, 4 vertices) clipped to 800 x 600.
struct ClippedList {
    ImDrawList list;
    ClippedList() : list(ImGui::GetDrawListSharedData()) {
        list._ResetForNewFrame();
        list.Flags = ImDrawListFlags_None;
        list.PushClipRect(ImVec2(0, 0), ImVec2(800, 600));
        list.PushTextureID(ImGui::GetIO().Fonts->TexID);
    }
};

void clipped_dashes() {
    // From x = -1000 to 100 at y = 5, on 6, off 6 from phase 0: dash k covers x from -1000 + 12k
    // to -994 + 12k; the list shows x from -2 (its clip rectangle outset by the width, 1, and a
    // pixel): dashes 83 ([-4, 2], cut to [-2, 2]) to 91 ([92, 98]), 9 quads.
    {
        ClippedList c;
        grip_vec2 v[2] = {{-1000, 5}, {100, 5}};
        GripImGui_DrawDashed(&c.list, v, 2, false, 1, 6, 6, 0, IM_COL32_WHITE);
        CHECK_INT(c.list.VtxBuffer.Size, 9 * 4);
        float lo = 1e9f, hi = -1e9f;
        for (int i = 0; i < c.list.VtxBuffer.Size; i++) {
            lo = c.list.VtxBuffer[i].pos.x < lo ? c.list.VtxBuffer[i].pos.x : lo;
            hi = c.list.VtxBuffer[i].pos.x > hi ? c.list.VtxBuffer[i].pos.x : hi;
        }
        CHECK_NEAR(hi - lo, 98 - -2, 1e-4);  // from the cut end at -2 to dash 91's end at 98
    }
    // A 4e7-long edge through the screen: only what shows, 800 / 12 + 1 dashes at most.
    {
        ClippedList c;
        grip_vec2 v[2] = {{-2e7, 300}, {2e7, 300}};
        GripImGui_DrawDashed(&c.list, v, 2, false, 1, 6, 6, 0, IM_COL32_WHITE);
        CHECK(c.list.VtxBuffer.Size >= 66 * 4 && c.list.VtxBuffer.Size <= 69 * 4);
    }
    // Non-finite vertices draw nothing and do not crash.
    {
        ClippedList c;
        grip_vec2 v[3] = {{NAN, 300}, {INFINITY, 300}, {-INFINITY, NAN}};
        GripImGui_DrawDashed(&c.list, v, 3, true, 1, 6, 6, 0, IM_COL32_WHITE);
        CHECK_INT(c.list.VtxBuffer.Size, 0);
    }

    // One editing box 1e9 units wide at zoom 10 (its border 1e10 pixels a side), its top edge across
    // the screen at y = 300 and its other edges far off it: the overlay of its frame is a few
    // thousand vertices (the visible dashes of one edge, the handles), drawn in well under a second.
    grip_affine zoom = {10, 0, 0, 10, -1e9, 300};
    CHECK_STATUS(grip_engine_set_view(engine, &zoom), GRIP_OK);
    grip_box b = box(0, 0, 1e9, 1e9);
    CHECK_STATUS(grip_box_set_editing(engine, b, true), GRIP_OK);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(engine, &f), GRIP_OK);
    GripImGuiStyle style;
    GripImGui_DefaultStyle(&style);
    ClippedList c;
    const clock_t t0 = clock();
    GripImGui_DrawOverlay(&c.list, &f, &style);
    const double took = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CHECK(took < 0.25);
    CHECK(c.list.VtxBuffer.Size < 20000);
    printf("  an editing 1e9-unit box at zoom 10: %d ImGui vertices in %.4f s\n", c.list.VtxBuffer.Size, took);
    grip_affine identity = {1, 0, 0, 1, 0, 0};
    grip_box_destroy(engine, b);
    CHECK_STATUS(grip_engine_set_view(engine, &identity), GRIP_OK);
}

// ---- a scene inside an ImGui window --------------------------------------------------------------

// The camera of the scene window: world -> the region's pixels, zoom 0.5 and moved by (10, 20).
const grip_affine scene_view = {0.5, 0, 0, 0.5, 10, 20};
ImVec2 scene_window_pos;
bool scene_clip_ok = false;

// One frame with the scene in a "Scene" window at (200, 100), 400 x 300 (a toolbar line above the
// region), and a "Tools" window over its bottom-right part at (500, 300), 200 x 150.
bool scene_frame(float x, float y, bool down) {
    ImGuiIO &io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60;
    io.MousePos = ImVec2(x, y);
    io.MouseDown[0] = down;
    io.KeyShift = shift;
    io.KeyCtrl = ctrl;
    ImGui::NewFrame();
    now += 1.0 / 60;
    ImGui::SetNextWindowPos(ImVec2(200, 100), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(400, 300), ImGuiCond_FirstUseEver);
    ImGui::Begin("Scene", nullptr, ImGuiWindowFlags_NoBringToFrontOnFocus);  // Tools stays in front
    scene_window_pos = ImGui::GetWindowPos();
    ImGui::Text("toolbar");
    bool held = GripImGui_BeginScene(&gi, "scene", now, &scene_view);
    ImDrawList *dl = ImGui::GetWindowDrawList();
    scene_clip_ok = dl->GetClipRectMin().x == gi.scene_min.x && dl->GetClipRectMin().y == gi.scene_min.y &&
                    dl->GetClipRectMax().x == gi.scene_max.x && dl->GetClipRectMax().y == gi.scene_max.y;
    grip_frame f;
    if (grip_frame_get(engine, &f) == GRIP_OK) GripImGui_DrawOverlay(dl, &f, &gi.style);
    GripImGui_EndScene(&gi);
    ImGui::End();
    ImGui::SetNextWindowPos(ImVec2(500, 300));
    ImGui::SetNextWindowSize(ImVec2(200, 150));
    ImGui::Begin("Tools", nullptr, ImGuiWindowFlags_NoMove);
    ImGui::Text("a window over the scene window");
    ImGui::End();
    ImGui::Render();
    return held;
}

// World point -> where the scene window shows it (the region's origin + the camera).
ImVec2 shown(double wx, double wy) {
    return ImVec2((float)(gi.scene_min.x + 0.5 * wx + 10), (float)(gi.scene_min.y + 0.5 * wy + 20));
}

void scene_drag(ImVec2 a, ImVec2 b) {
    scene_frame(a.x, a.y, false);
    scene_frame(a.x, a.y, true);
    for (int i = 1; i <= 5; i++) scene_frame(a.x + (b.x - a.x) * i / 5, a.y + (b.y - a.y) * i / 5, true);
    scene_frame(b.x, b.y, false);
}

void scene_in_window() {
    grip_box a = box(100, 100, 200, 100);    // world centre (200, 150)
    grip_box far = box(760, 100, 200, 100);  // shown from x = 390 in the region: past its right edge
    scene_frame(10, 10, false);
    scene_frame(10, 10, false);
    // the region: under the toolbar line, the rest of the window's content
    CHECK(gi.scene_min.x > 200 && gi.scene_min.x < 220);
    CHECK(gi.scene_min.y > 120 && gi.scene_min.y < 160);
    CHECK(gi.scene_max.x > 560 && gi.scene_max.x <= 600);
    CHECK(gi.scene_max.y > 360 && gi.scene_max.y <= 400);
    CHECK(scene_clip_ok);  // content and overlay are clipped to it
    // the engine's view is the camera moved to the region: the box's centre is shown at
    // (min + 0.5 * 200 + 10, min + 0.5 * 150 + 20)
    grip_vec2 sc;
    CHECK_STATUS(grip_world_to_screen(engine, grip_vec2{200, 150}, &sc), GRIP_OK);
    CHECK_NEAR(sc.x, gi.scene_min.x + 110, 1e-4);
    CHECK_NEAR(sc.y, gi.scene_min.y + 95, 1e-4);

    // A press on the box inside the window is Grip's: selected, and a 20 x 10 pixel drag moves it
    // 40 x 20 in the world (zoom 0.5).
    const ImVec2 c = shown(200, 150);
    scene_frame(c.x, c.y, false);
    CHECK(gi.scene_hovered);
    CHECK(scene_frame(c.x, c.y, true));
    CHECK(gi.press_was_grips);
    for (int i = 1; i <= 4; i++) scene_frame(c.x + 5.0f * i, c.y + 2.5f * i, true);
    scene_frame(c.x + 20, c.y + 10, false);
    CHECK_NEAR(centre(a).x, 240, 1e-3);
    CHECK_NEAR(centre(a).y, 170, 1e-3);
    CHECK_INT(selected(), 1);
    CHECK(scene_window_pos.x == 200 && scene_window_pos.y == 100);  // the window stayed

    // Outside the window, where the box `far` would be shown past the region's right edge: not
    // Grip's (nothing selected, nothing moved).
    const ImVec2 off = shown(960, 150);  // x beyond the window
    CHECK(off.x > 600);
    scene_drag(off, ImVec2(off.x + 30, off.y));
    CHECK(!gi.scene_hovered);
    CHECK_NEAR(centre(far).x, 860, 1e-9);
    grip_box sel = GRIP_NO_BOX;
    size_t n = 0;
    grip_selection_get(engine, &sel, 1, &n);
    CHECK(n == 1 && sel == a);
    // Inside the region but under the Tools window: ImGui's.
    const ImVec2 under(550, 340);
    CHECK(under.y < gi.scene_max.y);
    scene_drag(under, ImVec2(560, 350));
    CHECK(!gi.press_was_grips && selected() == 1);
    // On the toolbar line above the region: ImGui's. A drag there moves the window, as it does
    // any window, and the scene's view follows the region.
    scene_drag(ImVec2(400, gi.scene_min.y - 4), ImVec2(410, gi.scene_min.y - 2));
    CHECK_INT(selected(), 1);
    CHECK(scene_window_pos.x == 210 && scene_window_pos.y == 102);
    CHECK_STATUS(grip_world_to_screen(engine, grip_vec2{240, 170}, &sc), GRIP_OK);
    CHECK_NEAR(sc.x, gi.scene_min.x + 130, 1e-4);
    CHECK_NEAR(sc.y, gi.scene_min.y + 105, 1e-4);

    // An empty place in the region: the game's when empty_presses_to_grip is off, and the window
    // does not move (the region is an item: ImGui does not drag the window from it).
    gi.empty_presses_to_grip = false;
    const ImVec2 empty = shown(100, 400);
    scene_frame(empty.x, empty.y, false);
    scene_frame(empty.x, empty.y, true);
    CHECK(gi.press_was_games && !gi.grip_has_mouse);
    CHECK(ImGui::IsAnyItemActive());
    for (int i = 1; i <= 4; i++) scene_frame(empty.x + 10.0f * i, empty.y, true);
    scene_frame(empty.x + 40, empty.y, false);
    CHECK(scene_window_pos.x == 210 && scene_window_pos.y == 102);
    CHECK_INT(selected(), 1);
    // with it on, a marquee from there over the box's world (50..350 x 50..250)
    gi.empty_presses_to_grip = true;
    CHECK_STATUS(grip_select(engine, GRIP_NO_BOX, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_INT(selected(), 0);
    scene_drag(shown(50, 50), shown(350, 250));
    grip_selection_get(engine, &sel, 1, &n);
    CHECK(n == 1 && sel == a);
    CHECK(scene_window_pos.x == 210 && scene_window_pos.y == 102);

    // Keys: the scene window has the focus (the presses gave it): Right nudges the selection.
    hold(ImGuiKey_RightArrow, true);
    scene_frame(empty.x, empty.y, false);
    hold(ImGuiKey_RightArrow, false);
    scene_frame(empty.x, empty.y, false);
    CHECK(centre(a).x == 241);
    // ... and not once another window has it
    ImGui::SetWindowFocus("Tools");
    hold(ImGuiKey_RightArrow, true);
    scene_frame(empty.x, empty.y, false);
    hold(ImGuiKey_RightArrow, false);
    scene_frame(empty.x, empty.y, false);
    CHECK(centre(a).x == 241);
    grip_box_destroy(engine, a);
    grip_box_destroy(engine, far);
}

// ---- touch ----------------------------------------------------------------------------------------

SDL_Event finger_event(Uint32 type, SDL_FingerID id, float x, float y) {
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = type;
    ev.tfinger.touchId = 7;
    ev.tfinger.fingerId = id;
    ev.tfinger.x = x / 800;  // SDL: fractions of the window (800 x 600)
    ev.tfinger.y = y / 600;
    return ev;
}
bool finger(Uint32 type, SDL_FingerID id, float x, float y) {
    SDL_Event ev = finger_event(type, id, x, y);
    return GripImGui_ProcessSDLFinger(&gi, &ev, now);
}

void touch() {
    // the background scene (GripImGui_NewFrame) with the Tools window over (400, 300)-(700, 500)
    grip_box b = box(100, 100, 200, 100);  // centre (200, 150)
    frame(10, 10, false);
    frame(10, 10, false);
    while (true) {
        grip_event ev;
        if (grip_event_poll(engine, &ev) != GRIP_OK) break;
    }
    // Two fingers 100 apart about the centre, spread to 200 apart and turned a quarter turn: a
    // pinch that doubles the box's scale and turns it by pi/2, about its centre.
    CHECK(finger(SDL_FINGERDOWN, 11, 150, 150));
    CHECK_INT(gi.fingers_held, 1);
    CHECK(finger(SDL_FINGERDOWN, 12, 250, 150));  // the second lands off the box: Grip holds one
    CHECK_INT(gi.fingers_held, 2);
    // the platform moves the mouse with the first finger and presses its button: left alone
    frame(150, 150, true);
    CHECK(!gi.grip_has_mouse && !gi.press_was_grips);
    for (int i = 1; i <= 8; i++) {
        const double k = i / 8.0, r = 50 * (1 + k), t = M_PI / 2 * k;
        CHECK(finger(SDL_FINGERMOTION, 11, (float)(200 - r * cos(t)), (float)(150 - r * sin(t))));
        CHECK(finger(SDL_FINGERMOTION, 12, (float)(200 + r * cos(t)), (float)(150 + r * sin(t))));
        now += 1.0 / 60;
    }
    CHECK(finger(SDL_FINGERUP, 11, 200, 50));
    CHECK(finger(SDL_FINGERUP, 12, 200, 250));
    CHECK_INT(gi.fingers_held, 0);
    frame(200, 50, false);
    grip_box_state s;
    grip_box_state_get(engine, b, &s);
    CHECK_NEAR(s.scale, 2, 1e-3);
    CHECK_NEAR(fabs(s.rotation), M_PI / 2, 1e-3);
    CHECK_NEAR(s.center.x, 200, 1e-3);
    CHECK_NEAR(s.center.y, 150, 1e-3);
    // the gesture was a pinch of the two fingers' pointers (finger_pointer 100 and 101)
    bool pinch = false, mouse = false;
    grip_event ev;
    while (grip_event_poll(engine, &ev) == GRIP_OK) {
        if (ev.kind == GRIP_EVENT_GESTURE_BEGAN && ev.gesture == GRIP_GESTURE_PINCH && ev.box == b) pinch = true;
        if (ev.pointer == gi.pointer) mouse = true;
    }
    CHECK(pinch);
    CHECK(!mouse);  // nothing came as the mouse's pointer

    // A finger over an ImGui window is not Grip's, nor its moves and release.
    grip_box under = box(450, 350, 100, 100);
    CHECK(!finger(SDL_FINGERDOWN, 21, 500, 400));
    CHECK(!finger(SDL_FINGERMOTION, 21, 520, 420));
    CHECK(!finger(SDL_FINGERUP, 21, 520, 420));
    CHECK_NEAR(centre(under).x, 500, 1e-9);
    // One finger on a box drags it (finger ids are per finger: 31 moves, 32 elsewhere is not Grip's
    // when empty presses are off).
    gi.empty_presses_to_grip = false;
    CHECK(finger(SDL_FINGERDOWN, 31, 200, 150));
    CHECK(!finger(SDL_FINGERMOTION, 32, 10, 10));
    for (int i = 1; i <= 5; i++) {
        now += 1.0 / 60;
        CHECK(finger(SDL_FINGERMOTION, 31, 200 + 10.0f * i, 150));
    }
    CHECK(finger(SDL_FINGERUP, 31, 250, 150));
    frame(250, 150, false);
    CHECK_NEAR(centre(b).x, 250, 1e-3);
    // A first finger on an empty place with empty presses off: not Grip's.
    CHECK(!finger(SDL_FINGERDOWN, 41, 50, 550));
    CHECK(!finger(SDL_FINGERUP, 41, 50, 550));
    gi.empty_presses_to_grip = true;
    // Other SDL events are not the adapter's.
    SDL_Event other;
    memset(&other, 0, sizeof other);
    other.type = SDL_MOUSEBUTTONDOWN;
    CHECK(!GripImGui_ProcessSDLFinger(&gi, &other, now));
    // Cancel ends the fingers Grip holds.
    CHECK(finger(SDL_FINGERDOWN, 51, 250, 150));
    GripImGui_Cancel(&gi, now);
    CHECK_INT(gi.fingers_held, 0);
    CHECK(!finger(SDL_FINGERUP, 51, 250, 150));
    grip_box_destroy(engine, b);
    grip_box_destroy(engine, under);
}

}  // namespace

int main() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    unsigned char *pixels;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas
    io.Fonts->SetTexID((ImTextureID)(intptr_t)1);
    for (int k = 0; k < ImGuiKey_COUNT; k++) io.KeyMap[k] = k;  // a backend maps its keys so

    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = 800;
    d.height = 600;
    d.selection = GRIP_SELECTION_POINTER;
    CHECK_STATUS(grip_engine_create(&d, &engine), GRIP_OK);
    GripImGui_Init(&gi, engine);
    CHECK(gi.empty_presses_to_grip && gi.set_cursor && gi.pointer == 1);
    presses();
    grip_engine_destroy(engine);

    CHECK_STATUS(grip_engine_create(&d, &engine), GRIP_OK);
    GripImGui_Init(&gi, engine);
    cursor();
    keyboard();
    overlay();
    clipped_dashes();
    grip_engine_destroy(engine);

    CHECK_STATUS(grip_engine_create(&d, &engine), GRIP_OK);
    GripImGui_Init(&gi, engine);
    touch();
    grip_engine_destroy(engine);

    CHECK_STATUS(grip_engine_create(&d, &engine), GRIP_OK);
    GripImGui_Init(&gi, engine);
    scene_in_window();
    grip_engine_destroy(engine);
    ImGui::DestroyContext();
    return check_summary("ImGui adapter tests");
}
