// imgui_render_sdl.h: draws ImGui's draw data with SDL2's 2D renderer (SDL_RenderGeometryRaw).
// Debian's libimgui-dev ships the SDL_Renderer backend's header but not its code, so the example
// carries this small one. Texture ids are SDL_Texture pointers.
#ifndef IMGUI_RENDER_SDL_H
#define IMGUI_RENDER_SDL_H

#include <SDL.h>

#include "imgui.h"

// Uploads the font atlas; false when SDL cannot make the texture.
bool ImGuiRenderSDL_Init(SDL_Renderer *renderer);
void ImGuiRenderSDL_Shutdown();
void ImGuiRenderSDL_Draw(ImDrawData *data);

#endif
