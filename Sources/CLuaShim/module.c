/* The module: the method tables and metatables of the userdata, grip.new in the module table,
 * and luaopen_grip (require "grip" from a stock interpreter). */
#include "bindings.h"

static const luaL_Reg engine_methods[] = {
    {"box", l_engine_box}, {"pointer", l_pointer}, {"magnify", l_magnify}, {"tick", l_tick}, {"time", l_time}, {"frame", l_frame}, {"events", l_events}, {"hit", l_hit}, {"set_bounds", l_set_bounds}, {"set_view", l_set_view}, {"set_snapping", l_set_snapping}, {"close", l_close}, {"boxes", l_boxes}, {"query", l_query}, {"screen_to_world", l_screen_to_world}, {"select", l_select}, {"selection", l_selection}, {"selection_state", l_selection_state}, {"world_to_screen", l_world_to_screen}, {"key", l_key}, {"undo", l_undo}, {"redo", l_redo}, {"history", l_history}, {"clear_history", l_clear_history}, {"save", l_save}, {"load", l_load}, {"describe", l_describe}, {"view", l_view}, {"history_begin", l_history_begin}, {"history_commit", l_history_commit}, {"history_cancel", l_history_cancel}, {"recording", l_recording}, {"record", l_record}, {"align", l_align}, {"distribute", l_distribute}, {"flip", l_flip}, {"rotate90", l_rotate90}, {"find", l_find}, {"feed_enable", l_feed_enable}, {"feed_read", l_feed_read}, {"remote_apply", l_remote_apply}, {"peer_set", l_peer_set}, {"peer_remove", l_peer_remove}, {"set_selection_constraint", l_set_selection_constraint}, {NULL, NULL}};

static const luaL_Reg box_methods[] = {
    {"state", l_box_state}, {"describe", l_box_describe}, {"configure", l_box_configure}, {"set_editing", l_box_set_editing}, {"reset", l_box_reset}, {"destroy", l_box_destroy}, {"exists", l_box_exists}, {"id", l_box_id}, {"on", l_box_on}, {"add_handle", l_box_add_handle}, {"set_indicator", l_box_set_indicator}, {"set_constraint", l_box_set_constraint}, {"order", l_box_order}, {"handle_center", l_box_handle_center}, {"key", l_box_key}, {"set_key", l_box_set_key}, {NULL, NULL}};

/* Metamethods of the two userdata types (methods go in __index). */
static const luaL_Reg engine_meta[] = {
    {"__gc", l_engine_gc}, {"__close", l_close}, {"__tostring", l_engine_tostring}, {NULL, NULL}};
static const luaL_Reg box_meta[] = {
    {"__gc", l_box_gc}, {"__close", l_box_close}, {"__eq", l_box_eq}, {"__tostring", l_box_tostring}, {NULL, NULL}};

/* Registers metatable `name` once: `methods` (and what `more` adds to them) as __index, the
 * metamethods, and __metatable set to the name so scripts cannot reach or replace it. Leaves the
 * stack as it found it. */
static void new_metatable(lua_State *L, const char *name, const luaL_Reg *methods, const luaL_Reg *meta,
                          void (*more)(lua_State *L, int methods)) {
    if (luaL_newmetatable(L, name)) {
        lua_newtable(L);
        luaL_setfuncs(L, methods, 0);
        if (more) more(L, -1);
        lua_setfield(L, -2, "__index");
        luaL_setfuncs(L, meta, 0);
        lua_pushstring(L, name);
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
}

void gl_bindings_init(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, "grip.weakv") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, "grip.weakv");
    }
    lua_pop(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gl_engines_key) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_getfield(L, LUA_REGISTRYINDEX, "grip.weakv");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &gl_engines_key);
    }
    lua_pop(L, 1);
    new_metatable(L, ENGINE_MT, engine_methods, engine_meta, gl_open_macros); /* and the macros */
    new_metatable(L, BOX_MT, box_methods, box_meta, NULL);
}

void gl_push_module(lua_State *L) {
    lua_createtable(L, 0, 3);
    lua_pushcfunction(L, l_new);
    lua_setfield(L, -2, "new");
    lua_pushfstring(L, "%d.%d.%d", GRIP_VERSION_MAJOR, GRIP_VERSION_MINOR, GRIP_VERSION_PATCH);
    lua_setfield(L, -2, "version");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "grip.module");
}

/* The standalone context of a state that loaded grip with require. */
static int ctx_gc(lua_State *L) {
    gl_ctx *c = (gl_ctx *)lua_touserdata(L, 1);
    free(c->points);
    c->points = NULL;
    c->magic = GL_CTX_DEAD;
    return 0;
}

/* require "grip" from a stock interpreter: no sandbox and no limits (it is the user's own
 * interpreter); engines made here are owned by their userdata. */
int luaopen_grip(lua_State *L) {
    if (gl_getctx(L) == NULL) {
        gl_ctx *c = (gl_ctx *)lua_newuserdatauv(L, sizeof(gl_ctx), 0);
        memset(c, 0, sizeof *c);
        c->magic = GL_CTX_MAGIC;
        lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
        c->L = lua_tothread(L, -1);
        lua_pop(L, 1);
        c->cur = c->L;
        lua_createtable(L, 0, 1);
        lua_pushcfunction(L, ctx_gc);
        lua_setfield(L, -2, "__gc");
        lua_setmetatable(L, -2);
        lua_setfield(L, LUA_REGISTRYINDEX, "grip.ctx");
        lua_pushlightuserdata(L, c);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &gl_ctx_key);
    }
    gl_bindings_init(L);
    gl_push_module(L);
    return 1;
}
