// grip_imgui_sdl.h: SDL2's touch events for the Grip ImGui adapter (grip_imgui.h). Header only:
// include it where you poll SDL events, beside ImGui's SDL2 backend.
//
//   while (SDL_PollEvent(&ev)) {
//       if (GripImGui_ProcessSDLFinger(&gi, &ev, now)) continue;   // a finger Grip took
//       ImGui_ImplSDL2_ProcessEvent(&ev);
//   }
#ifndef GRIP_IMGUI_SDL_H
#define GRIP_IMGUI_SDL_H

#include <SDL.h>

#include "grip_imgui.h"

// One SDL_FINGERDOWN, SDL_FINGERMOTION or SDL_FINGERUP event as GripImGui_Finger (the finger's
// x and y are fractions of the window: scaled by ImGui's DisplaySize); true when it was Grip's.
// Other events: false, nothing done.
static inline bool GripImGui_ProcessSDLFinger(GripImGui *gi, const SDL_Event *ev, double time) {
    grip_phase phase;
    switch (ev->type) {
    case SDL_FINGERDOWN: phase = GRIP_PHASE_DOWN; break;
    case SDL_FINGERMOTION: phase = GRIP_PHASE_MOVE; break;
    case SDL_FINGERUP: phase = GRIP_PHASE_UP; break;
    default: return false;
    }
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    return GripImGui_Finger(gi, phase, (int64_t)ev->tfinger.touchId, (int64_t)ev->tfinger.fingerId,
                            ev->tfinger.x * size.x, ev->tfinger.y * size.y, time);
}

#endif
