/* replay.c: runs a Grip event log (Tests/replay/FORMAT.md) against libgrip.so and prints, for
 * every line that calls the library, its status and a bit-exact digest of the frame and of the
 * events that line produced. Two runs of one log, on any build of the library, must print the
 * same bytes.
 *
 *   replay [-v] LOG      (-v: also print every frame command and vertex, doubles as %a)
 *
 * The parser is one function per verb over whitespace-separated tokens and key=value pairs, with
 * no state beyond the engine and a table of the log's box names, so it ports line for line to
 * the CLI (`grip replay LOG`).
 */
#include "grip.h"
#include "GripReplay.h"
#include "grip_names.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- digest: FNV-1a, 64 bits, over explicit fields (never struct padding) ---------------- */

typedef struct {
    uint64_t h;
} digest;
static void d_bytes(digest *d, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        d->h ^= b[i];
        d->h *= 0x100000001b3ull;
    }
}
static void d_u64(digest *d, uint64_t v) { d_bytes(d, &v, sizeof v); }
static void d_f64(digest *d, double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    d_u64(d, u);
}

/* ---- the log's state ----------------------------------------------------------------------- */

#define MAX_NAMES 4096
typedef struct {
    grip_engine *e;
    char *names[MAX_NAMES];  /* the log's box names ("1", "photo") ... */
    grip_box ids[MAX_NAMES]; /* ... and the ids the library gave them */
    int count;
    int verbose;
    const char *file;
    int line;
} replay;

static void die(replay *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: ", r->file, r->line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static char *copy(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return memcpy(p, s, n);
}

static double number(replay *r, const char *s) {
    char *end;
    errno = 0;
    double v = strtod(s, &end); /* decimal, hex floats (%a), nan, inf */
    if (end == s || *end) die(r, "not a number: '%s'", s);
    return v;
}

static grip_box box_named(replay *r, const char *name) {
    if (strcmp(name, "0") == 0) return GRIP_NO_BOX;
    for (int i = 0; i < r->count; i++)
        if (strcmp(r->names[i], name) == 0) return r->ids[i];
    die(r, "no box named '%s'", name);
    return GRIP_NO_BOX;
}

/* A mask: a number, or names joined by ',' ("move,resize"), or "all" / "none". */
static uint32_t mask(replay *r, const char *s, const char *const *names, uint32_t all, int shift_by_index) {
    if (strcmp(s, "all") == 0) return all;
    if (strcmp(s, "none") == 0) return 0;
    char *end;
    unsigned long v = strtoul(s, &end, 0);
    if (end != s && !*end) return (uint32_t)v;
    uint32_t m = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int i = 0;
        while (names[i] && strcmp(names[i], tok) != 0) i++;
        if (!names[i]) die(r, "unknown name '%s'", tok);
        m |= 1u << (i + shift_by_index);
    }
    return m;
}

static int index_of(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], s) == 0) return i;
    return -1;
}

static bool flag(replay *r, const char *v) {
    if (strcmp(v, "1") == 0 || strcmp(v, "true") == 0) return true;
    if (strcmp(v, "0") == 0 || strcmp(v, "false") == 0) return false;
    die(r, "not a flag: '%s'", v);
    return false;
}

/* Sets the field named k of the description at base (`fields` lists its fields) from the value
 * text v; a grip_vec2 field NAME is set as NAME_x and NAME_y. `what` names the description in
 * messages. */
static void set_field(replay *r, const gn_field *fields, void *base, const char *k, const char *v, const char *what) {
    const gn_field *f = fields;
    size_t kn = strlen(k);
    int axis = -1;
    while (f->name[0] && strcmp(f->name, k) != 0) {
        size_t fn = strlen(f->name);
        if (f->kind == GN_VEC2 && kn == fn + 2 && !strncmp(k, f->name, fn) && k[fn] == '_' &&
            (k[fn + 1] == 'x' || k[fn + 1] == 'y')) {
            axis = k[fn + 1] == 'y';
            break;
        }
        f++;
    }
    if (!f->name[0] || (f->kind == GN_VEC2 && axis < 0)) die(r, "unknown %s field '%s'", what, k);
    char *p = (char *)base + f->offset;
    switch (f->kind) {
    case GN_NUMBER: *(double *)p = number(r, v); break;
    case GN_BOOL: *(bool *)p = flag(r, v); break;
    case GN_MASK: *(uint32_t *)p = mask(r, v, gn_tables[f->table] + f->first, gn_field_all_bits(f), f->first); break;
    case GN_ENUM: {
        int e = index_of(gn_tables[f->table], v);
        if (e < 0) die(r, "%s '%s'", k, v);
        *(uint32_t *)p = (uint32_t)e;
        break;
    }
    case GN_U64: *(uint64_t *)p = strtoull(v, NULL, 0); break;
    case GN_U32: *(uint32_t *)p = (uint32_t)strtoul(v, NULL, 0); break;
    case GN_VEC2: (axis ? &((grip_vec2 *)p)->y : &((grip_vec2 *)p)->x)[0] = number(r, v); break;
    default: *(grip_box *)p = box_named(r, v); break;
    }
}

/* Applies key=value tokens to the description at base (`fields` lists its fields). */
static void apply_fields(replay *r, const gn_field *fields, void *base, char **tok, int n, const char *what) {
    for (int i = 0; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq) die(r, "expected key=value, got '%s'", tok[i]);
        *eq = 0;
        set_field(r, fields, base, tok[i], eq + 1, what);
    }
}

/* Applies key=value tokens to a box description (keys are grip_box_desc's field names; w, h and
 * rot are short for width, height and rotation; id names the box and is skipped here). */
static void box_fields(replay *r, grip_box_desc *d, char **tok, int n) {
    for (int i = 0; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq) die(r, "expected key=value, got '%s'", tok[i]);
        *eq = 0;
        const char *k = tok[i], *v = eq + 1;
        if (!strcmp(k, "id")) continue;
        if (!strcmp(k, "w")) k = "width";
        else if (!strcmp(k, "h")) k = "height";
        else if (!strcmp(k, "rot")) k = "rotation";
        set_field(r, gn_box_desc_fields, d, k, v, "box");
    }
}

/* ---- output --------------------------------------------------------------------------------- */

static const char *status_name(grip_status s) {
    int i = (int)s - GN_STATUS_FIRST, n = 0;
    while (gn_status_names[n]) n++;
    return i >= 0 && i < n ? gn_status_names[i] : "status?";
}

static void dump_frame(const grip_frame *f) {
    for (size_t i = 0; i < f->command_count; i++) {
        const grip_command *c = &f->commands[i];
        printf("    cmd %zu kind=%d handle=%d box=%#llx ud=%llu T=[%a %a %a %a %a %a] size=%a,%a center=%a,%a "
               "r=%a,%a cursor=%a verts=%u+%u stroke=%a dash=%a,%a,%a progress=%a state=%u\n",
               i, (int)c->kind, (int)c->handle, (unsigned long long)c->box, (unsigned long long)c->user_data,
               c->transform.a, c->transform.b, c->transform.c, c->transform.d, c->transform.tx, c->transform.ty,
               c->width, c->height, c->center.x, c->center.y, c->radius, c->inner_radius, c->cursor_angle,
               c->first_vertex, c->vertex_count, c->stroke_width, c->dash_on, c->dash_off, c->dash_phase,
               c->progress, c->state);
    }
    for (size_t v = 0; v < f->vertex_count; v++) printf("    v %zu %a %a\n", v, f->vertices[v].x, f->vertices[v].y);
}

static void d_geometry(digest *d, const grip_geometry *g) {
    d_u64(d, g->parent);
    d_f64(d, g->center.x);
    d_f64(d, g->center.y);
    d_f64(d, g->width);
    d_f64(d, g->height);
    d_f64(d, g->rotation);
    d_f64(d, g->scale);
    d_u64(d, g->flipped_x);
    d_u64(d, g->flipped_y);
}

/* After polling COMMITTED, UNDONE or REDONE: adds every change of that step (box, before, after)
 * to d; returns how many there were. With -v, prints them (doubles as %a). */
static size_t digest_changes(replay *r, digest *d) {
    grip_change c[64];
    size_t count = 0;
    grip_status s = grip_event_changes(r->e, c, 64, &count);
    if (s != GRIP_OK) die(r, "grip_event_changes: %s", grip_engine_errmsg(r->e));
    if (count > 64) die(r, "a step of more than 64 boxes");
    for (size_t i = 0; i < count; i++) {
        d_u64(d, c[i].box);
        d_geometry(d, &c[i].before);
        d_geometry(d, &c[i].after);
        if (r->verbose)
            printf("    change box=%#llx before=%a,%a %ax%a r=%a s=%a after=%a,%a %ax%a r=%a s=%a\n",
                   (unsigned long long)c[i].box, c[i].before.center.x, c[i].before.center.y, c[i].before.width,
                   c[i].before.height, c[i].before.rotation, c[i].before.scale, c[i].after.center.x,
                   c[i].after.center.y, c[i].after.width, c[i].after.height, c[i].after.rotation, c[i].after.scale);
    }
    d_u64(d, count);
    return count;
}

/* Prints "LINE VERB STATUS serial=S frame=HASH [events=K,K,..:HASH] [changes=N:HASH]" for the
 * line just run. */
static void report(replay *r, const char *verb, grip_status s) {
    grip_frame f;
    grip_status fs = grip_frame_get(r->e, &f);
    if (fs != GRIP_OK) die(r, "grip_frame_get: %s", grip_engine_errmsg(r->e));
    digest d = {0xcbf29ce484222325ull};
    d_f64(&d, f.time);
    d_u64(&d, f.command_count);
    for (size_t i = 0; i < f.command_count; i++) {
        const grip_command *c = &f.commands[i];
        d_u64(&d, (uint64_t)(uint32_t)c->kind);
        d_u64(&d, (uint64_t)(uint32_t)c->handle);
        d_u64(&d, c->box);
        d_u64(&d, c->user_data);
        const double *t = &c->transform.a;
        for (int k = 0; k < 6; k++) d_f64(&d, t[k]);
        d_f64(&d, c->width);
        d_f64(&d, c->height);
        d_f64(&d, c->center.x);
        d_f64(&d, c->center.y);
        d_f64(&d, c->radius);
        d_f64(&d, c->inner_radius);
        d_f64(&d, c->cursor_angle);
        d_u64(&d, c->first_vertex);
        d_u64(&d, c->vertex_count);
        d_f64(&d, c->stroke_width);
        d_f64(&d, c->dash_on);
        d_f64(&d, c->dash_off);
        d_f64(&d, c->dash_phase);
        d_f64(&d, c->progress);
        d_u64(&d, c->state);
    }
    d_u64(&d, f.vertex_count);
    for (size_t v = 0; v < f.vertex_count; v++) {
        d_f64(&d, f.vertices[v].x);
        d_f64(&d, f.vertices[v].y);
    }
    printf("%d %s %s serial=%llu cmds=%zu verts=%zu frame=%016llx", r->line, verb, status_name(s),
           (unsigned long long)f.serial, f.command_count, f.vertex_count, (unsigned long long)d.h);
    if (r->verbose) {
        putchar('\n');
        dump_frame(&f);
    }
    /* the events this line produced: kinds, and a digest of all their fields */
    grip_event ev;
    digest de = {0xcbf29ce484222325ull}, dc = {0xcbf29ce484222325ull};
    int n = 0;
    size_t changes = 0;
    char kinds[512] = "";
    size_t used = 0;
    while (grip_event_poll(r->e, &ev) == GRIP_OK) {
        d_u64(&de, (uint64_t)(uint32_t)ev.kind);
        d_u64(&de, (uint64_t)(uint32_t)ev.gesture);
        d_u64(&de, ev.box);
        d_u64(&de, ev.user_data);
        d_u64(&de, (uint64_t)(uint32_t)ev.handle);
        d_u64(&de, ev.pointer);
        d_f64(&de, ev.time);
        d_f64(&de, ev.position.x);
        d_f64(&de, ev.position.y);
        if (used < sizeof kinds - 8) used += (size_t)snprintf(kinds + used, sizeof kinds - used, "%s%d", n ? "," : "", (int)ev.kind);
        n++;
        if (ev.kind == GRIP_EVENT_COMMITTED || ev.kind == GRIP_EVENT_UNDONE || ev.kind == GRIP_EVENT_REDONE)
            changes += digest_changes(r, &dc);
    }
    if (n) printf("%sevents=%s:%016llx", r->verbose ? "    " : " ", kinds, (unsigned long long)de.h);
    if (changes) printf(" changes=%zu:%016llx", changes, (unsigned long long)dc.h);
    putchar('\n');
}

/* ---- verbs ------------------------------------------------------------------------------------ */

static uint32_t modifiers(replay *r, char **tok, int n) {
    uint32_t m = 0;
    for (int i = 0; i < n; i++) m |= mask(r, tok[i], gn_mod_names, GN_MOD_ALL, 0);
    return m;
}

static void run_line(replay *r, char **tok, int n) {
    const char *verb = tok[0];
    grip_status s;
    if (!strcmp(verb, "engine")) {
        if (r->e) die(r, "a second engine line");
        grip_engine_desc d;
        grip_engine_desc_init(&d);
        if (n < 3) die(r, "engine WIDTH HEIGHT [key=value...]");
        d.width = number(r, tok[1]);
        d.height = number(r, tok[2]);
        apply_fields(r, gn_engine_desc_fields, &d, tok + 3, n - 3, "engine");
        s = grip_engine_create(&d, &r->e);
        if (s != GRIP_OK) die(r, "grip_engine_create: %s", grip_engine_errmsg(NULL));
        report(r, verb, s);
        return;
    }
    if (!r->e) die(r, "the first line must be 'engine WIDTH HEIGHT'");
    if (!strcmp(verb, "box")) {
        if (n < 2 || strncmp(tok[1], "id=", 3) != 0) die(r, "box id=NAME key=value...");
        const char *name = tok[1] + 3;
        for (int i = 0; i < r->count; i++)
            if (!strcmp(r->names[i], name)) die(r, "box '%s' exists", name);
        if (r->count == MAX_NAMES) die(r, "too many boxes");
        grip_box_desc d;
        grip_box_desc_init(&d);
        box_fields(r, &d, tok + 2, n - 2);
        grip_box b = GRIP_NO_BOX;
        s = grip_box_create(r->e, &d, &b);
        if (s == GRIP_OK) {
            r->names[r->count] = copy(name);
            r->ids[r->count++] = b;
        }
    } else if (!strcmp(verb, "configure")) {
        if (n < 2) die(r, "configure NAME key=value...");
        grip_box b = box_named(r, tok[1]);
        grip_box_desc d;
        grip_box_desc_init(&d);
        s = grip_box_describe(r->e, b, &d);
        if (s == GRIP_OK) {
            box_fields(r, &d, tok + 2, n - 2);
            s = grip_box_configure(r->e, b, &d);
        }
    } else if (!strcmp(verb, "destroy")) {
        if (n != 2) die(r, "destroy NAME");
        s = grip_box_destroy(r->e, box_named(r, tok[1]));
    } else if (!strcmp(verb, "editing")) {
        if (n != 3) die(r, "editing NAME 0|1");
        s = grip_box_set_editing(r->e, box_named(r, tok[1]), flag(r, tok[2]));
    } else if (!strcmp(verb, "reset")) {
        if (n < 2 || n > 3) die(r, "reset NAME [animated 0|1]");
        s = grip_box_reset(r->e, box_named(r, tok[1]), n == 3 ? flag(r, tok[2]) : true);
    } else if (!strcmp(verb, "order")) {
        if (n != 3 || index_of(gn_order_names, tok[2]) < 0) die(r, "order NAME front|back|forward|backward");
        s = grip_box_order(r->e, box_named(r, tok[1]), (grip_order)index_of(gn_order_names, tok[2]));
    } else if (index_of(gn_phase_names, verb) >= 0) {
        if (n < 5) die(r, "%s POINTER X Y TIME [shift|alt|ctrl|meta...]", verb);
        grip_pointer_event ev = {(grip_phase)index_of(gn_phase_names, verb), (uint32_t)strtoul(tok[1], NULL, 0),
                                 number(r, tok[2]), number(r, tok[3]), number(r, tok[4]), modifiers(r, tok + 5, n - 5)};
        s = grip_dispatch_pointer(r->e, &ev, NULL);
    } else if (!strcmp(verb, "magnify")) {
        if (n != 6 || index_of(gn_phase_names, tok[1]) < 0) die(r, "magnify down|move|up|cancel FACTOR X Y TIME");
        grip_magnify_event ev = {(grip_phase)index_of(gn_phase_names, tok[1]), number(r, tok[2]), number(r, tok[3]),
                                 number(r, tok[4]), number(r, tok[5])};
        s = grip_dispatch_magnify(r->e, &ev, NULL);
    } else if (!strcmp(verb, "state")) {
        if (n != 2) die(r, "state NAME");
        grip_box_state st;
        s = grip_box_state_get(r->e, box_named(r, tok[1]), &st);
        if (s != GRIP_OK) {
            printf("%d state %s %s\n", r->line, tok[1], status_name(s));
            return;
        }
        printf("%d state %s center=%.17g,%.17g size=%.17g,%.17g rotation=%.17g scale=%.17g flipped=%d,%d "
               "corners=%.17g,%.17g %.17g,%.17g %.17g,%.17g %.17g,%.17g editing=%d active=%d\n",
               r->line, tok[1],
               st.center.x, st.center.y, st.width, st.height, st.rotation, st.scale, st.flipped_x, st.flipped_y,
               st.corners[0].x, st.corners[0].y, st.corners[1].x, st.corners[1].y, st.corners[2].x, st.corners[2].y,
               st.corners[3].x, st.corners[3].y, st.editing, st.gesture_active);
        return;
    } else if (!strcmp(verb, "select")) {
        if (n != 3 || index_of(gn_select_names, tok[2]) < 0) die(r, "select NAME replace|add|remove|toggle");
        s = grip_select(r->e, box_named(r, tok[1]), (grip_select_op)index_of(gn_select_names, tok[2]));
    } else if (!strcmp(verb, "selection")) {
        grip_selection_state st;
        grip_box ids[MAX_NAMES];
        size_t count = 0;
        if (n != 1) die(r, "selection");
        memset(&st, 0, sizeof st);
        st.struct_size = sizeof st;
        s = grip_selection_get(r->e, ids, MAX_NAMES, &count);
        if (s == GRIP_OK) s = grip_selection_state_get(r->e, &st);
        if (s != GRIP_OK) {
            printf("%d selection %s\n", r->line, status_name(s));
            return;
        }
        printf("%d selection members=", r->line);
        for (size_t i = 0; i < count && i < MAX_NAMES; i++) {
            const char *label = "?";
            for (int k = 0; k < r->count; k++)
                if (r->ids[k] == ids[i]) label = r->names[k];
            printf("%s%s", i ? "," : "", label);
        }
        printf(" center=%.17g,%.17g size=%.17g,%.17g rotation=%.17g active=%d\n", st.center.x, st.center.y,
               st.width, st.height, st.rotation, st.gesture_active);
        return;
    } else if (!strcmp(verb, "key")) {
        if (n < 4 || (strcmp(tok[1], "down") && strcmp(tok[1], "up")) || index_of(gn_key_names, tok[2]) <= 0)
            die(r, "key down|up left|right|up|down|escape|tab|shift|alt|ctrl|meta TIME [shift|alt|ctrl|meta...]");
        grip_key_event ev = {(grip_phase)index_of(gn_phase_names, tok[1]), (grip_key)index_of(gn_key_names, tok[2]),
                             modifiers(r, tok + 4, n - 4), number(r, tok[3])};
        s = grip_dispatch_key(r->e, &ev, NULL);
    } else if (!strcmp(verb, "undo") || !strcmp(verb, "redo")) {
        if (n != 1) die(r, "%s", verb);
        s = verb[0] == 'u' ? grip_undo(r->e) : grip_redo(r->e);
    } else if (!strcmp(verb, "history")) {
        size_t u = 0, re = 0;
        if (n == 2 && !strcmp(tok[1], "clear")) {
            s = grip_history_clear(r->e);
        } else {
            if (n != 1) die(r, "history [clear]");
            s = grip_history_depth(r->e, &u, &re);
            printf("%d history %s undo=%zu redo=%zu\n", r->line, status_name(s), u, re);
            return;
        }
    } else if (!strcmp(verb, "timer")) {
        if (n != 2) die(r, "timer TIME");
        s = grip_dispatch_timer(r->e, number(r, tok[1]));
    } else if (!strcmp(verb, "view")) {
        if (n != 7) die(r, "view A B C D TX TY");
        grip_affine m = {number(r, tok[1]), number(r, tok[2]), number(r, tok[3]), number(r, tok[4]),
                         number(r, tok[5]), number(r, tok[6])};
        s = grip_engine_set_view(r->e, &m);
    } else if (!strcmp(verb, "snapping")) {
        grip_snap_desc d;
        grip_snap_desc_init(&d);
        if (n == 2 && !strcmp(tok[1], "off")) {
            s = grip_engine_set_snapping(r->e, NULL);
            report(r, verb, s);
            return;
        }
        apply_fields(r, gn_snap_desc_fields, &d, tok + 1, n - 1, "snapping");
        s = grip_engine_set_snapping(r->e, &d);
    } else if (!strcmp(verb, "bounds")) {
        if (n != 3) die(r, "bounds WIDTH HEIGHT");
        s = grip_engine_set_bounds(r->e, number(r, tok[1]), number(r, tok[2]));
    } else {
        die(r, "unknown verb '%s'", verb);
        return;
    }
    report(r, verb, s);
}

int replay_main(int argc, char **argv) {
    replay r;
    memset(&r, 0, sizeof r);
    int a = 1;
    for (int i = 1; i < argc; i++) { /* --help anywhere answers on stdout */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: %s [-v] LOG    (LOG is - for standard input)\n", argv[0]);
            return 0;
        }
    }
    if (a < argc && !strcmp(argv[a], "-v")) {
        r.verbose = 1;
        a++;
    }
    /* One LOG and no other option ("-" alone is standard input). */
    if (a + 1 != argc || (argv[a][0] == '-' && argv[a][1] != '\0')) {
        fprintf(stderr, "usage: %s [-v] LOG    (LOG is - for standard input)\n", argv[0]);
        return 2;
    }
    r.file = argv[a];
    FILE *fp = strcmp(r.file, "-") ? fopen(r.file, "r") : stdin;
    if (!fp) {
        fprintf(stderr, "%s: %s: %s\n", argv[0], r.file, strerror(errno));
        return 2;
    }
    char line[8192];
    while (fgets(line, sizeof line, fp)) {
        r.line++;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *tok[256];
        int n = 0;
        for (char *t = strtok(line, " \t\r\n"); t && n < 256; t = strtok(NULL, " \t\r\n")) tok[n++] = t;
        if (n == 0) continue;
        run_line(&r, tok, n);
    }
    if (fp != stdin) fclose(fp);
    for (int i = 0; i < r.count; i++) free(r.names[i]);
    grip_engine_destroy(r.e);
    return 0;
}
