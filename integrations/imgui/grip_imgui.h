// grip_imgui.h: Grip inside a Dear ImGui application (ImGui 1.86 or newer, any ImGui backend).
// Copy grip_imgui.h and grip_imgui.cpp into your project beside ImGui's own backends, or compile
// grip_imgui.cpp into it; it needs imgui.h, grip.h and libgrip.so, nothing else.
//
// The scene is the game's: it draws box contents itself (the BOX commands of a frame, or its own
// sprites), usually into ImGui::GetBackgroundDrawList(), with ImGui windows floating over it.
// This adapter does the two things between them, once per frame:
//
//   ImGui::NewFrame();
//   GripImGui_NewFrame(&gi, ImGui::GetTime());   // ImGui's mouse -> Grip; the timer
//   grip_frame f; grip_frame_get(engine, &f);
//   ... draw your content (BOX commands) ...
//   GripImGui_DrawOverlay(ImGui::GetBackgroundDrawList(), &f, &gi.style);
//   ... your ImGui windows ...
//   ImGui::Render();
//
// Who gets a press: ImGui keeps every press it wants (io.WantCaptureMouse: over an ImGui window,
// or while ImGui drags something). Grip takes a press on a box or a handle (grip_hit_test at that
// point); a press on an empty place goes to Grip only when empty_presses_to_grip is set (an engine
// selecting by pointer draws a marquee there), else it is the game's (camera, tools). A press Grip
// took stays Grip's until the button goes up, over ImGui windows too.
#ifndef GRIP_IMGUI_H
#define GRIP_IMGUI_H

#include "imgui.h"
#include "grip.h"

// The scene inside an ImGui window instead (a panel among others, docked or floating): between
// that window's ImGui::Begin and End, GripImGui_BeginScene replaces GripImGui_NewFrame:
//
//   ImGui::Begin("Scene");
//   GripImGui_BeginScene(&gi, "scene", ImGui::GetTime(), &camera);  // camera: world -> the region's pixels
//   ImDrawList *dl = ImGui::GetWindowDrawList();                     // clipped to the scene's region
//   ... draw your content (BOX commands are in ImGui screen coordinates) ...
//   GripImGui_DrawOverlay(dl, &f, &gi.style);
//   GripImGui_EndScene(&gi);
//   ImGui::End();
//
// There a press in the scene's region is Grip's on a box or handle (or on an empty place with
// empty_presses_to_grip), the game's otherwise; the rest of the window (title bar, widgets above
// or below the region) and every window over it stay ImGui's.
//
// Touch: GripImGui_Finger (or GripImGui_ProcessSDLFinger in grip_imgui_sdl.h for SDL2's
// SDL_FINGER* events) makes each finger a Grip pointer of its own, so two fingers pinch.

// Colours of the overlay (IM_COL32 values).
struct GripImGuiStyle {
    ImU32 ants_under;        // the solid line under every dashed border
    ImU32 border;            // a box's marching ants
    ImU32 selection_border;  // the ants of a selection of several (box GRIP_SELECTION)
    ImU32 handle;            // a handle's outer disc
    ImU32 handle_ring;       // a thin ring around it, so it reads on light content
    ImU32 handle_accent;     // its inner disc
    ImU32 selection_accent;  // the inner disc of the selection's handles
    ImU32 handle_hot;        // the inner disc of a hovered or dragged handle
    ImU32 indicator;         // long-press progress
    ImU32 guide;             // snapping guides
    ImU32 gap;               // equal-gap marks
    ImU32 outline;           // a member of a selection of several
    ImU32 outline_hover;     // the selectable box under the pointer
    ImU32 marquee_fill, marquee_edge;
};

// The adapter's state for one engine: make one with GripImGui_Init and keep it.
struct GripImGui {
    grip_engine *engine;
    GripImGuiStyle style;
    bool empty_presses_to_grip;  // default true: presses on no box go to Grip (marquee, clearing)
    bool set_cursor;             // default true: a resize cursor over handles (ImGui::SetMouseCursor)
    bool keyboard;               // default true: arrows, Escape, Tab and modifier keys go to Grip
                                 // (grip_dispatch_key) while ImGui does not want the keyboard
    bool undo_shortcuts;         // default true: ctrl-z undoes, ctrl-shift-z and ctrl-y redo
    ImGuiMouseButton button;     // the button that drags boxes, default ImGuiMouseButton_Left
    uint32_t pointer;            // Grip's pointer id for it, default 1
    uint32_t finger_pointer;     // Grip's pointer id of the first touch slot, default 100 (the
                                 // fingers held at once get finger_pointer + 0 .. 9)
    // What happened this frame (read after GripImGui_NewFrame):
    bool grip_has_mouse;      // a press Grip took is down
    bool press_was_grips;     // this frame's press went to Grip (else ImGui's or the game's)
    bool press_was_games;     // this frame's press went to no one: the game may use it
    bool key_was_grips;       // a key this frame did something in Grip (nudge, cancel, Tab, undo)
    grip_status last_status;  // the last dispatch's status (GRIP_OK, or why it failed)
    // The scene's region on screen (GripImGui_BeginScene; the whole display otherwise) and
    // whether the mouse is over it with nothing of ImGui's in between.
    ImVec2 scene_min, scene_max;
    bool scene_hovered;
    int fingers_held;  // fingers Grip holds now
    // internal
    uint32_t mods_;  // the modifiers Grip has seen go down
    bool hovering_;
    ImVec2 last_pos_;
    bool in_window_;        // the last frame's scene was in a window (GripImGui_BeginScene)
    ImGuiID scene_window_;  // that window's root window
    bool touched_;          // a finger event since the last frame: the mouse is the touch's
    grip_affine view_;      // the view last given to the engine
    bool view_set_;
    struct Finger {
        bool held;
        int64_t device, id;
        ImVec2 pos;
    } fingers_[10];
};

// Defaults for the fields above; engine is not owned (destroy it yourself, after the last call).
void GripImGui_Init(GripImGui *gi, grip_engine *engine);
void GripImGui_DefaultStyle(GripImGuiStyle *style);

// Feeds this frame's ImGui keyboard and mouse to the engine, stamped with time (seconds, never
// decreasing: ImGui::GetTime() does), then grip_dispatch_timer(time). Keys first: modifier changes
// (shift, alt, ctrl, super), arrows (with repeats), Escape, Tab, and the undo shortcuts, while
// io.WantCaptureKeyboard is false (a modifier released goes up in Grip regardless). Then the
// pointer: position, the drag button, modifiers. Call after ImGui::NewFrame(), before drawing.
// Returns grip_has_mouse. Hovering moves go to Grip only while no ImGui window is under the mouse; when
// the mouse leaves for one, Grip sees the pointer move far off screen (hover states clear).
bool GripImGui_NewFrame(GripImGui *gi, double time);

// Ends a press Grip holds (GRIP_PHASE_CANCEL: the gesture ends as cancelled), e.g. when the
// window loses focus; the fingers it holds too.
void GripImGui_Cancel(GripImGui *gi, double time);

// The scene in a region of the current window (call between its ImGui::Begin and End, instead of
// GripImGui_NewFrame): the region is size (a zero or negative component: the rest of the content
// region on that axis, as ImGui::InvisibleButton takes it) at the window's cursor, one ImGui item
// named id (after the call, ImGui::IsItemActive() / IsItemHovered() are about it: a game pans its
// camera while it is active with the right button). view maps world to the region's own pixels
// (origin at its top-left); the engine's view becomes view moved to where the region is on screen,
// so frames, hits and grip_world_to_screen are in ImGui screen coordinates. Input as
// GripImGui_NewFrame, with "over the scene" meaning over this region with nothing of ImGui's
// above it, and keys going to Grip while this window has the focus and no other ImGui item is
// active. Pushes the region as clip rectangle on the window's draw list: draw the content and the
// overlay there, then GripImGui_EndScene. Returns grip_has_mouse.
bool GripImGui_BeginScene(GripImGui *gi, const char *id, double time, const grip_affine *view,
                          ImVec2 size = ImVec2(0, 0));
// Pops the clip rectangle GripImGui_BeginScene pushed.
void GripImGui_EndScene(GripImGui *gi);

// One touch (finger of device, as the platform numbers them) as a Grip pointer of its own: phase
// DOWN, MOVE, UP or CANCEL at (x, y) in ImGui screen coordinates (pixels), stamped with time (as
// for GripImGui_NewFrame, never decreasing). A finger going down is Grip's when it is over the
// scene (the last frame's region, with no ImGui window over that point) and either lands on a box
// or handle, or empty_presses_to_grip is set, or Grip already holds another finger (so a second
// finger anywhere in the scene pinches). Moves and the release of a finger Grip took are Grip's;
// others are not. Returns true when the event was Grip's (keep it from ImGui then). While fingers
// are down, and in the frame after a finger event, the adapter leaves the mouse alone (platforms
// move the mouse with the first finger too; Grip already has it as that finger). At most 10
// fingers at once (max_pointers of the engine permitting).
bool GripImGui_Finger(GripImGui *gi, grip_phase phase, int64_t device, int64_t finger, float x, float y,
                      double time);

// Draws the overlay of frame into list: every command but BOX (borders with marching ants,
// handles, long-press indicators, guides, gaps, outlines, the marquee), back to front as Grip
// ordered them; kinds it does not know are skipped. Coordinates are the frame's (screen). Lines
// are clipped to the list's current clip rectangle: a border far larger than the screen costs
// what its visible part costs (compile with integrations/dashes/grip_dashes.h beside this
// directory, as it is in the source tree and an install).
void GripImGui_DrawOverlay(ImDrawList *list, const grip_frame *frame, const GripImGuiStyle *style);

// One BOX command's content as a textured quad (two triangles from its transform: rotation,
// nesting and flips come out right); texture 0 draws a solid quad of colour instead.
void GripImGui_DrawBox(ImDrawList *list, const grip_command *box, ImTextureID texture, ImU32 colour);

// The four screen corners of a BOX command: top-left, top-right, bottom-right, bottom-left of
// its box space.
void GripImGui_BoxCorners(const grip_command *box, ImVec2 out[4]);

// A dashed closed or open polyline (the marching ants' primitive): dash_on drawn, dash_off
// skipped, starting phase into that pattern at the first vertex. Only the dashes inside the list's
// current clip rectangle (outset by the thickness and a pixel) are added, where the whole
// pattern puts them, and at most GRIP_DASHES_MAX_PER_EDGE per edge (see grip_dashes.h); a
// pattern that is not two positive lengths draws each edge's visible part solid.
void GripImGui_DrawDashed(ImDrawList *list, const grip_vec2 *v, size_t n, bool closed, float thickness, double on,
                          double off, double phase, ImU32 colour);

#endif
