/* Multiplayer from Lua (docs/multiplayer.md): b:key(), b:set_key(k), e:find(k), e:feed_enable(n),
 * e:feed_read() and e:remote_apply(list). A key is a Lua integer (the uint64_t's bits); a change
 * is a table: kind, origin, fields (a list of names), gesture, key, parent_key, below_key, before
 * and after (geometry tables), desc (a box table without parent). */
#include "bindings.h"

#include <string.h>

enum { FEED_BATCH = 32 };

int l_box_key(lua_State *L) {
    uint64_t id;
    CALL_INIT(c);
    c.engine = check_box(L, 1, &id);
    c.box = id;
    c.op = GL_OP_BOX_KEY;
    swift_call(L, &c);
    lua_pushinteger(L, (lua_Integer)c.rbox);
    return 1;
}

int l_box_set_key(lua_State *L) {
    uint64_t id, key = (uint64_t)int_value(L, 2, "key");
    CALL_INIT(c);
    c.engine = check_box(L, 1, &id);
    c.box = id;
    c.in = &key;
    c.op = GL_OP_BOX_SET_KEY;
    swift_call(L, &c);
    return 0;
}

/* e:find(key): the live box with that key, or nil. */
int l_find(lua_State *L) {
    uint64_t key = (uint64_t)int_value(L, 2, "key");
    CALL_INIT(c);
    c.in = &key;
    simple_engine_op(L, GL_OP_FIND, &c);
    push_box(L, 1, c.rbox);
    return 1;
}

/* e:feed_enable([limit]): the change feed on, keeping at most limit (default 4096) unread
 * changes; 0 turns it off. */
int l_feed_enable(lua_State *L) {
    lua_Integer n = lua_isnoneornil(L, 2) ? 4096 : int_value(L, 2, "limit");
    if (n < 0 || n > (1 << 20)) luaL_error(L, "limit must be in 0 ... 1048576 (got %I)", n);
    CALL_INIT(c);
    c.box = (uint64_t)n;
    return simple_engine_op(L, GL_OP_FEED_ENABLE, &c);
}

static void push_geometry(lua_State *L, const grip_geometry *g) {
    gl_geom h = {g->center.x, g->center.y, g->width, g->height, g->rotation, g->scale, g->flipped_x, g->flipped_y};
    push_geom(L, &h); /* the parent travels as a key (parent_key), not in the table */
}

static void set_key_field(lua_State *L, const char *name, uint64_t key) {
    lua_pushinteger(L, (lua_Integer)key);
    lua_setfield(L, -2, name);
}

/* e:feed_read(): the unread changes (a list of tables) and whether changes were lost. */
int l_feed_read(lua_State *L) {
    grip_feed_change *buf = (grip_feed_change *)lua_newuserdatauv(L, FEED_BATCH * sizeof *buf, 0);
    int bufidx = lua_gettop(L);
    lua_newtable(L);
    int list = lua_gettop(L);
    lua_Integer n = 0;
    bool lost = false;
    for (;;) {
        CALL_INIT(c);
        c.out = buf;
        c.out_capacity = FEED_BATCH;
        simple_engine_op(L, GL_OP_FEED_READ, &c);
        lost = lost || c.rflag;
        for (int64_t i = 0; i < c.rcount; i++) {
            const grip_feed_change *ch = &buf[i];
            lua_createtable(L, 0, 10);
            push_name(L, gn_feed_kind_names, (long)ch->kind);
            lua_setfield(L, -2, "kind");
            push_name(L, gn_origin_names, (long)ch->origin);
            lua_setfield(L, -2, "origin");
            push_mask(L, ch->fields, gn_field_names, 0);
            lua_setfield(L, -2, "fields");
            push_name(L, gn_gesture_names, (long)ch->gesture);
            lua_setfield(L, -2, "gesture");
            set_key_field(L, "key", ch->key);
            set_key_field(L, "parent_key", ch->parent_key);
            set_key_field(L, "below_key", ch->below_key);
            push_geometry(L, &ch->before);
            lua_setfield(L, -2, "before");
            push_geometry(L, &ch->after);
            lua_setfield(L, -2, "after");
            push_desc(L, 1, &ch->desc);
            lua_pushnil(L);
            lua_setfield(L, -2, "parent");
            lua_setfield(L, -2, "desc");
            lua_rawseti(L, list, ++n);
        }
        if (c.rcount < FEED_BATCH) break;
    }
    lua_pushboolean(L, lost);
    lua_remove(L, bufidx);
    return 2;
}

static const char *const geometry_keys[] = {"center", "width", "height", "rotation", "scale", "flipped_x", "flipped_y", NULL};

static void read_geometry(lua_State *L, int idx, grip_geometry *g, const char *what) {
    idx = lua_absindex(L, idx);
    if (lua_isnil(L, idx)) return;
    if (!lua_istable(L, idx)) luaL_error(L, "%s must be a table", what);
    check_keys(L, idx, geometry_keys, what);
    if (opt_field(L, idx, "center")) point_value(L, -1, &g->center.x, &g->center.y, "center");
    lua_pop(L, 1);
    g->width = opt_number(L, idx, "width", g->width);
    g->height = opt_number(L, idx, "height", g->height);
    g->rotation = opt_number(L, idx, "rotation", g->rotation);
    g->scale = opt_number(L, idx, "scale", g->scale);
    if (opt_field(L, idx, "flipped_x")) g->flipped_x = bool_value(L, -1, "flipped_x");
    lua_pop(L, 1);
    if (opt_field(L, idx, "flipped_y")) g->flipped_y = bool_value(L, -1, "flipped_y");
    lua_pop(L, 1);
}

static const char *const change_keys[] = {"kind", "origin", "fields", "gesture", "key", "parent_key", "below_key",
                                          "before", "after", "desc", NULL};

/* e:remote_apply(list): other peers' changes (tables as e:feed_read gives them), in order; returns
 * how many were applied (an unusable one raises, the ones before it stay applied). */
int l_remote_apply(lua_State *L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2), applied = 0;
    grip_feed_change *buf = (grip_feed_change *)lua_newuserdatauv(L, FEED_BATCH * sizeof *buf, 0);
    for (lua_Integer first = 1; first <= n; first += FEED_BATCH) {
        lua_Integer count = n - first + 1 < FEED_BATCH ? n - first + 1 : FEED_BATCH;
        for (lua_Integer i = 0; i < count; i++) {
            grip_feed_change *ch = &buf[i];
            memset(ch, 0, sizeof *ch);
            grip_box_desc_init(&ch->desc);
            lua_rawgeti(L, 2, first + i);
            int t = lua_gettop(L);
            if (!lua_istable(L, t)) luaL_error(L, "change %I must be a table", first + i);
            check_keys(L, t, change_keys, "change");
            lua_getfield(L, t, "kind");
            ch->kind = (grip_feed_kind)enum_value(L, -1, gn_feed_kind_names, "kind");
            lua_getfield(L, t, "fields");
            ch->fields = lua_isnil(L, -1) ? 0 : mask_value(L, -1, gn_field_names, 0, GN_FIELD_ALL, "fields");
            lua_pop(L, 2);
            ch->key = (uint64_t)opt_integer(L, t, "key", 0);
            ch->parent_key = (uint64_t)opt_integer(L, t, "parent_key", 0);
            ch->below_key = (uint64_t)opt_integer(L, t, "below_key", 0);
            lua_getfield(L, t, "before");
            read_geometry(L, -1, &ch->before, "before");
            lua_getfield(L, t, "after");
            read_geometry(L, -1, &ch->after, "after");
            lua_getfield(L, t, "desc");
            if (!lua_isnil(L, -1)) read_desc(L, lua_gettop(L), 1, &ch->desc);
            lua_settop(L, t - 1);
        }
        CALL_INIT(c);
        c.in = buf;
        c.in_length = (size_t)count;
        simple_engine_op(L, GL_OP_REMOTE_APPLY, &c);
        applied += c.rcount;
    }
    lua_pushinteger(L, applied);
    return 1;
}

static const char *const live_keys[] = {"key", "parent_key", "gesture", "geometry", NULL};
static const char *const presence_keys[] = {"peer", "color", "selection", "pointer", "live", NULL};

/* The length of the list at field `name` of the table at t (0 when absent), at most
 * GRIP_PEER_KEYS_MAX; the list is left on the stack. */
static lua_Integer presence_list(lua_State *L, int t, const char *name) {
    lua_getfield(L, t, name);
    if (lua_isnil(L, -1)) return 0;
    if (!lua_istable(L, -1)) luaL_error(L, "%s must be a list", name);
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n > GRIP_PEER_KEYS_MAX) luaL_error(L, "%s has %I entries: at most %d", name, n, (int)GRIP_PEER_KEYS_MAX);
    return n;
}

/* e:peer_set{peer = id, color = n, selection = {keys}, pointer = {x, y}, live = {{key, parent_key,
 * gesture, geometry}}}: what another peer is doing, drawn by the frames (grip_peer_set). */
int l_peer_set(lua_State *L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    check_keys(L, 2, presence_keys, "presence");
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    lua_Integer peer = opt_integer(L, 2, "peer", 0), color = opt_integer(L, 2, "color", 0);
    if (peer < 0 || peer > 0xFFFFFFFF) luaL_error(L, "peer must be in 0 ... 2^32-1 (got %I)", peer);
    if (color < 0 || color > 0xFFFFFFFF) luaL_error(L, "color must be in 0 ... 2^32-1 (got %I)", color);
    p.peer = (uint32_t)peer;
    p.color = (uint32_t)color;
    if (opt_field(L, 2, "pointer") != LUA_TNIL) {
        point_value(L, -1, &p.pointer.x, &p.pointer.y, "pointer");
        p.has_pointer = true;
    }
    lua_pop(L, 1);
    lua_Integer ns = presence_list(L, 2, "selection");
    int sel = lua_gettop(L);
    uint64_t *keys = (uint64_t *)lua_newuserdatauv(L, (size_t)(ns ? ns : 1) * sizeof *keys, 0);
    for (lua_Integer i = 0; i < ns; i++) {
        lua_rawgeti(L, sel, i + 1);
        keys[i] = (uint64_t)int_value(L, -1, "selection key");
        lua_pop(L, 1);
    }
    lua_Integer nl = presence_list(L, 2, "live");
    int lv = lua_gettop(L);
    grip_live_box *live = (grip_live_box *)lua_newuserdatauv(L, (size_t)(nl ? nl : 1) * sizeof *live, 0);
    for (lua_Integer i = 0; i < nl; i++) {
        grip_live_box *b = &live[i];
        memset(b, 0, sizeof *b);
        b->geometry.scale = 1;
        lua_rawgeti(L, lv, i + 1);
        int t = lua_gettop(L);
        if (!lua_istable(L, t)) luaL_error(L, "live box %I must be a table", i + 1);
        check_keys(L, t, live_keys, "live box");
        b->key = (uint64_t)opt_integer(L, t, "key", 0);
        b->parent_key = (uint64_t)opt_integer(L, t, "parent_key", 0);
        lua_getfield(L, t, "gesture");
        b->gesture = lua_isnil(L, -1) ? GRIP_GESTURE_NONE : (grip_gesture)enum_value(L, -1, gn_gesture_names, "gesture");
        lua_getfield(L, t, "geometry");
        read_geometry(L, -1, &b->geometry, "geometry");
        lua_settop(L, t - 1);
    }
    p.selection = keys;
    p.selection_count = (size_t)ns;
    p.live = live;
    p.live_count = (size_t)nl;
    CALL_INIT(c);
    c.in = &p;
    simple_engine_op(L, GL_OP_PEER_SET, &c);
    return 0;
}

/* e:peer_remove(peer): forgets the peer; returns whether it was known. */
int l_peer_remove(lua_State *L) {
    lua_Integer peer = int_value(L, 2, "peer");
    if (peer < 0 || peer > 0xFFFFFFFF) luaL_error(L, "peer must be in 0 ... 2^32-1 (got %I)", peer);
    CALL_INIT(c);
    c.box = (uint64_t)peer;
    simple_engine_op(L, GL_OP_PEER_REMOVE, &c);
    lua_pushboolean(L, c.rflag);
    return 1;
}
