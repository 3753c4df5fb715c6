/* Names and values: the names of grip.h's enum values, reading Lua arguments into C (raising a
 * Lua error on a bad one, before any Swift frame exists), box descriptions by the generated
 * field map, and the plain value tables (points, affines, box states, geometries). */
#include "bindings.h"

/* ---- names ------------------------------------------------------------------ */

/* The name tables (handle_names, ...) are bindings.h's names for the generated gn_* tables. */
int name_index(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], s) == 0) return i;
    }
    return -1;
}

int count_names(const char *const *names) {
    int n = 0;
    while (names[n]) n++;
    return n;
}

void push_name(lua_State *L, const char *const *names, long v) {
    if (v >= 0 && v < count_names(names)) lua_pushstring(L, names[v]);
    else lua_pushfstring(L, "unknown_%d", (int)v);
}

/* ---- reading arguments -------------------------------------------------------------- */

double num_value(lua_State *L, int idx, const char *what) {
    if (lua_type(L, idx) != LUA_TNUMBER) {
        luaL_error(L, "%s must be a number (got %s)", what, luaL_typename(L, idx));
    }
    return lua_tonumber(L, idx);
}

lua_Integer int_value(lua_State *L, int idx, const char *what) {
    int ok = 0;
    lua_Integer v = lua_tointegerx(L, idx, &ok);
    if (!ok || lua_type(L, idx) != LUA_TNUMBER) {
        luaL_error(L, "%s must be an integer (got %s)", what, luaL_typename(L, idx));
    }
    return v;
}

bool bool_value(lua_State *L, int idx, const char *what) {
    if (lua_type(L, idx) != LUA_TBOOLEAN) luaL_error(L, "%s must be a boolean (got %s)", what, luaL_typename(L, idx));
    return lua_toboolean(L, idx);
}

int enum_value(lua_State *L, int idx, const char *const *names, const char *what) {
    if (lua_type(L, idx) != LUA_TSTRING) luaL_error(L, "%s must be a string (got %s)", what, luaL_typename(L, idx));
    int v = name_index(names, lua_tostring(L, idx));
    if (v < 0) luaL_error(L, "%s: unknown value '%s'", what, lua_tostring(L, idx));
    return v;
}

/* A mask: one name, "all", or a list of names; bit = 1 << (index + shift). */
uint32_t mask_value(lua_State *L, int idx, const char *const *names, int shift, uint32_t all, const char *what) {
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

void push_mask(lua_State *L, uint32_t m, const char *const *names, int shift) {
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
void point_value(lua_State *L, int idx, double *x, double *y, const char *what) {
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
int opt_field(lua_State *L, int idx, const char *key) {
    if (lua_type(L, idx) != LUA_TTABLE) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    return lua_getfield(L, idx, key);
}

double opt_number(lua_State *L, int idx, const char *key, double def) {
    double v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = num_value(L, -1, key);
    lua_pop(L, 1);
    return v;
}

lua_Integer opt_integer(lua_State *L, int idx, const char *key, lua_Integer def) {
    lua_Integer v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = int_value(L, -1, key);
    lua_pop(L, 1);
    return v;
}

/* Rejects keys of the table at idx that are not in `allowed` (and a value at idx that is not a
 * table: lua_next on anything else is undefined, a segfault in practice). */
void check_keys(lua_State *L, int idx, const char *const *allowed, const char *what) {
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

uint32_t mods_value(lua_State *L, int idx) {
    if (lua_isnoneornil(L, idx)) return 0;
    return mask_value(L, idx, mod_names, 0, GN_MOD_ALL, "modifiers");
}

/* The enum option `key` of the table at idx as its index in `names`, or def when absent. */
int opt_enum(lua_State *L, int idx, const char *key, const char *const *names, int def) {
    int v = def;
    if (opt_field(L, idx, key) != LUA_TNIL) v = enum_value(L, -1, names, key);
    lua_pop(L, 1);
    return v;
}

/* A pointer option (default 1) of the table at idx (or none). */
uint32_t opt_pointer(lua_State *L, int idx) {
    lua_Integer p = opt_integer(L, idx, "pointer", 1);
    if (p < 0 || p > 0xFFFFFFFF) luaL_error(L, "pointer must be in 0..2^32-1");
    return (uint32_t)p;
}

/* The mods option of the table at idx (or none). */
uint32_t opt_mods(lua_State *L, int idx) {
    opt_field(L, idx, "mods");
    uint32_t m = mods_value(L, -1);
    lua_pop(L, 1);
    return m;
}

/* ---- box descriptions ------------------------------------------------------------------ */

/* Reads the fields of the table at idx over the description at base, whose fields `fields` lists
 * (gn_*_fields): fields not given keep their value. `what` names the description in messages
 * ("unknown box field 'k'", "box field 'k' ..."); a box field's box must belong to the engine at
 * eidx. */
void read_fields(lua_State *L, int idx, int eidx, const gn_field *fields, void *base, const char *what) {
    idx = lua_absindex(L, idx);
    eidx = lua_absindex(L, eidx);
    luaL_checktype(L, idx, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING) luaL_error(L, "%s fields are named (got a %s key)", what, luaL_typename(L, -2));
        const char *k = lua_tostring(L, -2);
        char label[64];
        snprintf(label, sizeof label, "%s field '%s'", what, k);
        const gn_field *f = fields;
        while (f->name[0] && strcmp(f->name, k) != 0) f++;
        char *p = (char *)base + f->offset;
        switch (f->name[0] ? f->kind : -1) {
        case GN_NUMBER: *(double *)p = num_value(L, -1, label); break;
        case GN_BOOL: *(bool *)p = bool_value(L, -1, label); break;
        case GN_MASK:
            *(uint32_t *)p = mask_value(L, -1, gn_tables[f->table] + f->first, f->first, gn_field_all_bits(f), label);
            break;
        case GN_ENUM: *(uint32_t *)p = (uint32_t)enum_value(L, -1, gn_tables[f->table], label); break;
        case GN_U64: *(uint64_t *)p = (uint64_t)int_value(L, -1, label); break;
        case GN_U32: {
            lua_Integer v = int_value(L, -1, label);
            if (v < 0 || v > 0x7FFFFFFF) luaL_error(L, "%s must be in 0 ... 2147483647 (got %I)", label, v);
            *(uint32_t *)p = (uint32_t)v;
            break;
        }
        case GN_VEC2: point_value(L, -1, &((grip_vec2 *)p)->x, &((grip_vec2 *)p)->y, label); break;
        case GN_BOX:
            if (lua_isnil(L, -1)) {
                *(grip_box *)p = GRIP_NO_BOX;
            } else {
                box_ud *b = (box_ud *)luaL_testudata(L, -1, BOX_MT);
                if (b == NULL) luaL_error(L, "%s must be a box (got %s)", label, luaL_typename(L, -1));
                lua_getiuservalue(L, -1, 1);
                if (!lua_rawequal(L, -1, eidx)) luaL_error(L, "%s is a box of another engine", label);
                lua_pop(L, 1);
                *(grip_box *)p = b->id;
            }
            break;
        default: luaL_error(L, "unknown %s field '%s'", what, k);
        }
        lua_pop(L, 1);
    }
}

/* Pushes a table of every field of the description at base (the keys read_fields reads). */
void push_fields(lua_State *L, int eidx, const gn_field *fields, const void *base) {
    eidx = lua_absindex(L, eidx);
    int n = 0;
    while (fields[n].name[0]) n++;
    lua_createtable(L, 0, n);
    for (const gn_field *f = fields; f->name[0]; f++) {
        const char *p = (const char *)base + f->offset;
        switch (f->kind) {
        case GN_NUMBER: lua_pushnumber(L, *(const double *)p); break;
        case GN_BOOL: lua_pushboolean(L, *(const bool *)p); break;
        case GN_MASK: push_mask(L, *(const uint32_t *)p, gn_tables[f->table] + f->first, f->first); break;
        case GN_ENUM: push_name(L, gn_tables[f->table], (long)*(const uint32_t *)p); break;
        case GN_U64: lua_pushinteger(L, (lua_Integer) * (const uint64_t *)p); break;
        case GN_U32: lua_pushinteger(L, (lua_Integer) * (const uint32_t *)p); break;
        case GN_VEC2: push_vec(L, ((const grip_vec2 *)p)->x, ((const grip_vec2 *)p)->y); break;
        default: push_box(L, eidx, *(const grip_box *)p); break;
        }
        lua_setfield(L, -2, f->name);
    }
}

void read_desc(lua_State *L, int idx, int eidx, grip_box_desc *d) { read_fields(L, idx, eidx, gn_box_desc_fields, d, "box"); }

void push_desc(lua_State *L, int eidx, const grip_box_desc *d) { push_fields(L, eidx, gn_box_desc_fields, d); }

/* ---- value tables ------------------------------------------------------------------------- */

void push_vec(lua_State *L, double x, double y) {
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, y);
    lua_setfield(L, -2, "y");
}

void push_affine(lua_State *L, const grip_affine *m) {
    lua_createtable(L, 0, 6);
    lua_pushnumber(L, m->a);
    lua_setfield(L, -2, "a");
    lua_pushnumber(L, m->b);
    lua_setfield(L, -2, "b");
    lua_pushnumber(L, m->c);
    lua_setfield(L, -2, "c");
    lua_pushnumber(L, m->d);
    lua_setfield(L, -2, "d");
    lua_pushnumber(L, m->tx);
    lua_setfield(L, -2, "tx");
    lua_pushnumber(L, m->ty);
    lua_setfield(L, -2, "ty");
}

void set_num(lua_State *L, const char *k, double v) {
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

static void set_bool(lua_State *L, const char *k, bool v) {
    lua_pushboolean(L, v);
    lua_setfield(L, -2, k);
}

void set_int(lua_State *L, const char *k, lua_Integer v) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

void push_state(lua_State *L, const grip_box_state *s) {
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

void push_geom(lua_State *L, const gl_geom *g) {
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
void read_geom(lua_State *L, int idx, const gl_geom *base, gl_geom *out, const char *what) {
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
