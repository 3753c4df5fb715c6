/* e:frame(): the engine's frame as a Lua table of commands and vertices; b:handle_center. */
#include "bindings.h"

/* Frames: the engine is locked (busy) while the table is built, so a finalizer or metamethod
 * running meanwhile cannot invalidate the arrays being read. */
typedef struct frame_args {
    const grip_frame *f;
} frame_args;

static int build_frame(lua_State *L) {
    frame_args *a = (frame_args *)lua_touserdata(L, 1);
    const grip_frame *f = a->f;
    int eidx = 2;
    lua_createtable(L, 0, 4);
    set_num(L, "time", f->time);
    set_int(L, "serial", (lua_Integer)f->serial);
    lua_createtable(L, (int)(f->command_count < 0x7FFFFFFF ? f->command_count : 0), 0);
    for (size_t i = 0; i < f->command_count; i++) {
        const grip_command *k = &f->commands[i];
        lua_createtable(L, 0, 21);
        push_name(L, command_names, k->kind);
        lua_setfield(L, -2, "kind");
        push_handle(L, eidx, k->box, k->handle);
        lua_setfield(L, -2, "handle");
        push_box(L, eidx, k->box);
        lua_setfield(L, -2, "box");
        set_int(L, "user_data", (lua_Integer)k->user_data);
        push_affine(L, &k->transform);
        lua_setfield(L, -2, "transform");
        set_num(L, "width", k->width);
        set_num(L, "height", k->height);
        push_vec(L, k->center.x, k->center.y);
        lua_setfield(L, -2, "center");
        set_num(L, "radius", k->radius);
        set_num(L, "inner_radius", k->inner_radius);
        set_num(L, "cursor_angle", k->cursor_angle);
        set_int(L, "first_vertex", k->first_vertex);
        set_int(L, "vertex_count", k->vertex_count);
        set_num(L, "stroke_width", k->stroke_width);
        set_num(L, "dash_on", k->dash_on);
        set_num(L, "dash_off", k->dash_off);
        set_num(L, "dash_phase", k->dash_phase);
        set_num(L, "progress", k->progress);
        push_mask(L, k->state, state_names, 0);
        lua_setfield(L, -2, "state");
        set_int(L, "peer", k->peer);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "commands");
    lua_createtable(L, (int)(f->vertex_count < 0x7FFFFFFF ? f->vertex_count : 0), 0);
    for (size_t i = 0; i < f->vertex_count; i++) {
        push_vec(L, f->vertices[i].x, f->vertices[i].y);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "vertices");
    return 1;
}

int l_frame(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    lua_settop(L, 1);
    grip_frame f;
    memset(&f, 0, sizeof f);
    CALL_INIT(c);
    c.op = GL_OP_FRAME_LOCK;
    c.engine = u->eng;
    c.out = &f;
    swift_call(L, &c);
    frame_args a = {&f};
    lua_pushcfunction(L, build_frame);
    lua_pushlightuserdata(L, &a);
    lua_pushvalue(L, 1);
    int st = lua_pcall(L, 2, 1, 0);
    CALL_INIT(unlock);
    unlock.op = GL_OP_FRAME_UNLOCK;
    unlock.engine = u->eng;
    swift_try(L, &unlock);
    if (st != LUA_OK) return lua_error(L);
    return 1;
}

/* b:handle_center(handle): where the frame draws the box's handle (screen space; custom handles
 * included), or nil when it is not shown. Read from the frame without copying it into tables. */
int l_box_handle_center(lua_State *L) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id); /* pushes the engine userdata (index 3) */
    long h = handle_value(L, 2, 3, id);
    grip_frame f;
    memset(&f, 0, sizeof f);
    CALL_INIT(c);
    c.op = GL_OP_FRAME_LOCK;
    c.engine = eng;
    c.out = &f;
    swift_call(L, &c);
    bool found = false;
    double x = 0, y = 0;
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command *k = &f.commands[i];
        if (k->kind == GRIP_CMD_HANDLE && k->box == id && (long)k->handle == h) {
            found = true;
            x = k->center.x;
            y = k->center.y;
        }
    }
    CALL_INIT(unlock);
    unlock.op = GL_OP_FRAME_UNLOCK;
    unlock.engine = eng;
    swift_try(L, &unlock);
    if (!found) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushnumber(L, x);
    lua_pushnumber(L, y);
    return 2;
}
