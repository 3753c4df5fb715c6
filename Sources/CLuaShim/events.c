/* Events as Lua tables: e:events() hands them out, and gl_fire_event (Swift -> Lua, under
 * lua_pcall) runs a box's `on` handlers for one. */
#include "bindings.h"

/* A grip_geometry as {parent = box or nil, center = {x, y}, width, height, rotation, scale,
 * flipped_x, flipped_y}. */
static void push_grip_geometry(lua_State *L, int eidx, const grip_geometry *g) {
    gl_geom geom = {g->center.x, g->center.y, g->width, g->height, g->rotation, g->scale, g->flipped_x, g->flipped_y};
    push_geom(L, &geom);
    push_box(L, eidx, g->parent);
    lua_setfield(L, -2, "parent");
}

/* Sets ev.changes on the event table on top: the step's boxes with their geometry before and
 * after (the event the engine at eidx handed out last); before is nil for a box the step created,
 * after for one it destroyed. */
static void push_changes(lua_State *L, int eidx) {
    engine_ud *u = (engine_ud *)lua_touserdata(L, eidx);
    CALL_INIT(c);
    c.op = GL_OP_EVENT_CHANGES;
    c.engine = u->eng;
    swift_call(L, &c);
    const grip_change *ch = (const grip_change *)c.rptr;
    lua_createtable(L, (int)c.rcount, 0);
    for (int64_t k = 0; k < c.rcount; k++) {
        lua_createtable(L, 0, 3);
        push_box(L, eidx, ch[k].box);
        lua_setfield(L, -2, "box");
        /* A side where the box does not exist (a recorded step created or destroyed it: all
         * zero, scale 0) is left nil. */
        if (ch[k].before.scale != 0) {
            push_grip_geometry(L, eidx, &ch[k].before);
            lua_setfield(L, -2, "before");
        }
        if (ch[k].after.scale != 0) {
            push_grip_geometry(L, eidx, &ch[k].after);
            lua_setfield(L, -2, "after");
        }
        lua_rawseti(L, -2, (lua_Integer)k + 1);
    }
    lua_setfield(L, -2, "changes");
}

static void push_event(lua_State *L, int eidx, const grip_event *ev, const char *message) {
    eidx = lua_absindex(L, eidx);
    lua_createtable(L, 0, 9);
    push_name(L, event_names, ev->kind);
    lua_setfield(L, -2, "kind");
    push_name(L, gesture_names, ev->gesture);
    lua_setfield(L, -2, "gesture");
    push_box(L, eidx, ev->box);
    lua_setfield(L, -2, "box");
    set_int(L, "user_data", (lua_Integer)ev->user_data);
    push_handle(L, eidx, ev->box, ev->handle);
    lua_setfield(L, -2, "handle");
    set_int(L, "pointer", ev->pointer);
    set_num(L, "time", ev->time);
    push_vec(L, ev->position.x, ev->position.y);
    lua_setfield(L, -2, "position");
    if (message && message[0]) {
        lua_pushstring(L, message);
        lua_setfield(L, -2, "message");
    }
    if (ev->kind == GRIP_EVENT_COMMITTED || ev->kind == GRIP_EVENT_UNDONE || ev->kind == GRIP_EVENT_REDONE)
        push_changes(L, eidx);
}

static int l_events_next(lua_State *L) {
    engine_ud *u = check_engine(L, lua_upvalueindex(1));
    grip_event ev;
    memset(&ev, 0, sizeof ev);
    CALL_INIT(c);
    c.op = GL_OP_EVENT_NEXT;
    c.engine = u->eng;
    c.out = &ev;
    swift_call(L, &c);
    if (!c.rflag) return 0;
    push_event(L, lua_upvalueindex(1), &ev, c.message);
    return 1;
}

int l_events(lua_State *L) {
    check_engine(L, 1);
    lua_settop(L, 1);
    lua_pushcclosure(L, l_events_next, 1);
    return 1;
}

typedef struct fire_args {
    void *eng;
    const grip_event *ev;
    const char *message;
} fire_args;

static int fire_protected(lua_State *L) {
    fire_args *a = (fire_args *)lua_touserdata(L, 1);
    if (!push_engine_by_ptr(L, a->eng)) return 0;
    int eidx = lua_gettop(L);
    push_data(L, eidx, "on");
    if (lua_rawgeti(L, -1, (lua_Integer)a->ev->box) != LUA_TTABLE) return 0;
    int hidx = lua_gettop(L);
    long k = a->ev->kind;
    const char *kind = (k > 0 && k < count_names(event_names)) ? event_names[k] : "none";
    int l1 = lua_getfield(L, hidx, kind) == LUA_TTABLE ? lua_gettop(L) : 0;
    int l2 = lua_getfield(L, hidx, "any") == LUA_TTABLE ? lua_gettop(L) : 0;
    if (!l1 && !l2) return 0;
    push_event(L, eidx, a->ev, a->message);
    int evidx = lua_gettop(L);
    int lists[2] = {l1, l2};
    for (int j = 0; j < 2; j++) {
        if (!lists[j]) continue;
        lua_Integer n = (lua_Integer)lua_rawlen(L, lists[j]);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_rawgeti(L, lists[j], i) != LUA_TFUNCTION) {
                lua_pop(L, 1);
                continue;
            }
            lua_pushvalue(L, evidx);
            lua_call(L, 1, 0);
        }
    }
    return 0;
}

int gl_fire_event(void *Lp, void *engine, const void *event, const char *message) {
    lua_State *L = (lua_State *)Lp;
    gl_ctx *c = gl_getctx(L);
    /* Past the instruction limit no handler runs: Lua may be unwinding with hooks off (a
     * coroutine's pending __close), and nothing would stop a handler that loops. */
    if (c && c->hosted && c->tripped) return GL_OK;
    if (!lua_checkstack(L, 4)) return GL_OK;
    fire_args a = {engine, (const grip_event *)event, message};
    lua_pushcfunction(L, fire_protected);
    lua_pushlightuserdata(L, &a);
    int st = lua_pcall(L, 1, 0, 0);
    return st == LUA_OK ? GL_OK : GL_ERR_TOP; /* on error the error object is on top */
}
