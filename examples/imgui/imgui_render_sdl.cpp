// imgui_render_sdl.cpp: ImGui draw lists -> SDL_RenderGeometryRaw (see imgui_render_sdl.h).
#include "imgui_render_sdl.h"

#include <stddef.h>

static SDL_Renderer *g_renderer = nullptr;
static SDL_Texture *g_font = nullptr;

bool ImGuiRenderSDL_Init(SDL_Renderer *renderer) {
    g_renderer = renderer;
    ImGuiIO &io = ImGui::GetIO();
    io.BackendRendererName = "grip_imgui_render_sdl";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    unsigned char *pixels;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    g_font = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STATIC, w, h);
    if (!g_font) return false;
    SDL_UpdateTexture(g_font, nullptr, pixels, 4 * w);
    SDL_SetTextureBlendMode(g_font, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(g_font, SDL_ScaleModeLinear);
    io.Fonts->SetTexID((ImTextureID)g_font);
    return true;
}

void ImGuiRenderSDL_Shutdown() {
    if (g_font) SDL_DestroyTexture(g_font);
    g_font = nullptr;
    ImGui::GetIO().Fonts->SetTexID(0);
}

void ImGuiRenderSDL_Draw(ImDrawData *data) {
    // ImDrawVert is {pos, uv, col}: col's bytes are R, G, B, A, as SDL_Color's.
    const int stride = (int)sizeof(ImDrawVert);
    SDL_Rect old_clip;
    const SDL_bool had_clip = SDL_RenderIsClipEnabled(g_renderer);
    SDL_RenderGetClipRect(g_renderer, &old_clip);
    for (int n = 0; n < data->CmdListsCount; n++) {
        const ImDrawList *list = data->CmdLists[n];
        const ImDrawVert *vtx = list->VtxBuffer.Data;
        const ImDrawIdx *idx = list->IdxBuffer.Data;
        for (int i = 0; i < list->CmdBuffer.Size; i++) {
            const ImDrawCmd *cmd = &list->CmdBuffer[i];
            if (cmd->UserCallback) {
                if (cmd->UserCallback != ImDrawCallback_ResetRenderState) cmd->UserCallback(list, cmd);
                continue;
            }
            const ImVec2 off = data->DisplayPos;
            SDL_Rect clip = {(int)(cmd->ClipRect.x - off.x), (int)(cmd->ClipRect.y - off.y),
                             (int)(cmd->ClipRect.z - cmd->ClipRect.x), (int)(cmd->ClipRect.w - cmd->ClipRect.y)};
            if (clip.w <= 0 || clip.h <= 0) continue;
            SDL_RenderSetClipRect(g_renderer, &clip);
            const ImDrawVert *v = vtx + cmd->VtxOffset;
            SDL_RenderGeometryRaw(g_renderer, (SDL_Texture *)cmd->GetTexID(), &v->pos.x, stride,
                                  (const SDL_Color *)&v->col, stride, &v->uv.x, stride,
                                  list->VtxBuffer.Size - (int)cmd->VtxOffset, idx + cmd->IdxOffset,
                                  (int)cmd->ElemCount, (int)sizeof(ImDrawIdx));
        }
    }
    SDL_RenderSetClipRect(g_renderer, had_clip ? &old_clip : nullptr);
}
