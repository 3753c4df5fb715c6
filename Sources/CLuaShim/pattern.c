/* string.find, string.match, string.gmatch and string.gsub on a matcher with a step budget.
 *
 * Lua's own matcher backtracks without limit and never calls the count hook, so a pattern like
 * ('a*'):rep(40)..'b' against 40 a's would hold the host for longer than the universe's age.
 * This matcher implements the same pattern language (classes, sets, quantifiers * + - ?,
 * anchors, captures and position captures, back references, %b, %f, %z) but counts every step:
 * each call of the recursive matcher, each character a quantifier consumes or gives back, each
 * set element scanned. The budget is what is left of the instruction budget of the current
 * entry from the host; the steps taken are charged to it afterwards. Running out trips the
 * instruction limit like an endless loop does. Plain searches use memmem (linear). */
#define _GNU_SOURCE
#include "internal.h"

#include <ctype.h>
#include <string.h>

#define MAXCAPTURES    32
#define CAP_UNFINISHED (-1)
#define CAP_POSITION   (-2)
#define MAXDEPTH       200
#define ESC            '%'
#define SPECIALS       "^$*+?.([%-"

#define uchar(c) ((unsigned char)(c))

typedef struct mstate {
    const char *src_init, *src_end, *p_end;
    lua_State *L;
    gl_ctx *ctx;
    uint64_t steps, budget;
    int depth;
    int level;
    struct {
        const char *init;
        ptrdiff_t len;
    } capture[MAXCAPTURES];
} mstate;

static void prep(mstate *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    ms->L = L;
    ms->ctx = gl_getctx(L);
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->steps = 0;
    gl_ctx *c = ms->ctx;
    if (c == NULL || !c->hosted) ms->budget = UINT64_MAX;
    else if (c->tripped || c->ins_used >= c->ins_limit) ms->budget = 0;
    else ms->budget = (c->ins_limit - c->ins_used) / GL_C_STEP_COST;
}

static void reprep(mstate *ms) {
    ms->level = 0;
    ms->depth = MAXDEPTH;
}

/* Charges the steps taken so far to the state's budget. */
static void settle(mstate *ms) {
    uint64_t n = ms->steps;
    ms->steps = 0;
    if (ms->budget != UINT64_MAX) ms->budget = ms->budget > n ? ms->budget - n : 0;
    if (n > 0 && !gl_charge(ms->ctx, n * GL_C_STEP_COST)) gl_trip_error(ms->L);
}

static void steps(mstate *ms, uint64_t n) {
    ms->steps += n;
    if (ms->steps > ms->budget) {
        gl_charge(ms->ctx, ms->steps * GL_C_STEP_COST);
        ms->steps = 0;
        gl_trip_error(ms->L);
    }
}

static const char *match(mstate *ms, const char *s, const char *p);

static int class_matches(int c, int cl) {
    int res;
    if ((cl | 0x20) == 'z') return (c == 0) != (cl == 'Z'); /* Lua 5.4 still accepts it (deprecated) */
    switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    default: return cl == c;
    }
    if (isupper(cl)) res = !res;
    return res != 0;
}

/* The end of the single-character class starting at p. */
static const char *class_end(mstate *ms, const char *p) {
    switch (*p++) {
    case ESC:
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do { /* the first character of a set may be ']' */
            if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
            if (*(p++) == ESC && p < ms->p_end) p++;
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

/* Whether c is in the set [...] from p ('[') to end (']'). */
static int set_matches(mstate *ms, int c, const char *p, const char *end) {
    int found = 1;
    if (*(p + 1) == '^') {
        found = 0;
        p++;
    }
    steps(ms, (uint64_t)(end - p) / 8);
    while (++p < end) {
        if (*p == ESC) {
            p++;
            if (class_matches(c, uchar(*p))) return found;
        } else if (*(p + 1) == '-' && p + 2 < end) {
            p += 2;
            if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return found;
        } else if (uchar(*p) == c) {
            return found;
        }
    }
    return !found;
}

static int single_matches(mstate *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case ESC: return class_matches(c, uchar(*(p + 1)));
    case '[': return set_matches(ms, c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

static const char *match_balance(mstate *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != *p) return NULL;
    int open = *p, close = *(p + 1), depth = 1;
    while (++s < ms->src_end) {
        steps(ms, 1);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* Greedy: take as many as match, then give back one at a time. */
static const char *max_expand(mstate *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t i = 0;
    while (single_matches(ms, s + i, p, ep)) {
        steps(ms, 1);
        i++;
    }
    for (; i >= 0; i--) {
        const char *res = match(ms, s + i, ep + 1);
        if (res != NULL) return res;
    }
    return NULL;
}

/* Lazy: try the rest first, then take one more. */
static const char *min_expand(mstate *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *res = match(ms, s, ep + 1);
        if (res != NULL) return res;
        if (!single_matches(ms, s, p, ep)) return NULL;
        s++;
    }
}

static const char *start_capture(mstate *ms, const char *s, const char *p, ptrdiff_t what) {
    if (ms->level >= MAXCAPTURES) luaL_error(ms->L, "too many captures");
    ms->capture[ms->level].init = s;
    ms->capture[ms->level].len = what;
    ms->level++;
    const char *res = match(ms, s, p);
    if (res == NULL) ms->level--;
    return res;
}

static int open_capture(mstate *ms) {
    for (int l = ms->level - 1; l >= 0; l--) {
        if (ms->capture[l].len == CAP_UNFINISHED) return l;
    }
    return luaL_error(ms->L, "invalid pattern capture");
}

static const char *end_capture(mstate *ms, const char *s, const char *p) {
    int l = open_capture(ms);
    ms->capture[l].len = s - ms->capture[l].init;
    const char *res = match(ms, s, p);
    if (res == NULL) ms->capture[l].len = CAP_UNFINISHED;
    return res;
}

static int capture_index(mstate *ms, int l) {
    l -= '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == CAP_UNFINISHED) {
        return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    }
    return l;
}

static const char *match_capture(mstate *ms, const char *s, int l) {
    l = capture_index(ms, l);
    if (ms->capture[l].len < 0) return NULL; /* a position capture matches nothing, as in Lua */
    size_t len = (size_t)ms->capture[l].len;
    steps(ms, len / 16);
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->capture[l].init, s, len) == 0) return s + len;
    return NULL;
}

static const char *match(mstate *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
    if ((ms->depth & 15) == 0) gl_check_stack(ms->L, ms->ctx);
again:
    steps(ms, 1);
    if (p != ms->p_end) {
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = start_capture(ms, s, p + 2, CAP_POSITION);
            else s = start_capture(ms, s, p + 1, CAP_UNFINISHED);
            break;
        case ')':
            s = end_capture(ms, s, p + 1);
            break;
        case '$':
            if (p + 1 != ms->p_end) goto literal;
            s = (s == ms->src_end) ? s : NULL;
            break;
        case ESC:
            switch (*(p + 1)) {
            case 'b':
                s = match_balance(ms, s, p + 2);
                if (s != NULL) {
                    p += 4;
                    goto again;
                }
                break;
            case 'f': {
                p += 2;
                if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
                const char *ep = class_end(ms, p);
                int prev = (s == ms->src_init) ? 0 : uchar(*(s - 1));
                int here = (s < ms->src_end) ? uchar(*s) : 0;
                if (!set_matches(ms, prev, p, ep - 1) && set_matches(ms, here, p, ep - 1)) {
                    p = ep;
                    goto again;
                }
                s = NULL;
                break;
            }
            case '0':
            case '1':
            case '2':
            case '3':
            case '4':
            case '5':
            case '6':
            case '7':
            case '8':
            case '9':
                s = match_capture(ms, s, uchar(*(p + 1)));
                if (s != NULL) {
                    p += 2;
                    goto again;
                }
                break;
            default:
                goto literal;
            }
            break;
        default:
        literal : {
            const char *ep = class_end(ms, p);
            if (!single_matches(ms, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') {
                    p = ep + 1;
                    goto again;
                }
                s = NULL;
            } else {
                switch (*ep) {
                case '?': {
                    const char *res = match(ms, s + 1, ep + 1);
                    if (res != NULL) {
                        s = res;
                    } else {
                        p = ep + 1;
                        goto again;
                    }
                    break;
                }
                case '+': s = max_expand(ms, s + 1, p, ep); break;
                case '*': s = max_expand(ms, s, p, ep); break;
                case '-': s = min_expand(ms, s, p, ep); break;
                default:
                    s++;
                    p = ep;
                    goto again;
                }
            }
            break;
        }
        }
    }
    ms->depth++;
    return s;
}

/* ---- results ------------------------------------------------------------- */

/* Capture i (or the whole match when there are none and i is 0): its start and length, or
 * CAP_POSITION after pushing the position. */
static ptrdiff_t one_capture(mstate *ms, int i, const char *s, const char *e, const char **cap) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (len == CAP_UNFINISHED) luaL_error(ms->L, "unfinished capture");
    else if (len == CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    return len;
}

static void push_capture(mstate *ms, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t len = one_capture(ms, i, s, e, &cap);
    if (len != CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)len);
}

static int push_captures(mstate *ms, const char *s, const char *e) {
    int n = (ms->level == 0 && s != NULL) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(ms, i, s, e);
    return n;
}

static size_t start_index(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static int no_specials(const char *p, size_t l) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, SPECIALS) != NULL) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= l);
    return 1;
}

static int find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
        if (!gl_charge(gl_getctx(L), (ls - init) / GL_COMPARE_BYTES + lp / GL_SCAN_BYTES + 1)) gl_trip_error(L);
        const char *found = lp == 0 ? s + init : (const char *)memmem(s + init, ls - init, p, lp);
        if (found != NULL) {
            lua_pushinteger(L, (found - s) + 1);
            lua_pushinteger(L, (lua_Integer)((found - s) + lp));
            return 2;
        }
    } else {
        mstate ms;
        const char *s1 = s + init;
        int anchor = (*p == '^');
        if (anchor) {
            p++;
            lp--;
        }
        prep(&ms, L, s, ls, p, lp);
        do {
            reprep(&ms);
            const char *res = match(&ms, s1, p);
            if (res != NULL) {
                settle(&ms);
                if (find) {
                    lua_pushinteger(L, (s1 - s) + 1);
                    lua_pushinteger(L, res - s);
                    return push_captures(&ms, NULL, 0) + 2;
                }
                return push_captures(&ms, s1, res);
            }
        } while (s1++ < ms.src_end && !anchor);
        settle(&ms);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_aux(L, 1); }
static int str_match(lua_State *L) { return find_aux(L, 0); }

typedef struct gmatch_state {
    const char *src, *p, *lastmatch;
    mstate ms;
} gmatch_state;

static int gmatch_next(lua_State *L) {
    gmatch_state *gm = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    (void)s;
    (void)p;
    /* The iterator may run on another coroutine than the one that made it. */
    gm->ms.L = L;
    gm->ms.ctx = gl_getctx(L);
    prep(&gm->ms, L, gm->ms.src_init, (size_t)(gm->ms.src_end - gm->ms.src_init), gm->p,
         (size_t)(gm->ms.p_end - gm->p));
    for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
        reprep(&gm->ms);
        const char *e = match(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            settle(&gm->ms);
            return push_captures(&gm->ms, src, e);
        }
        steps(&gm->ms, 1);
    }
    gm->src = gm->ms.src_end + 1;
    settle(&gm->ms);
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2); /* the strings stay alive as upvalues */
    gmatch_state *gm = (gmatch_state *)lua_newuserdatauv(L, sizeof(gmatch_state), 0);
    if (init > ls) init = ls + 1;
    prep(&gm->ms, L, s, ls, p, lp);
    gm->src = s + init;
    gm->p = p;
    gm->lastmatch = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

static void add_pattern_replacement(mstate *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t l;
    lua_State *L = ms->L;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = (const char *)memchr(news, ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (p < news + l && *p == ESC) {
            luaL_addchar(b, *p);
        } else if (p < news + l && isdigit(uchar(*p))) {
            if (*p == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                push_capture(ms, *p - '1', s, e);
                luaL_tolstring(L, -1, NULL);
                lua_remove(L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* Adds the replacement of match s..e; returns whether anything changed. */
static int add_value(mstate *ms, luaL_Buffer *b, const char *s, const char *e, int tr) {
    lua_State *L = ms->L;
    switch (tr) {
    case LUA_TFUNCTION: {
        gl_check_stack(L, ms->ctx);
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
        break;
    }
    case LUA_TTABLE:
        gl_check_stack(L, ms->ctx);
        push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
        break;
    default:
        add_pattern_replacement(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *lastmatch = NULL;
    int tr = lua_type(L, 3);
    lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
    int anchor = (*p == '^');
    lua_Integer n = 0;
    int changed = 0;
    mstate ms;
    luaL_Buffer b;
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    prep(&ms, L, src, srcl, p, lp);
    while (n < max_s) {
        reprep(&ms);
        const char *e = match(&ms, src, p);
        if (e != NULL && e != lastmatch) {
            n++;
            settle(&ms);
            changed = add_value(&ms, &b, src, e, tr) | changed;
            src = lastmatch = e;
        } else if (src < ms.src_end) {
            steps(&ms, 1);
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    settle(&ms);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void gl_open_patterns(lua_State *L) {
    lua_getglobal(L, "string");
    lua_pushcfunction(L, str_find);
    lua_setfield(L, -2, "find");
    lua_pushcfunction(L, str_match);
    lua_setfield(L, -2, "match");
    lua_pushcfunction(L, str_gmatch);
    lua_setfield(L, -2, "gmatch");
    lua_pushcfunction(L, str_gsub);
    lua_setfield(L, -2, "gsub");
    lua_pop(L, 1);
}
