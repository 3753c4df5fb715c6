/* Swift -> Lua: the box hooks (custom handle position and drag, custom indicator, constraint),
 * each run under lua_pcall with the budget of the host call that runs it. */
#include "bindings.h"

enum {
    HOOK_POSITION,
    HOOK_DRAG,
    HOOK_INDICATOR,
    HOOK_CONSTRAINT,
    HOOK_SELECTION
};

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
    bool *refused;
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
            *a->out = *a->g; /* a handle without drag does nothing */
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
    case HOOK_SELECTION: {
        if (lua_getfield(L, hidx, "constraint") != LUA_TFUNCTION) return luaL_error(L, "the selection has no constraint function");
        push_geom(L, a->g);
        push_geom(L, a->g2);
        lua_call(L, 2, 1);
        if (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1)) {
            *a->refused = true;
            break;
        }
        read_geom(L, -1, a->g, a->out, "selection constraint");
        break;
    }
    }
    return 0;
}

static int run_hook(hook_args *a, char *err, size_t errlen, const char *what) {
    gl_ctx *c = a->ctx;
    gl_enter_call(c, c->hook_call); /* the hooks of one host call share its budget */
    c->hook_call = 0;
    if (c->hosted && c->tripped) { /* this call from the host has run out of budget */
        char text[160];
        gl_budget_text(c, text, sizeof text);
        snprintf(err, errlen, "%s: %s", what, text);
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
            gl_budget_text(c, text, sizeof text);
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

int gl_hook_selection(void *ctx, void *engine, const gl_geom *proposed, const gl_geom *before, gl_geom *out,
                      bool *refused, char *err, size_t errlen) {
    hook_args a;
    memset(&a, 0, sizeof a);
    a.kind = HOOK_SELECTION;
    a.ctx = (gl_ctx *)ctx;
    a.eng = engine;
    a.box = GRIP_SELECTION; /* its function is kept as the hooks of box GRIP_SELECTION */
    a.g = proposed;
    a.g2 = before;
    a.out = out;
    a.refused = refused;
    *refused = false;
    return run_hook(&a, err, errlen, "selection constraint");
}
