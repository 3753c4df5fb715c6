/* The Lua API of Grip: the module table, engine and box userdata, and every lua_CFunction.
 *
 * Each function here is a trampoline: it reads its Lua arguments into plain C (raising a Lua
 * error on bad arguments, before any Swift frame exists), calls Swift once through gripl_call,
 * and only after Swift has returned raises the error Swift reported, or builds the Lua results.
 * The calls in the other direction (hooks, `on` handlers) run the Lua side under lua_pcall. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grip_names.h"

#define ENGINE_MT "grip.engine"
#define BOX_MT "grip.box"
#define MAX_CUSTOM_HANDLES 16
#define MAX_INDICATOR_POINTS 65536

typedef struct engine_ud { void *eng; } engine_ud;
typedef struct box_ud { uint64_t id; } box_ud;

static const char engines_key = 0;  /* registry: lightuserdata(LuaEngine) -> engine userdata (weak) */

/* ---- names ------------------------------------------------------------------ */

/* The name tables are generated from grip.h (Sources/CNames, scripts/gen-names). */
#define handle_names gn_handle_names
#define allow_names gn_allow_names
#define event_names gn_event_names
#define gesture_names gn_gesture_names
#define command_names gn_command_names
#define select_names gn_select_names
#define phase_names gn_phase_names
#define mod_names gn_mod_names
#define state_names gn_state_names
#define order_names gn_order_names
#define selection_names gn_selection_names
#define marquee_names gn_marquee_names
#define group_resize_names gn_group_resize_names
#define key_names gn_key_names
#define snap_names gn_snap_names

static int name_index(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], s) == 0) return i;
    }
    return -1;
}

static int count_names(const char *const *names) {
    int n = 0;
    while (names[n]) n++;
    return n;
}

static void push_name(lua_State *L, const char *const *names, long v) {
    if (v >= 0 && v < count_names(names)) lua_pushstring(L, names[v]);
    else lua_pushfstring(L, "unknown_%d", (int)v);
}

/* ---- calling Swift -------------------------------------------------------------- */

/* Calls Swift with c; returns its code without raising. */
static int swift(lua_State *L, gl_call *c) {
    gl_ctx *ctx = gl_getctx(L);
    gl_check_stack(L, ctx);
    c->L = L;
    c->ctx = ctx;
    c->sandboxed = ctx != NULL && ctx->sandboxed;
    lua_State *saved = ctx ? ctx->cur : NULL;
    if (ctx) ctx->cur = L;
    int rc = gripl_call(c);
    if (ctx) ctx->cur = saved;
    return rc;
}

/* Raises what Swift reported (from C, after Swift returned). */
static void raise_if(lua_State *L, int rc, gl_call *c) {
    if (rc == GL_ERR_MSG) luaL_error(L, "%s", c->err);
    if (rc == GL_ERR_TOP) lua_error(L);
}

static void call(lua_State *L, gl_call *c) { raise_if(L, swift(L, c), c); }

/* ---- userdata --------------------------------------------------------------------- */

static engine_ud *check_engine(lua_State *L, int idx) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, idx, ENGINE_MT);
    if (u->eng == NULL) luaL_error(L, "engine was destroyed");
    return u;
}

/* The box at idx: its id and its engine; pushes the engine userdata. */
static void *check_box(lua_State *L, int idx, uint64_t *id) {
    box_ud *b = (box_ud *)luaL_checkudata(L, idx, BOX_MT);
    *id = b->id;
    lua_getiuservalue(L, idx, 1);
    engine_ud *e = (engine_ud *)luaL_testudata(L, -1, ENGINE_MT);
    if (e == NULL || e->eng == NULL) luaL_error(L, "box was destroyed");
    return e->eng;
}

static engine_ud *new_engine_ud(lua_State *L) {
    engine_ud *u = (engine_ud *)lua_newuserdatauv(L, sizeof *u, 1);
    u->eng = NULL;
    luaL_setmetatable(L, ENGINE_MT);
    lua_createtable(L, 0, 3);
    lua_newtable(L);
    lua_getfield(L, LUA_REGISTRYINDEX, "grip.weakv");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "boxes");
    lua_newtable(L);
    lua_setfield(L, -2, "on");
    lua_newtable(L);
    lua_setfield(L, -2, "hooks");
    lua_setiuservalue(L, -2, 1);
    return u;
}

static void register_engine(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    engine_ud *u = (engine_ud *)lua_touserdata(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engines_key);
    lua_pushvalue(L, idx);
    lua_rawsetp(L, -2, u->eng);
    lua_pop(L, 1);
}

int gl_push_engine_ud(lua_State *L, void **slot) {
    engine_ud *u = new_engine_ud(L);
    u->eng = *slot;
    *slot = NULL;
    register_engine(L, -1);
    return 1;
}

/* Pushes the engine userdata of LuaEngine `eng`; false (nothing pushed) when it is gone. */
static int push_engine_by_ptr(lua_State *L, void *eng) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engines_key);
    int t = lua_rawgetp(L, -1, eng);
    lua_remove(L, -2);
    if (t != LUA_TUSERDATA) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* Pushes data[field] of the engine userdata at eidx. */
static void push_data(lua_State *L, int eidx, const char *field) {
    lua_getiuservalue(L, eidx, 1);
    lua_pushstring(L, field);
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

/* Pushes the box userdata for id (nil for 0, the string "selection" for GRIP_SELECTION), reusing
 * a live one. */
static void push_box(lua_State *L, int eidx, uint64_t id) {
    if (id == 0) {
        lua_pushnil(L);
        return;
    }
    if (id == GRIP_SELECTION) {
        lua_pushliteral(L, "selection");
        return;
    }
    eidx = lua_absindex(L, eidx);
    push_data(L, eidx, "boxes");
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TUSERDATA) {
        lua_remove(L, -2);
        return;
    }
    lua_pop(L, 1);
    box_ud *b = (box_ud *)lua_newuserdatauv(L, sizeof *b, 1);
    b->id = id;
    luaL_setmetatable(L, BOX_MT);
    lua_pushvalue(L, eidx);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)id);
    lua_remove(L, -2);
}

/* Pushes data.hooks[id] (creating it when `create`); returns whether it is a table. */
static int push_box_hooks(lua_State *L, int eidx, uint64_t id, int create) {
    eidx = lua_absindex(L, eidx);
    push_data(L, eidx, "hooks");
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TTABLE) {
        lua_remove(L, -2);
        return 1;
    }
    lua_pop(L, 1);
    if (!create) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return 0;
    }
    lua_createtable(L, 0, 3);
    lua_newtable(L);
    lua_setfield(L, -2, "handles");
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)id);
    lua_remove(L, -2);
    return 1;
}

/* The name of handle h of box id: the built-in names, or a custom handle's name. */
static void push_handle(lua_State *L, int eidx, uint64_t id, long h) {
    if (h < GRIP_HANDLE_CUSTOM) {
        push_name(L, handle_names, h);
        return;
    }
    int top = lua_gettop(L);
    if (push_box_hooks(L, eidx, id, 0) && lua_getfield(L, -1, "handles") == LUA_TTABLE &&
        lua_rawgeti(L, -1, h - GRIP_HANDLE_CUSTOM + 1) == LUA_TTABLE &&
        lua_getfield(L, -1, "name") == LUA_TSTRING) {
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
        return;
    }
    lua_settop(L, top);
    lua_pushfstring(L, "custom_%d", (int)(h - GRIP_HANDLE_CUSTOM));
}

/* ---- reading arguments -------------------------------------------------------------- */

static double num_value(lua_State *L, int idx, const char *what) {
    if (lua_type(L, idx) != LUA_TNUMBER) {
        luaL_error(L, "%s must be a number (got %s)", what, luaL_typename(L, idx));
    }
    return lua_tonumber(L, idx);
}

static lua_Integer int_value(lua_State *L, int idx, const char *what) {
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, idx, &ok);
    if (!ok || lua_type(L, idx) != LUA_TNUMBER) {
        luaL_error(L, "%s must be an integer (got %s)", what, luaL_typename(L, idx));
    }
    return v;
}

static bool bool_value(lua_State *L, int idx, const char *what) {
    if (lua_type(L, idx) != LUA_TBOOLEAN) luaL_error(L, "%s must be a boolean (got %s)", what, luaL_typename(L, idx));
    return lua_toboolean(L, idx);
}

static int enum_value(lua_State *L, int idx, const char *const *names, const char *what) {
    if (lua_type(L, idx) != LUA_TSTRING) luaL_error(L, "%s must be a string (got %s)", what, luaL_typename(L, idx));
    int v = name_index(names, lua_tostring(L, idx));
    if (v < 0) luaL_error(L, "%s: unknown value '%s'", what, lua_tostring(L, idx));
    return v;
}

/* A mask: one name, "all", or a list of names; bit = 1 << (index + shift). */
static uint32_t mask_value(lua_State *L, int idx, const char *const *names, int shift, uint32_t all, const char *what) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TSTRING) {
        if (strcmp(lua_tostring(L, idx), "all") == 0) return all;
        if (strcmp(lua_tostring(L, idx), "none") == 0) return 0;
        return 1u << (enum_value(L, idx, names, what) + shift);
    }
    if (lua_type(L, idx) != LUA_TTABLE) luaL_error(L, "%s must be a list of names (got %s)", what, luaL_typename(L, idx));
    uint32_t m = 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        m |= 1u << (enum_value(L, -1, names, what) + shift);
        lua_pop(L, 1);
    }
    return m;
}

static void push_mask(lua_State *L, uint32_t m, const char *const *names, int shift) {
    lua_newtable(L);
    int k = 1;
    for (int i = 0; names[i]; i++) {
        if (m & (1u << (i + shift))) {
            lua_pushstring(L, names[i]);
            lua_rawseti(L, -2, k++);
        }
    }
}

/* A point {x, y} or {x = , y = } at idx. */
static void point_value(lua_State *L, int idx, double *x, double *y, const char *what) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE) luaL_error(L, "%s must be a point {x, y} (got %s)", what, luaL_typename(L, idx));
    if (lua_getfield(L, idx, "x") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_geti(L, idx, 1);
        lua_geti(L, idx, 2);
    } else {
        lua_getfield(L, idx, "y");
    }
    *x = num_value(L, -2, what);
    *y = num_value(L, -1, what);
    lua_pop(L, 2);
}

/* Field `key` of the options table at idx, pushed (nil when idx is not a table). */
static int opt_field(lua_State *L, int idx, const char *key) {
    if (lua_type(L, idx) != LUA_TTABLE) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    return lua_getfield(L, idx, key);
}

static double opt_number(lua_State *L, int idx, const char *key, double def) {
    double v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = num_value(L, -1, key);
    lua_pop(L, 1);
    return v;
}

static lua_Integer opt_integer(lua_State *L, int idx, const char *key, lua_Integer def) {
    lua_Integer v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = int_value(L, -1, key);
    lua_pop(L, 1);
    return v;
}

/* Rejects keys of the table at idx that are not in `allowed` (and a value at idx that is not a
 * table: lua_next on anything else is undefined, a segfault in practice). */
static void check_keys(lua_State *L, int idx, const char *const *allowed, const char *what) {
    idx = lua_absindex(L, idx);
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || name_index(allowed, lua_tostring(L, -1)) < 0) {
            if (lua_type(L, -1) == LUA_TSTRING) luaL_error(L, "%s: unknown field '%s'", what, lua_tostring(L, -1));
            luaL_error(L, "%s: unexpected %s key", what, luaL_typename(L, -1));
        }
    }
}

/* ---- box descriptions ------------------------------------------------------------------ */

/* Every bit a mask field has a name for ("all"). */
static uint32_t all_bits(const gn_field *f) {
    uint32_t m = 0;
    for (int i = 0; gn_tables[f->table][f->first + i]; i++) m |= 1u << (f->first + i);
    return m;
}

/* Reads the fields of the table at idx over *d (fields not given keep their value). */
static void read_desc(lua_State *L, int idx, int eidx, grip_box_desc *d) {
    idx = lua_absindex(L, idx);
    eidx = lua_absindex(L, eidx);
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "box fields are named (got a %s key)", luaL_typename(L, -2));
        const char *k = lua_tostring(L, -2);
        char what[64];
        snprintf(what, sizeof what, "box field '%s'", k);
        const gn_field *f = gn_box_desc_fields;
        while (f->name[0] && strcmp(f->name, k) != 0) f++;
        char *p = (char *)d + f->offset;
        switch (f->name[0] ? f->kind : -1) {
        case GN_NUMBER: *(double *)p = num_value(L, -1, what); break;
        case GN_BOOL: *(bool *)p = bool_value(L, -1, what); break;
        case GN_MASK:
            *(uint32_t *)p = mask_value(L, -1, gn_tables[f->table] + f->first, f->first, all_bits(f), what);
            break;
        case GN_ENUM: *(uint32_t *)p = (uint32_t)enum_value(L, -1, gn_tables[f->table], what); break;
        case GN_U64: *(uint64_t *)p = (uint64_t)int_value(L, -1, what); break;
        case GN_BOX:
            if (lua_isnil(L, -1)) {
                d->parent = GRIP_NO_BOX;
            } else {
                box_ud *b = (box_ud *)luaL_testudata(L, -1, BOX_MT);
                if (b == NULL) luaL_error(L, "box field 'parent' must be a box (got %s)", luaL_typename(L, -1));
                lua_getiuservalue(L, -1, 1);
                if (!lua_rawequal(L, -1, eidx)) luaL_error(L, "box field 'parent' is a box of another engine");
                lua_pop(L, 1);
                d->parent = b->id;
            }
            break;
        default: luaL_error(L, "unknown box field '%s'", k);
        }
        lua_pop(L, 1);
    }
}

static void push_desc(lua_State *L, int eidx, const grip_box_desc *d) {
    eidx = lua_absindex(L, eidx);
    lua_createtable(L, 0, 32);
    for (const gn_field *f = gn_box_desc_fields; f->name[0]; f++) {
        const char *p = (const char *)d + f->offset;
        switch (f->kind) {
        case GN_NUMBER: lua_pushnumber(L, *(const double *)p); break;
        case GN_BOOL: lua_pushboolean(L, *(const bool *)p); break;
        case GN_MASK: push_mask(L, *(const uint32_t *)p, gn_tables[f->table] + f->first, f->first); break;
        case GN_ENUM: push_name(L, gn_tables[f->table], (long)*(const uint32_t *)p); break;
        case GN_U64: lua_pushinteger(L, (lua_Integer)*(const uint64_t *)p); break;
        default: push_box(L, eidx, d->parent); break;
        }
        lua_setfield(L, -2, f->name);
    }
}

/* ---- value tables ------------------------------------------------------------------------- */

static void push_vec(lua_State *L, double x, double y) {
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, y);
    lua_setfield(L, -2, "y");
}

static void push_affine(lua_State *L, const grip_affine *m) {
    lua_createtable(L, 0, 6);
    lua_pushnumber(L, m->a); lua_setfield(L, -2, "a");
    lua_pushnumber(L, m->b); lua_setfield(L, -2, "b");
    lua_pushnumber(L, m->c); lua_setfield(L, -2, "c");
    lua_pushnumber(L, m->d); lua_setfield(L, -2, "d");
    lua_pushnumber(L, m->tx); lua_setfield(L, -2, "tx");
    lua_pushnumber(L, m->ty); lua_setfield(L, -2, "ty");
}

static void set_num(lua_State *L, const char *k, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

static void set_bool(lua_State *L, const char *k, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static void push_state(lua_State *L, const grip_box_state *s) {
    lua_createtable(L, 0, 12);
    push_vec(L, s->center.x, s->center.y);
    lua_setfield(L, -2, "center");
    set_num(L, "width", s->width);
    set_num(L, "height", s->height);
    set_num(L, "rotation", s->rotation);
    set_num(L, "scale", s->scale);
    set_bool(L, "flipped_x", s->flipped_x);
    set_bool(L, "flipped_y", s->flipped_y);
    push_affine(L, &s->local);
    lua_setfield(L, -2, "local");
    push_affine(L, &s->world);
    lua_setfield(L, -2, "world");
    lua_createtable(L, 4, 0);
    for (int i = 0; i < 4; i++) {
        push_vec(L, s->corners[i].x, s->corners[i].y);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "corners");
    set_bool(L, "editing", s->editing);
    set_bool(L, "gesture_active", s->gesture_active);
}

static void push_geom(lua_State *L, const gl_geom *g) {
    lua_createtable(L, 0, 7);
    push_vec(L, g->cx, g->cy);
    lua_setfield(L, -2, "center");
    set_num(L, "width", g->width);
    set_num(L, "height", g->height);
    set_num(L, "rotation", g->rotation);
    set_num(L, "scale", g->scale);
    set_bool(L, "flipped_x", g->flipped_x);
    set_bool(L, "flipped_y", g->flipped_y);
}

static const char *const geom_keys[] = {"center", "width", "height", "rotation", "scale", "flipped_x", "flipped_y", NULL};

/* A geometry table at idx over base (fields it leaves out keep base's values). */
static void read_geom(lua_State *L, int idx, const gl_geom *base, gl_geom *out, const char *what) {
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE) luaL_error(L, "%s must return a geometry table (got %s)", what, luaL_typename(L, idx));
    check_keys(L, idx, geom_keys, what);
    *out = *base;
    if (lua_getfield(L, idx, "center") != LUA_TNIL) point_value(L, -1, &out->cx, &out->cy, "center");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "width") != LUA_TNIL) out->width = num_value(L, -1, "width");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "height") != LUA_TNIL) out->height = num_value(L, -1, "height");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "rotation") != LUA_TNIL) out->rotation = num_value(L, -1, "rotation");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "scale") != LUA_TNIL) out->scale = num_value(L, -1, "scale");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "flipped_x") != LUA_TNIL) out->flipped_x = bool_value(L, -1, "flipped_x");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "flipped_y") != LUA_TNIL) out->flipped_y = bool_value(L, -1, "flipped_y");
    lua_pop(L, 1);
}

#define CALL_INIT(c) gl_call c; memset(&c, 0, sizeof c)

/* A grip_geometry as {parent = box or nil, center = {x, y}, width, height, rotation, scale,
 * flipped_x, flipped_y}. */
static void push_grip_geometry(lua_State *L, int eidx, const grip_geometry *g) {
    gl_geom geom = {g->center.x, g->center.y, g->width, g->height, g->rotation, g->scale, g->flipped_x, g->flipped_y};
    push_geom(L, &geom);
    push_box(L, eidx, g->parent);
    lua_setfield(L, -2, "parent");
}

/* Sets ev.changes on the event table on top: the step's boxes with their geometry before and
 * after (the event the engine at eidx handed out last). */
static void push_changes(lua_State *L, int eidx) {
    engine_ud *u = (engine_ud *)lua_touserdata(L, eidx);
    CALL_INIT(c);
    c.op = GL_OP_EVENT_CHANGES;
    c.engine = u->eng;
    call(L, &c);
    const grip_change *ch = (const grip_change *)c.rptr;
    lua_createtable(L, (int)c.rcount, 0);
    for (int64_t k = 0; k < c.rcount; k++) {
        lua_createtable(L, 0, 3);
        push_box(L, eidx, ch[k].box);
        lua_setfield(L, -2, "box");
        push_grip_geometry(L, eidx, &ch[k].before);
        lua_setfield(L, -2, "before");
        push_grip_geometry(L, eidx, &ch[k].after);
        lua_setfield(L, -2, "after");
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

/* ---- grip.new and engine methods --------------------------------------------------------------- */

static const char *const engine_keys[] = {"width", "height", "max_boxes", "max_pointers", "touch_slop",
                                          "double_tap_interval", "handle_hit_radius", "selection", "marquee_rule",
                                          "group_resize", "history_limit", "nudge_step", "nudge_step_large",
                                          "rotate_handle_offset", NULL};

/* The enum option `key` of the table at idx as its index in `names`, or def when absent. */
static int opt_enum(lua_State *L, int idx, const char *key, const char *const *names, int def) {
    int v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = enum_value(L, -1, names, key);
    lua_pop(L, 1);
    return v;
}

static int l_new(lua_State *L) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        check_keys(L, 1, engine_keys, "grip.new");
        d.width = opt_number(L, 1, "width", d.width);
        d.height = opt_number(L, 1, "height", d.height);
        lua_Integer mb = opt_integer(L, 1, "max_boxes", d.max_boxes);
        lua_Integer mp = opt_integer(L, 1, "max_pointers", d.max_pointers);
        if (mb < 0 || mb > 0x7FFFFFFF || mp < 0 || mp > 0x7FFFFFFF) luaL_error(L, "grip.new: max_boxes/max_pointers out of range");
        d.max_boxes = (uint32_t)mb;
        d.max_pointers = (uint32_t)mp;
        d.touch_slop = opt_number(L, 1, "touch_slop", d.touch_slop);
        d.double_tap_interval = opt_number(L, 1, "double_tap_interval", d.double_tap_interval);
        d.handle_hit_radius = opt_number(L, 1, "handle_hit_radius", d.handle_hit_radius);
        d.selection = (grip_selection_mode)opt_enum(L, 1, "selection", selection_names, (int)d.selection);
        d.marquee_rule = (grip_marquee_rule)opt_enum(L, 1, "marquee_rule", marquee_names, (int)d.marquee_rule);
        d.group_resize = (grip_group_resize)opt_enum(L, 1, "group_resize", group_resize_names, (int)d.group_resize);
        lua_Integer hl = opt_integer(L, 1, "history_limit", d.history_limit);
        if (hl < 0 || hl > 0x7FFFFFFF) luaL_error(L, "grip.new: history_limit out of range");
        d.history_limit = (uint32_t)hl;
        d.nudge_step = opt_number(L, 1, "nudge_step", d.nudge_step);
        d.nudge_step_large = opt_number(L, 1, "nudge_step_large", d.nudge_step_large);
        d.rotate_handle_offset = opt_number(L, 1, "rotate_handle_offset", d.rotate_handle_offset);
    }
    engine_ud *u = new_engine_ud(L);
    gl_call c;
    memset(&c, 0, sizeof c);
    c.op = GL_OP_ENGINE_NEW;
    c.in = &d;
    call(L, &c);
    u->eng = c.rptr;
    register_engine(L, -1);
    return 1;
}

static int simple_engine_op(lua_State *L, int op, gl_call *c) {
    engine_ud *u = check_engine(L, 1);
    c->op = op;
    c->engine = u->eng;
    call(L, c);
    return 0;
}


static int l_engine_box(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    grip_box_desc d;
    grip_box_desc_init(&d);
    read_desc(L, 2, 1, &d);
    CALL_INIT(c);
    c.op = GL_OP_BOX_CREATE;
    c.engine = u->eng;
    c.in = &d;
    call(L, &c);
    push_box(L, 1, c.rbox);
    return 1;
}

static uint32_t mods_value(lua_State *L, int idx) {
    if (lua_isnoneornil(L, idx)) return 0;
    return mask_value(L, idx, mod_names, 0, 0xF, "modifiers");
}

static int l_pointer(lua_State *L) {
    CALL_INIT(c);
    gl_pointer_args *a = &c.args.pointer;
    a->phase = enum_value(L, 2, phase_names, "phase");
    lua_Integer p = int_value(L, 3, "pointer");
    if (p < 0 || p > 0xFFFFFFFF) luaL_error(L, "pointer must be in 0..2^32-1");
    a->pointer = (uint32_t)p;
    a->x = num_value(L, 4, "x");
    a->y = num_value(L, 5, "y");
    a->has_time = !lua_isnoneornil(L, 6);
    if (a->has_time) a->time = num_value(L, 6, "time");
    a->mods = mods_value(L, 7);
    simple_engine_op(L, GL_OP_POINTER, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static int l_magnify(lua_State *L) {
    CALL_INIT(c);
    gl_magnify_args *a = &c.args.magnify;
    a->phase = enum_value(L, 2, phase_names, "phase");
    a->factor = num_value(L, 3, "factor");
    a->x = num_value(L, 4, "x");
    a->y = num_value(L, 5, "y");
    a->has_time = !lua_isnoneornil(L, 6);
    if (a->has_time) a->time = num_value(L, 6, "time");
    simple_engine_op(L, GL_OP_MAGNIFY, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static int l_tick(lua_State *L) {
    CALL_INIT(c);
    c.args.time = num_value(L, 2, "time");
    return simple_engine_op(L, GL_OP_TICK, &c);
}

static int l_advance(lua_State *L) {
    CALL_INIT(c);
    c.args.seconds = num_value(L, 2, "seconds");
    return simple_engine_op(L, GL_OP_ADVANCE, &c);
}

static int l_time(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_ENGINE_TIME, &c);
    lua_pushnumber(L, c.rtime);
    return 1;
}

static int l_set_bounds(lua_State *L) {
    CALL_INIT(c);
    c.args.bounds.width = num_value(L, 2, "width");
    c.args.bounds.height = num_value(L, 3, "height");
    return simple_engine_op(L, GL_OP_SET_BOUNDS, &c);
}

static int l_set_view(lua_State *L) {
    grip_affine m = {1, 0, 0, 1, 0, 0};
    luaL_checktype(L, 2, LUA_TTABLE);
    static const char *const keys[] = {"a", "b", "c", "d", "tx", "ty", NULL};
    check_keys(L, 2, keys, "view");
    m.a = opt_number(L, 2, "a", 1);
    m.b = opt_number(L, 2, "b", 0);
    m.c = opt_number(L, 2, "c", 0);
    m.d = opt_number(L, 2, "d", 1);
    m.tx = opt_number(L, 2, "tx", 0);
    m.ty = opt_number(L, 2, "ty", 0);
    CALL_INIT(c);
    c.in = &m;
    return simple_engine_op(L, GL_OP_SET_VIEW, &c);
}

/* e:set_snapping{flags = {...}, grid_x, grid_y, grid_origin = {x, y}, threshold, bypass_modifiers = {...}}, or nil: off. */
static int l_set_snapping(lua_State *L) {
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    CALL_INIT(c);
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        static const char *const keys[] = {"flags", "grid_x", "grid_y", "grid_origin", "threshold", "bypass_modifiers", NULL};
        check_keys(L, 2, keys, "snapping");
        if (lua_getfield(L, 2, "flags") != LUA_TNIL) d.flags = mask_value(L, -1, snap_names, 0, 0x1F, "snapping.flags");
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "bypass_modifiers") != LUA_TNIL) d.bypass_modifiers = mask_value(L, -1, mod_names, 0, 0xF, "snapping.bypass_modifiers");
        lua_pop(L, 1);
        if (lua_getfield(L, 2, "grid_origin") != LUA_TNIL) point_value(L, -1, &d.grid_origin.x, &d.grid_origin.y, "snapping.grid_origin");
        lua_pop(L, 1);
        d.grid_x = opt_number(L, 2, "grid_x", d.grid_x);
        d.grid_y = opt_number(L, 2, "grid_y", d.grid_y);
        d.threshold = opt_number(L, 2, "threshold", d.threshold);
        c.in = &d;
    }
    return simple_engine_op(L, GL_OP_SET_SNAPPING, &c);
}

static int l_hit(lua_State *L) {
    CALL_INIT(c);
    c.args.point.x = num_value(L, 2, "x");
    c.args.point.y = num_value(L, 3, "y");
    simple_engine_op(L, GL_OP_HIT, &c);
    push_box(L, 1, c.rbox);
    push_handle(L, 1, c.rbox, (long)c.rhandle);
    return 2;
}

/* Calls op (GL_OP_BOXES or GL_OP_QUERY, arguments already in c) and pushes the ids it lists as a
 * list of boxes: a small list fits the stack buffer; a larger one is asked for again into a
 * buffer of its size (a userdata, collected by Lua). */
static int push_box_list(lua_State *L, int op, gl_call *c) {
    uint64_t small[64];
    c->out = small;
    c->out_capacity = 64;
    gl_call again = *c;
    simple_engine_op(L, op, c);
    lua_Integer n = (lua_Integer)c->rcount;
    uint64_t *ids = small;
    if (n > 64) {
        ids = (uint64_t *)lua_newuserdatauv(L, (size_t)n * sizeof *ids, 0);
        again.out = ids;
        again.out_capacity = (size_t)n;
        simple_engine_op(L, op, &again);
        if ((lua_Integer)again.rcount < n) n = (lua_Integer)again.rcount;
    }
    lua_createtable(L, (int)(n < 0x7FFFFFFF ? n : 0), 0);
    for (lua_Integer k = 0; k < n; k++) {
        push_box(L, 1, ids[k]);
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

static int l_boxes(lua_State *L) {
    CALL_INIT(c);
    return push_box_list(L, GL_OP_BOXES, &c);
}

static const char *const query_keys[] = {"x0", "y0", "x1", "y1", "contain", NULL};

static int l_query(lua_State *L) {
    check_engine(L, 1);
    check_keys(L, 2, query_keys, "query");
    CALL_INIT(c);
    const char *corner[4] = {"x0", "y0", "x1", "y1"};
    double *at[4] = {&c.args.query.x0, &c.args.query.y0, &c.args.query.x1, &c.args.query.y1};
    for (int k = 0; k < 4; k++) {
        if (lua_getfield(L, 2, corner[k]) == LUA_TNIL) luaL_error(L, "query: %s is missing", corner[k]);
        *at[k] = num_value(L, -1, corner[k]);
        lua_pop(L, 1);
    }
    if (lua_getfield(L, 2, "contain") != LUA_TNIL) c.args.query.contain = bool_value(L, -1, "contain");
    lua_pop(L, 1);
    return push_box_list(L, GL_OP_QUERY, &c);
}

/* e:screen_to_world(x, y) / e:world_to_screen(x, y): two numbers. */
static int map_point(lua_State *L, int op) {
    CALL_INIT(c);
    c.args.point.x = num_value(L, 2, "x");
    c.args.point.y = num_value(L, 3, "y");
    simple_engine_op(L, op, &c);
    lua_pushnumber(L, c.rx);
    lua_pushnumber(L, c.ry);
    return 2;
}

static int l_screen_to_world(lua_State *L) { return map_point(L, GL_OP_SCREEN_TO_WORLD); }

/* e:select(box [, op]): op "replace" (default; box nil clears), "add", "remove" or "toggle". */
static int l_select(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    CALL_INIT(c);
    if (!lua_isnoneornil(L, 2)) {
        uint64_t id;
        if (check_box(L, 2, &id) != u->eng) luaL_error(L, "select: the box belongs to another engine");
        lua_pop(L, 1);
        c.box = id;
    }
    c.args.select_op = lua_isnoneornil(L, 3) ? 0 : enum_value(L, 3, select_names, "op");
    return simple_engine_op(L, GL_OP_SELECT, &c);
}

/* e:selection(): the selected boxes, in the order they were selected. */
static int l_selection(lua_State *L) {
    CALL_INIT(c);
    return push_box_list(L, GL_OP_SELECTION, &c);
}

/* e:selection_state(): {count, center, width, height, rotation, corners, gesture_active}. */
static int l_selection_state(lua_State *L) {
    grip_selection_state st;
    memset(&st, 0, sizeof st);
    st.struct_size = sizeof st;
    CALL_INIT(c);
    c.out = &st;
    simple_engine_op(L, GL_OP_SELECTION_STATE, &c);
    lua_createtable(L, 0, 7);
    set_int(L, "count", (lua_Integer)st.count);
    push_vec(L, st.center.x, st.center.y);
    lua_setfield(L, -2, "center");
    set_num(L, "width", st.width);
    set_num(L, "height", st.height);
    set_num(L, "rotation", st.rotation);
    lua_createtable(L, 4, 0);
    for (int k = 0; k < 4; k++) {
        push_vec(L, st.corners[k].x, st.corners[k].y);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "corners");
    lua_pushboolean(L, st.gesture_active);
    lua_setfield(L, -2, "gesture_active");
    return 1;
}

static int l_world_to_screen(lua_State *L) { return map_point(L, GL_OP_WORLD_TO_SCREEN); }

static int l_close(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    if (u->eng == NULL) return 0;
    CALL_INIT(c);
    c.op = GL_OP_ENGINE_CLOSE;
    c.engine = u->eng;
    call(L, &c);
    return 0;
}

static int l_engine_gc(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    void *eng = u->eng;
    u->eng = NULL;
    if (eng) gripl_release(eng);
    return 0;
}

static int l_engine_tostring(lua_State *L) {
    engine_ud *u = (engine_ud *)luaL_checkudata(L, 1, ENGINE_MT);
    gl_ctx *ctx = gl_getctx(L);
    if (u->eng == NULL) lua_pushliteral(L, "grip.engine (destroyed)");
    else if (ctx && ctx->host == u->eng) lua_pushliteral(L, "grip.engine (host)");
    else lua_pushfstring(L, "grip.engine: %p", lua_topointer(L, 1));
    return 1;
}

/* Frames: the engine is locked (busy) while the table is built, so a finalizer or metamethod
 * running meanwhile cannot invalidate the arrays being read. */
typedef struct frame_args { const grip_frame *f; } frame_args;

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
        lua_createtable(L, 0, 20);
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

static int l_frame(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    lua_settop(L, 1);
    grip_frame f;
    memset(&f, 0, sizeof f);
    CALL_INIT(c);
    c.op = GL_OP_FRAME_LOCK;
    c.engine = u->eng;
    c.out = &f;
    call(L, &c);
    frame_args a = {&f};
    lua_pushcfunction(L, build_frame);
    lua_pushlightuserdata(L, &a);
    lua_pushvalue(L, 1);
    int st = lua_pcall(L, 2, 1, 0);
    CALL_INIT(unlock);
    unlock.op = GL_OP_FRAME_UNLOCK;
    unlock.engine = u->eng;
    swift(L, &unlock);
    if (st != LUA_OK) return lua_error(L);
    return 1;
}

static int l_events_next(lua_State *L) {
    engine_ud *u = check_engine(L, lua_upvalueindex(1));
    grip_event ev;
    memset(&ev, 0, sizeof ev);
    CALL_INIT(c);
    c.op = GL_OP_EVENT_NEXT;
    c.engine = u->eng;
    c.out = &ev;
    call(L, &c);
    if (!c.rflag) return 0;
    push_event(L, lua_upvalueindex(1), &ev, c.message);
    return 1;
}

static int l_events(lua_State *L) {
    check_engine(L, 1);
    lua_settop(L, 1);
    lua_pushcclosure(L, l_events_next, 1);
    return 1;
}

/* ---- macros ---------------------------------------------------------------------------- */

static const char *const drag_keys[] = {"from", "to", "by", "steps", "duration", "pointer", "mods", NULL};
static const char *const gesture_keys[] = {"steps", "duration", "pointer", "mods", NULL};
static const char *const pinch_keys[] = {"box", "scale", "rotate", "steps", "duration", "pan", "distance", NULL};
static const char *const tap_keys[] = {"pointer", "mods", "release", NULL};

/* A pointer option (default 1) of the table at idx (or none). */
static uint32_t opt_pointer(lua_State *L, int idx) {
    lua_Integer p = opt_integer(L, idx, "pointer", 1);
    if (p < 0 || p > 0xFFFFFFFF) luaL_error(L, "pointer must be in 0..2^32-1");
    return (uint32_t)p;
}

/* The mods option of the table at idx (or none). */
static uint32_t opt_mods(lua_State *L, int idx) {
    opt_field(L, idx, "mods");
    uint32_t m = mods_value(L, -1);
    lua_pop(L, 1);
    return m;
}

static void gesture_opts(lua_State *L, int idx, gl_gesture_opts *o) {
    o->steps = opt_integer(L, idx, "steps", 10);
    o->duration = opt_number(L, idx, "duration", 0.2);
    o->pointer = opt_pointer(L, idx);
    o->mods = opt_mods(L, idx);
}

static int l_drag(lua_State *L) {
    check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, drag_keys, "drag");
    CALL_INIT(c);
    gl_drag_args *a = &c.args.drag;
    if (lua_getfield(L, 2, "from") == LUA_TNIL) luaL_error(L, "drag needs from = {x, y}");
    point_value(L, -1, &a->from_x, &a->from_y, "drag.from");
    lua_pop(L, 1);
    if (lua_getfield(L, 2, "to") != LUA_TNIL) {
        point_value(L, -1, &a->to_x, &a->to_y, "drag.to");
    } else if (lua_getfield(L, 2, "by") != LUA_TNIL) {
        point_value(L, -1, &a->to_x, &a->to_y, "drag.by");
        a->to_x += a->from_x;
        a->to_y += a->from_y;
        lua_pop(L, 1);
    } else {
        luaL_error(L, "drag needs to = {x, y} or by = {dx, dy}");
    }
    lua_pop(L, 1);
    gesture_opts(L, 2, &a->opts);
    return simple_engine_op(L, GL_OP_DRAG, &c);
}

static const char *const marquee_keys[] = {"from", "to", "steps", "duration", "pointer", "mods", NULL};

/* e:key(phase, key [, time [, mods]]): a key going "down" or "up"; key "left", "right", "up",
 * "down", "escape", "tab", "shift", "alt", "ctrl" or "meta". Returns whether it did something. */
static int l_key(lua_State *L) {
    CALL_INIT(c);
    gl_key_args *a = &c.args.key;
    a->phase = enum_value(L, 2, phase_names, "phase");
    a->key = enum_value(L, 3, key_names, "key");
    if (a->key == 0) luaL_error(L, "key must be one of left, right, up, down, escape, tab, shift, alt, ctrl, meta");
    a->has_time = !lua_isnoneornil(L, 4);
    if (a->has_time) a->time = num_value(L, 4, "time");
    a->mods = mods_value(L, 5);
    simple_engine_op(L, GL_OP_KEY, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static const char *const nudge_keys[] = {"key", "times", "mods", NULL};

/* e:nudge{key = "left", times = 1, mods = {...}}: arrow presses at the engine's time (one nudge
 * run). Returns whether the selection moved. */
static int l_nudge(lua_State *L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, nudge_keys, "nudge");
    CALL_INIT(c);
    gl_nudge_args *a = &c.args.nudge;
    lua_getfield(L, 2, "key");
    a->key = enum_value(L, -1, key_names, "key");
    lua_pop(L, 1);
    if (a->key < 1 || a->key > 4) luaL_error(L, "nudge: key must be left, right, up or down");
    a->times = opt_integer(L, 2, "times", 1);
    a->mods = opt_mods(L, 2);
    simple_engine_op(L, GL_OP_NUDGE, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:undo() / e:redo(): true when a step was undone / redone, false when there was none. */
static int l_undo(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_UNDO, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static int l_redo(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_REDO, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

/* e:history(): how many steps undo and redo can take (two integers). */
static int l_history(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_HISTORY_DEPTH, &c);
    lua_pushinteger(L, (lua_Integer)c.rcount);
    lua_pushinteger(L, (lua_Integer)c.rredo);
    return 2;
}

/* e:clear_history(): forgets every step. */
static int l_clear_history(lua_State *L) {
    CALL_INIT(c);
    return simple_engine_op(L, GL_OP_HISTORY_CLEAR, &c);
}

/* e:marquee{from = {x, y}, to = {x, y}, mods = {...}}: a drag from a place where no box is (with
 * pointer selection, a marquee; its mods are held throughout: shift adds, ctrl swaps the rule). */
static int l_marquee(lua_State *L) {
    check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, marquee_keys, "marquee");
    CALL_INIT(c);
    gl_drag_args *a = &c.args.drag;
    if (lua_getfield(L, 2, "from") == LUA_TNIL) luaL_error(L, "marquee needs from = {x, y}");
    point_value(L, -1, &a->from_x, &a->from_y, "marquee.from");
    lua_pop(L, 1);
    if (lua_getfield(L, 2, "to") == LUA_TNIL) luaL_error(L, "marquee needs to = {x, y}");
    point_value(L, -1, &a->to_x, &a->to_y, "marquee.to");
    lua_pop(L, 1);
    gesture_opts(L, 2, &a->opts);
    a->marquee = true;  /* it must start where no box is */
    return simple_engine_op(L, GL_OP_DRAG, &c);
}

/* A handle argument: a built-in name, a custom handle's name, or a number. */
static long handle_value(lua_State *L, int idx, int eidx, uint64_t id) {
    if (lua_type(L, idx) == LUA_TNUMBER) return (long)int_value(L, idx, "handle");
    if (lua_type(L, idx) != LUA_TSTRING) luaL_error(L, "handle must be a name (got %s)", luaL_typename(L, idx));
    const char *s = lua_tostring(L, idx);
    int h = name_index(handle_names, s);
    if (h > 0) return h;
    int top = lua_gettop(L);
    if (push_box_hooks(L, eidx, id, 0) && lua_getfield(L, -1, "handles") == LUA_TTABLE) {
        int hs = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, hs);
        for (lua_Integer i = 1; i <= n; i++) {
            int same = lua_rawgeti(L, hs, i) == LUA_TTABLE && lua_getfield(L, -1, "name") == LUA_TSTRING &&
                       strcmp(lua_tostring(L, -1), s) == 0;
            lua_settop(L, hs);
            if (same) {
                lua_settop(L, top);
                return GRIP_HANDLE_CUSTOM + (long)(i - 1);
            }
        }
    }
    lua_settop(L, top);
    return luaL_error(L, "unknown handle '%s'", s);
}

static int l_drag_handle(lua_State *L) {
    lua_settop(L, 6);
    engine_ud *u = check_engine(L, 1);
    uint64_t id;
    void *eng = check_box(L, 2, &id);
    if (eng != u->eng) luaL_error(L, "drag_handle: the box belongs to another engine");
    int eidx = lua_gettop(L);
    CALL_INIT(c);
    c.box = id;
    gl_handle_drag_args *a = &c.args.handle_drag;
    a->handle = handle_value(L, 3, eidx, id);
    a->dx = num_value(L, 4, "dx");
    a->dy = num_value(L, 5, "dy");
    if (!lua_isnoneornil(L, 6)) check_keys(L, 6, gesture_keys, "drag_handle");
    gesture_opts(L, 6, &a->opts);
    return simple_engine_op(L, GL_OP_DRAG_HANDLE, &c);
}

static int l_pinch(lua_State *L) {
    engine_ud *u = check_engine(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, pinch_keys, "pinch");
    CALL_INIT(c);
    lua_getfield(L, 2, "box");
    uint64_t id;
    if (check_box(L, -1, &id) != u->eng) luaL_error(L, "pinch: the box belongs to another engine");
    lua_pop(L, 2);
    c.box = id;
    gl_pinch_args *a = &c.args.pinch;
    a->scale = opt_number(L, 2, "scale", 1);
    a->rotate = opt_number(L, 2, "rotate", 0);
    a->distance = opt_number(L, 2, "distance", 0);
    if (lua_getfield(L, 2, "pan") != LUA_TNIL) point_value(L, -1, &a->pan_x, &a->pan_y, "pinch.pan");
    lua_pop(L, 1);
    a->steps = opt_integer(L, 2, "steps", 10);
    a->duration = opt_number(L, 2, "duration", 0.2);
    return simple_engine_op(L, GL_OP_PINCH, &c);
}

static int tap_like(lua_State *L, int op, int optidx) {
    CALL_INIT(c);
    gl_tap_args *a = &c.args.tap;
    a->x = num_value(L, 2, "x");
    a->y = num_value(L, 3, "y");
    if (op == GL_OP_HOLD) a->seconds = num_value(L, 4, "seconds");
    if (!lua_isnoneornil(L, optidx)) check_keys(L, optidx, tap_keys, "options");
    a->pointer = opt_pointer(L, optidx);
    a->mods = opt_mods(L, optidx);
    a->release = true;
    if (opt_field(L, optidx, "release") != LUA_TNIL) a->release = bool_value(L, -1, "release");
    lua_pop(L, 1);
    return simple_engine_op(L, op, &c);
}

static int l_tap(lua_State *L) { return tap_like(L, GL_OP_TAP, 4); }
static int l_double_tap(lua_State *L) { return tap_like(L, GL_OP_DOUBLE_TAP, 4); }
static int l_hold(lua_State *L) { return tap_like(L, GL_OP_HOLD, 5); }

/* ---- box methods ------------------------------------------------------------------------ */

static int box_op(lua_State *L, int op, gl_call *c) {
    uint64_t id;
    c->engine = check_box(L, 1, &id);
    c->box = id;
    c->op = op;
    call(L, c);
    return 0;
}

static int l_box_state(lua_State *L) {
    grip_box_state s;
    CALL_INIT(c);
    c.out = &s;
    box_op(L, GL_OP_BOX_STATE, &c);
    push_state(L, &s);
    return 1;
}

static int l_box_describe(lua_State *L) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    CALL_INIT(c);
    c.out = &d;
    box_op(L, GL_OP_BOX_DESCRIBE, &c);
    push_desc(L, -1, &d);
    return 1;
}

static int l_box_configure(lua_State *L) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    grip_box_desc d;
    grip_box_desc_init(&d);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_DESCRIBE;
    c.out = &d;
    call(L, &c);
    read_desc(L, 2, eidx, &d);
    CALL_INIT(c2);
    c2.engine = eng;
    c2.box = id;
    c2.op = GL_OP_BOX_CONFIGURE;
    c2.in = &d;
    call(L, &c2);
    return 0;
}

static int l_box_set_editing(lua_State *L) {
    CALL_INIT(c);
    c.args.editing = bool_value(L, 2, "editing");
    return box_op(L, GL_OP_BOX_SET_EDITING, &c);
}

static int l_box_reset(lua_State *L) {
    CALL_INIT(c);
    c.args.animated = lua_isnoneornil(L, 2) ? true : bool_value(L, 2, "animated");
    box_op(L, GL_OP_BOX_RESET, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static int l_box_order(lua_State *L) {
    CALL_INIT(c);
    c.args.order = enum_value(L, 2, order_names, "order");
    return box_op(L, GL_OP_BOX_ORDER, &c);
}

static int l_box_exists(lua_State *L) {
    CALL_INIT(c);
    box_op(L, GL_OP_BOX_EXISTS, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}

static int l_box_id(lua_State *L) {
    box_ud *b = (box_ud *)luaL_checkudata(L, 1, BOX_MT);
    lua_pushinteger(L, (lua_Integer)b->id);
    return 1;
}

static void forget_box(lua_State *L, int eidx, uint64_t id) {
    push_data(L, eidx, "hooks");
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)id);
    lua_pop(L, 1);
    push_data(L, eidx, "on");
    lua_pushnil(L);
    lua_rawseti(L, -2, (lua_Integer)id);
    lua_pop(L, 1);
}

static int l_box_destroy(lua_State *L) {
    lua_settop(L, 1);
    CALL_INIT(c);
    box_op(L, GL_OP_BOX_DESTROY, &c);
    forget_box(L, 2, c.box);
    return 0;
}

static int l_box_close(lua_State *L) {
    lua_settop(L, 1);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_DESTROY;
    c.args.missing_ok = true;
    call(L, &c);
    forget_box(L, 2, id);
    return 0;
}

static int l_box_gc(lua_State *L) {
    (void)L;  /* a box userdata holds only (engine, id): nothing to free */
    return 0;
}

static int l_box_eq(lua_State *L) {
    box_ud *a = (box_ud *)luaL_testudata(L, 1, BOX_MT);
    box_ud *b = (box_ud *)luaL_testudata(L, 2, BOX_MT);
    if (a == NULL || b == NULL || a->id != b->id) {
        lua_pushboolean(L, 0);
        return 1;
    }
    lua_getiuservalue(L, 1, 1);
    lua_getiuservalue(L, 2, 1);
    lua_pushboolean(L, lua_rawequal(L, -1, -2));
    return 1;
}

static int l_box_tostring(lua_State *L) {
    box_ud *b = (box_ud *)luaL_checkudata(L, 1, BOX_MT);
    lua_pushfstring(L, "grip.box(%I)", (lua_Integer)b->id);
    return 1;
}

static const char *const on_kinds_extra[] = {"any", NULL};

static int l_box_on(lua_State *L) {
    lua_settop(L, 3);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    const char *kind = luaL_checkstring(L, 2);
    if (name_index(event_names, kind) <= 0 && name_index(on_kinds_extra, kind) < 0) {
        luaL_error(L, "unknown event kind '%s'", kind);
    }
    if (!lua_isnil(L, 3)) luaL_checktype(L, 3, LUA_TFUNCTION);
    CALL_INIT(c);
    c.engine = eng;
    c.box = id;
    c.op = GL_OP_BOX_EXISTS;
    call(L, &c);
    if (!c.rflag) luaL_error(L, "box was destroyed");
    push_data(L, eidx, "on");
    if (lua_rawgeti(L, -1, (lua_Integer)id) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, (lua_Integer)id);
    }
    if (lua_isnil(L, 3)) {
        lua_pushnil(L);
        lua_setfield(L, -2, kind);
        return 0;
    }
    if (lua_getfield(L, -1, kind) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, kind);
    }
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

/* Tells Swift how many custom handles and whether a constraint box `id` has (hooks table at hidx). */
static int sync_hooks(lua_State *L, void *eng, uint64_t id, int hidx, gl_call *c) {
    lua_getfield(L, hidx, "handles");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_pop(L, 1);
    int has_constraint = lua_getfield(L, hidx, "constraint") == LUA_TFUNCTION;
    lua_pop(L, 1);
    memset(c, 0, sizeof *c);
    c->engine = eng;
    c->box = id;
    c->op = GL_OP_BOX_SET_HOOKS;
    c->args.hooks.handles = n;
    c->args.hooks.constraint = has_constraint;
    return swift(L, c);
}

static const char *const handle_keys[] = {"name", "position", "drag", NULL};

static int l_box_add_handle(lua_State *L) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, handle_keys, "add_handle");
    if (lua_getfield(L, 2, "position") != LUA_TFUNCTION) luaL_error(L, "add_handle needs position = function(state) return x, y end");
    lua_pop(L, 1);
    int dt = lua_getfield(L, 2, "drag");
    if (dt != LUA_TNIL && dt != LUA_TFUNCTION) luaL_error(L, "add_handle: drag must be a function");
    lua_pop(L, 1);
    int nt = lua_getfield(L, 2, "name");
    if (nt != LUA_TNIL && nt != LUA_TSTRING) luaL_error(L, "add_handle: name must be a string");
    if (nt == LUA_TSTRING && name_index(handle_names, lua_tostring(L, -1)) >= 0) {
        luaL_error(L, "add_handle: '%s' is a built-in handle's name", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    push_box_hooks(L, eidx, id, 1);
    int hidx = lua_gettop(L);
    lua_getfield(L, hidx, "handles");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n >= MAX_CUSTOM_HANDLES) luaL_error(L, "a box has at most %d custom handles", MAX_CUSTOM_HANDLES);
    lua_createtable(L, 0, 3);
    lua_getfield(L, 2, "position");
    lua_setfield(L, -2, "position");
    lua_getfield(L, 2, "drag");
    lua_setfield(L, -2, "drag");
    if (lua_getfield(L, 2, "name") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushfstring(L, "custom_%d", (int)n);
    }
    lua_pushvalue(L, -1);
    lua_insert(L, -3);            /* name, entry, name */
    lua_setfield(L, -2, "name");  /* name, entry */
    lua_rawseti(L, -3, n + 1);    /* name */
    gl_call c;
    int rc = sync_hooks(L, eng, id, hidx, &c);
    if (rc != GL_OK) {
        lua_getfield(L, hidx, "handles");
        lua_pushnil(L);
        lua_rawseti(L, -2, n + 1);
        lua_pop(L, 1);
        raise_if(L, rc, &c);
    }
    return 1;
}

/* box:set_constraint(f) and box:set_indicator(f): stores f (or nil) as the box's `name` hook, then
 * tells the engine through `op` (GL_OP_BOX_SET_HOOKS re-syncs all hooks; others pass custom = f ~=
 * nil). On failure the previous function is put back before the error is raised. */
static int set_hook_function(lua_State *L, const char *name, int op) {
    lua_settop(L, 2);
    uint64_t id;
    void *eng = check_box(L, 1, &id);
    int eidx = lua_gettop(L);
    if (!lua_isnil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    push_box_hooks(L, eidx, id, 1);
    int hidx = lua_gettop(L);
    lua_getfield(L, hidx, name);
    int previous = lua_gettop(L);
    lua_pushvalue(L, 2);
    lua_setfield(L, hidx, name);
    CALL_INIT(c);
    int rc;
    if (op == GL_OP_BOX_SET_HOOKS) {
        rc = sync_hooks(L, eng, id, hidx, &c);
    } else {
        c.engine = eng;
        c.box = id;
        c.op = op;
        c.args.custom = !lua_isnil(L, 2);
        rc = swift(L, &c);
    }
    if (rc != GL_OK) {
        lua_pushvalue(L, previous);
        lua_setfield(L, hidx, name);
        raise_if(L, rc, &c);
    }
    return 0;
}

static int l_box_set_constraint(lua_State *L) { return set_hook_function(L, "constraint", GL_OP_BOX_SET_HOOKS); }

static int l_box_set_indicator(lua_State *L) { return set_hook_function(L, "indicator", GL_OP_BOX_SET_INDICATOR); }

/* ---- scene files ------------------------------------------------------------------------ */

/* e:save(): the scene file's text (the length asked for first, then written into a buffer of
 * that size, a userdata collected by Lua). */
static int l_save(lua_State *L) {
    CALL_INIT(c);
    simple_engine_op(L, GL_OP_SCENE_SAVE, &c);
    size_t n = (size_t)c.rcount;
    char *text = (char *)lua_newuserdatauv(L, n + 1, 0);
    CALL_INIT(again);
    again.out = text;
    again.out_capacity = n + 1;
    simple_engine_op(L, GL_OP_SCENE_SAVE, &again);
    lua_pushlstring(L, text, n);
    return 1;
}

/* e:load(text): replaces every box with the scene's (old box handles go stale). */
static int l_load(lua_State *L) {
    CALL_INIT(c);
    size_t n = 0;
    c.in = (void *)luaL_checklstring(L, 2, &n);
    c.in_length = n;
    return simple_engine_op(L, GL_OP_SCENE_LOAD, &c);
}

/* ---- module --------------------------------------------------------------------------- */

static const luaL_Reg engine_methods[] = {
    {"box", l_engine_box}, {"pointer", l_pointer}, {"magnify", l_magnify}, {"tick", l_tick},
    {"advance", l_advance}, {"time", l_time}, {"frame", l_frame}, {"events", l_events}, {"hit", l_hit},
    {"set_bounds", l_set_bounds}, {"set_view", l_set_view}, {"set_snapping", l_set_snapping}, {"drag", l_drag}, {"drag_handle", l_drag_handle},
    {"pinch", l_pinch}, {"tap", l_tap}, {"double_tap", l_double_tap}, {"hold", l_hold}, {"close", l_close},
    {"boxes", l_boxes}, {"query", l_query}, {"screen_to_world", l_screen_to_world},
    {"select", l_select}, {"selection", l_selection}, {"selection_state", l_selection_state}, {"marquee", l_marquee},
    {"world_to_screen", l_world_to_screen}, {"key", l_key}, {"nudge", l_nudge}, {"undo", l_undo},
    {"redo", l_redo}, {"history", l_history}, {"clear_history", l_clear_history}, {"save", l_save},
    {"load", l_load}, {NULL, NULL}};

static const luaL_Reg box_methods[] = {
    {"state", l_box_state}, {"describe", l_box_describe}, {"configure", l_box_configure},
    {"set_editing", l_box_set_editing}, {"reset", l_box_reset}, {"destroy", l_box_destroy},
    {"exists", l_box_exists}, {"id", l_box_id}, {"on", l_box_on}, {"add_handle", l_box_add_handle},
    {"set_indicator", l_box_set_indicator}, {"set_constraint", l_box_set_constraint}, {"order", l_box_order},
    {NULL, NULL}};

/* Metamethods of the two userdata types (methods go in __index). */
static const luaL_Reg engine_meta[] = {
    {"__gc", l_engine_gc}, {"__close", l_close}, {"__tostring", l_engine_tostring}, {NULL, NULL}};
static const luaL_Reg box_meta[] = {
    {"__gc", l_box_gc}, {"__close", l_box_close}, {"__eq", l_box_eq}, {"__tostring", l_box_tostring},
    {NULL, NULL}};

/* Registers metatable `name` once: `methods` as __index, the metamethods, and __metatable set to
 * the name so scripts cannot reach or replace it. Leaves the stack as it found it. */
static void new_metatable(lua_State *L, const char *name, const luaL_Reg *methods, const luaL_Reg *meta) {
    if (luaL_newmetatable(L, name)) {
        lua_newtable(L);
        luaL_setfuncs(L, methods, 0);
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
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &engines_key) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_getfield(L, LUA_REGISTRYINDEX, "grip.weakv");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &engines_key);
    }
    lua_pop(L, 1);
    new_metatable(L, ENGINE_MT, engine_methods, engine_meta);
    new_metatable(L, BOX_MT, box_methods, box_meta);
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

/* ---- Swift -> Lua: handlers and hooks ---------------------------------------------------- */

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
    return st == LUA_OK ? GL_OK : GL_ERR_TOP;  /* on error the error object is on top */
}

enum { HOOK_POSITION, HOOK_DRAG, HOOK_INDICATOR, HOOK_CONSTRAINT };

typedef struct hook_args {
    int kind;
    gl_ctx *ctx;
    void *eng;
    uint64_t box;
    int index;
    const gl_geom *g, *g2;
    double px, py, progress;
    gl_geom *out;
    double *x, *y;
    size_t count;
} hook_args;

/* Pushes the function `key` of custom handle index (0-based) of the hooks table at hidx. */
static int push_handle_fn(lua_State *L, int hidx, int index, const char *key) {
    int top = lua_gettop(L);
    if (lua_getfield(L, hidx, "handles") != LUA_TTABLE || lua_rawgeti(L, -1, index + 1) != LUA_TTABLE) {
        return luaL_error(L, "custom handle %d does not exist", index);
    }
    int t = lua_getfield(L, -1, key);
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return t;
}

static void ensure_points(lua_State *L, gl_ctx *c, size_t n) {
    if (n <= c->points_cap) return;
    size_t cap = c->points_cap ? c->points_cap : 64;
    while (cap < n) cap *= 2;
    double *p = (double *)realloc(c->points, cap * 2 * sizeof(double));
    if (p == NULL) luaL_error(L, "out of memory for the indicator's points");
    c->points = p;
    c->points_cap = cap;
}

static int hook_protected(lua_State *L) {
    hook_args *a = (hook_args *)lua_touserdata(L, 1);
    if (!push_engine_by_ptr(L, a->eng)) return luaL_error(L, "the engine is no longer known to this Lua state");
    int eidx = lua_gettop(L);
    if (!push_box_hooks(L, eidx, a->box, 0)) return luaL_error(L, "the box has no Lua hooks");
    int hidx = lua_gettop(L);
    switch (a->kind) {
    case HOOK_POSITION: {
        if (push_handle_fn(L, hidx, a->index, "position") != LUA_TFUNCTION) return luaL_error(L, "position is not a function");
        push_geom(L, a->g);
        lua_call(L, 1, 2);
        if (lua_type(L, -2) == LUA_TTABLE) {
            point_value(L, -2, a->x, a->y, "position's result");
        } else if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER) {
            *a->x = lua_tonumber(L, -2);
            *a->y = lua_tonumber(L, -1);
        } else {
            return luaL_error(L, "position must return x, y (got %s, %s)", luaL_typename(L, -2), luaL_typename(L, -1));
        }
        break;
    }
    case HOOK_DRAG: {
        if (push_handle_fn(L, hidx, a->index, "drag") != LUA_TFUNCTION) {
            *a->out = *a->g;  /* a handle without drag does nothing */
            break;
        }
        push_geom(L, a->g);
        lua_pushnumber(L, a->px);
        lua_pushnumber(L, a->py);
        lua_call(L, 3, 1);
        read_geom(L, -1, a->g, a->out, "drag");
        break;
    }
    case HOOK_INDICATOR: {
        if (lua_getfield(L, hidx, "indicator") != LUA_TFUNCTION) return luaL_error(L, "the box has no indicator function");
        lua_pushnumber(L, a->progress);
        push_geom(L, a->g);
        lua_call(L, 2, 1);
        if (lua_type(L, -1) != LUA_TTABLE) return luaL_error(L, "indicator must return a list of {x, y} (got %s)", luaL_typename(L, -1));
        int list = lua_gettop(L);
        size_t n = (size_t)lua_rawlen(L, list);
        if (n > MAX_INDICATOR_POINTS) return luaL_error(L, "indicator returned more than %d points", MAX_INDICATOR_POINTS);
        ensure_points(L, a->ctx, n);
        for (size_t i = 0; i < n; i++) {
            lua_rawgeti(L, list, (lua_Integer)i + 1);
            point_value(L, -1, &a->ctx->points[2 * i], &a->ctx->points[2 * i + 1], "indicator point");
            lua_pop(L, 1);
        }
        a->count = n;
        break;
    }
    case HOOK_CONSTRAINT: {
        if (lua_getfield(L, hidx, "constraint") != LUA_TFUNCTION) return luaL_error(L, "the box has no constraint function");
        push_geom(L, a->g);
        push_geom(L, a->g2);
        lua_call(L, 2, 1);
        read_geom(L, -1, a->g, a->out, "constraint");
        break;
    }
    }
    return 0;
}

static int run_hook(hook_args *a, char *err, size_t errlen, const char *what) {
    gl_ctx *c = a->ctx;
    gl_enter_call(c, c->hook_call);  /* the hooks of one host call share its budget */
    c->hook_call = 0;
    if (c->hosted && c->tripped) {  /* this call from the host has run out of budget */
        snprintf(err, errlen, "%s: %s limit exceeded (%llu instructions per call from the host)", what,
                 c->time_tripped ? "time" : "instruction", (unsigned long long)c->ins_limit);
        gl_leave(c);
        return GL_ERR_MSG;
    }
    lua_State *L = c->cur ? c->cur : c->L;
    int top = lua_gettop(L);
    if (!lua_checkstack(L, 8)) {
        snprintf(err, errlen, "%s: Lua stack overflow", what);
        gl_leave(c);
        return GL_ERR_MSG;
    }
    lua_pushcfunction(L, hook_protected);
    lua_pushlightuserdata(L, a);
    int st = lua_pcall(L, 1, 0, 0);
    if (st != LUA_OK) {
        char text[400];
        gl_error_text(L, -1, text, sizeof text);
        if (c->hosted && c->tripped && strstr(text, "instruction limit") == NULL && strstr(text, "time limit") == NULL) {
            snprintf(text, sizeof text, "instruction limit exceeded (%llu instructions per call from the host)",
                     (unsigned long long)c->ins_limit);
        } else if (st == LUA_ERRMEM && c->hosted && c->mem_tripped) {
            snprintf(text, sizeof text, "memory limit exceeded (%zu bytes)", c->mem_limit);
        }
        snprintf(err, errlen, "%s: %s", what, text);
    }
    lua_settop(L, top);
    gl_leave(c);
    return st == LUA_OK ? GL_OK : GL_ERR_MSG;
}

int gl_hook_handle_position(void *ctx, void *engine, uint64_t box, int index, const gl_geom *g,
                            double *x, double *y, char *err, size_t errlen) {
    hook_args a;
    memset(&a, 0, sizeof a);
    a.kind = HOOK_POSITION;
    a.ctx = (gl_ctx *)ctx;
    a.eng = engine;
    a.box = box;
    a.index = index;
    a.g = g;
    a.x = x;
    a.y = y;
    return run_hook(&a, err, errlen, "custom handle position");
}

int gl_hook_handle_drag(void *ctx, void *engine, uint64_t box, int index, const gl_geom *start,
                        double px, double py, gl_geom *out, char *err, size_t errlen) {
    hook_args a;
    memset(&a, 0, sizeof a);
    a.kind = HOOK_DRAG;
    a.ctx = (gl_ctx *)ctx;
    a.eng = engine;
    a.box = box;
    a.index = index;
    a.g = start;
    a.px = px;
    a.py = py;
    a.out = out;
    return run_hook(&a, err, errlen, "custom handle drag");
}

int gl_hook_indicator(void *ctx, void *engine, uint64_t box, double progress, const gl_geom *g,
                      const double **points, size_t *count, char *err, size_t errlen) {
    hook_args a;
    memset(&a, 0, sizeof a);
    a.kind = HOOK_INDICATOR;
    a.ctx = (gl_ctx *)ctx;
    a.eng = engine;
    a.box = box;
    a.g = g;
    a.progress = progress;
    int rc = run_hook(&a, err, errlen, "custom indicator");
    *points = a.ctx->points;
    *count = rc == GL_OK ? a.count : 0;
    return rc;
}

int gl_hook_constraint(void *ctx, void *engine, uint64_t box, const gl_geom *proposed,
                       const gl_geom *current, gl_geom *out, char *err, size_t errlen) {
    hook_args a;
    memset(&a, 0, sizeof a);
    a.kind = HOOK_CONSTRAINT;
    a.ctx = (gl_ctx *)ctx;
    a.eng = engine;
    a.box = box;
    a.g = proposed;
    a.g2 = current;
    a.out = out;
    return run_hook(&a, err, errlen, "constraint");
}
