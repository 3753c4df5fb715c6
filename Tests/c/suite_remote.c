/* suite_remote.c: multiplayer through the C ABI: box keys (peer and count, set, find, kept by
 * undo and scene files), the change feed, other peers' changes applied during local move, rotate,
 * resize, group and nudge gestures, undo of one's own steps after other peers' edits and destroys (a
 * recorded step's field by field), and a
 * seeded convergence test: engines making random edits and applying each other's feeds through an
 * ordered log end with byte-identical scene files. Expected numbers come from the rules in
 * docs/multiplayer.md, worked out here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static grip_engine *peer_engine(uint32_t peer) {
    grip_engine *e = new_peer_engine(peer);
    CHECK_STATUS(grip_feed_enable(e, 4096), GRIP_OK);
    return e;
}

static uint64_t key_of(grip_engine *e, grip_box b) {
    uint64_t k = 0;
    CHECK_STATUS(grip_box_get_key(e, b, &k), GRIP_OK);
    return k;
}

static grip_box find(grip_engine *e, uint64_t key) {
    grip_box b = GRIP_NO_BOX;
    grip_box_find(e, key, &b);
    return b;
}

/* Every unread change of src applied to dst (dst may be NULL: the feed is only emptied). */
static size_t pass_on(grip_engine *src, grip_engine *dst) {
    static grip_feed_change buf[256];
    size_t n = 0, total = 0;
    bool lost = false;
    do {
        CHECK_STATUS(grip_feed_read(src, buf, 256, &n, &lost), GRIP_OK);
        CHECK(!lost);
        if (dst && n) {
            size_t applied = 0;
            CHECK_STATUS(grip_remote_apply(dst, buf, n, &applied), GRIP_OK);
            CHECK_INT(applied, n);
        }
        total += n;
    } while (n == 256);
    return total;
}

static char *save(grip_engine *e) {
    size_t len = 0;
    grip_scene_save(e, NULL, 0, &len);
    char *text = malloc(len + 1);
    CHECK_STATUS(grip_scene_save(e, text, len + 1, &len), GRIP_OK);
    return text;
}

#include <stdio.h>
static bool same_scene(grip_engine *a, grip_engine *b) {
    char *x = save(a), *y = save(b);
    bool same = strcmp(x, y) == 0;
    if (!same && getenv("MP_DEBUG")) fprintf(stderr, "---\n%s\n---\n%s\n", x, y);
    free(x);
    free(y);
    return same;
}

static int count_kind(grip_engine *e, grip_event_kind kind) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK) n += ev.kind == kind;
    return n;
}

static void keys(void) {
    grip_engine *e = peer_engine(7);
    grip_box a = add_box(e, GRIP_NO_BOX, 0, 0, 50, 50, 0, 1, false);
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 0, 50, 50, 0, 1, false);
    CHECK(key_of(e, a) == (7ull << 32 | 1));
    CHECK(key_of(e, b) == (7ull << 32 | 2));
    CHECK(find(e, 7ull << 32 | 2) == b);
    grip_box none = 99;
    CHECK_STATUS(grip_box_find(e, 12345, &none), GRIP_ERR_NOT_FOUND);
    CHECK(none == 99);
    CHECK_STATUS(grip_box_set_key(e, b, 0), GRIP_ERR_ARG);
    CHECK_STATUS(grip_box_set_key(e, b, key_of(e, a)), GRIP_ERR_STATE);
    CHECK_STATUS(grip_box_set_key(e, b, key_of(e, b)), GRIP_OK);
    CHECK_STATUS(grip_box_set_key(e, b, 555), GRIP_OK);
    CHECK(find(e, 555) == b && find(e, 7ull << 32 | 2) == GRIP_NO_BOX);
    CHECK_STATUS(grip_box_get_key(e, b, NULL), GRIP_ERR_ARG);
    /* A key of this peer set by the host: fresh keys count on past it. */
    CHECK_STATUS(grip_box_set_key(e, b, 7ull << 32 | 40), GRIP_OK);
    grip_box c = add_box(e, GRIP_NO_BOX, 200, 0, 50, 50, 0, 1, false);
    CHECK(key_of(e, c) == (7ull << 32 | 41));
    /* With the feed on, a key is the host's to set until the box's CREATED has been read. */
    grip_feed_change fc[8];
    size_t fn = 0;
    CHECK_STATUS(grip_feed_read(e, fc, 8, &fn, NULL), GRIP_OK);
    CHECK_INT(fn, 3);
    CHECK(fc[1].key == (7ull << 32 | 40)); /* b's creation, with the key it has now */
    CHECK_STATUS(grip_box_set_key(e, b, 999), GRIP_ERR_STATE);
    CHECK(key_of(e, b) == (7ull << 32 | 40));
    /* A recorded destroy undone: the box is back with its key. */
    CHECK_STATUS(grip_history_begin(e, 0), GRIP_OK);
    CHECK_STATUS(grip_box_destroy(e, c), GRIP_OK);
    CHECK_STATUS(grip_history_commit(e), GRIP_OK);
    CHECK(find(e, 7ull << 32 | 41) == GRIP_NO_BOX);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK(find(e, 7ull << 32 | 41) == c);
    /* Scene files carry the keys; a file without them loads with fresh ones. */
    char *text = save(e);
    CHECK(strstr(text, "\"key\": \"30064771112\"") != NULL); /* 7 << 32 | 40 */
    grip_engine *f = peer_engine(9);
    CHECK_STATUS(grip_scene_load(f, text, strlen(text)), GRIP_OK);
    CHECK(find(f, 7ull << 32 | 1) != GRIP_NO_BOX && find(f, 7ull << 32 | 41) != GRIP_NO_BOX);
    CHECK(same_scene(e, f));
    const char *bare = "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"parent\": null}]}";
    CHECK_STATUS(grip_scene_load(f, bare, strlen(bare)), GRIP_OK);
    CHECK(find(f, 9ull << 32 | 1) != GRIP_NO_BOX);
    const char *zero = "{\"grip_scene\": 1, \"boxes\": [{\"id\": 1, \"parent\": null, \"key\": \"0\"}]}";
    CHECK_STATUS(grip_scene_load(f, zero, strlen(zero)), GRIP_ERR_ARG);
    free(text);
    /* Peer 0: a random nonzero peer id. */
    grip_engine *r = peer_engine(0);
    grip_box rb = add_box(r, GRIP_NO_BOX, 0, 0, 50, 50, 0, 1, false);
    CHECK((key_of(r, rb) >> 32) != 0 && (uint32_t)key_of(r, rb) == 1);
    grip_engine_destroy(r);
    grip_engine_destroy(f);
    grip_engine_destroy(e);
}

static void feed(void) {
    grip_engine *e = peer_engine(3);
    grip_feed_change c[8];
    size_t n = 0;
    bool lost = true;
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, &lost), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(!lost);
    CHECK_INT(c[0].kind, GRIP_FEED_CREATED);
    CHECK_INT(c[0].origin, GRIP_ORIGIN_HOST);
    CHECK_INT(c[0].fields, GRIP_FIELD_ALL);
    CHECK(c[0].key == (3ull << 32 | 1) && c[0].parent_key == 0 && c[0].below_key == 0);
    CHECK_NEAR(c[0].after.center.x, 150, 0);
    /* A drag: nothing until the commit, then one change of the centre. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 150, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 190, 170, 1.1), GRIP_OK);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 0);
    grip_live_box live[4];
    CHECK_STATUS(grip_feed_live(e, live, 4, &n), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK(live[0].key == (3ull << 32 | 1));
    CHECK_NEAR(live[0].geometry.center.x, 190, 0);
    CHECK_INT(live[0].gesture, GRIP_GESTURE_MOVE);
    CHECK_STATUS(grip_feed_live(e, live, 4, &n), GRIP_DONE);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 190, 170, 1.2), GRIP_OK);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_INT(c[0].kind, GRIP_FEED_CHANGED);
    CHECK_INT(c[0].origin, GRIP_ORIGIN_GESTURE);
    CHECK_INT(c[0].gesture, GRIP_GESTURE_MOVE);
    CHECK_INT(c[0].fields, GRIP_FIELD_CENTER);
    CHECK_NEAR(c[0].before.center.x, 150, 0);
    CHECK_NEAR(c[0].after.center.x, 190, 0);
    CHECK_NEAR(c[0].after.center.y, 170, 0);
    CHECK_STATUS(grip_feed_live(e, live, 4, &n), GRIP_OK);
    CHECK_INT(n, 0);
    CHECK_STATUS(grip_undo(e), GRIP_OK);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_INT(c[0].origin, GRIP_ORIGIN_UNDO);
    CHECK_NEAR(c[0].after.center.x, 150, 0);
    /* Destroy: one change per box, the parent first. */
    grip_box child = add_box(e, b, 10, 10, 20, 20, 0, 1, false);
    CHECK(pass_on(e, NULL) == 1);
    CHECK_STATUS(grip_box_destroy(e, b), GRIP_OK);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK_INT(c[0].kind, GRIP_FEED_DESTROYED);
    CHECK(c[0].key == (3ull << 32 | 1) && c[1].key == (3ull << 32 | 2));
    (void)child;
    /* The limit: changes past it are lost, and the next read says so. */
    CHECK_STATUS(grip_feed_enable(e, 2), GRIP_OK);
    for (int i = 0; i < 3; i++) add_box(e, GRIP_NO_BOX, i * 10, 0, 10, 10, 0, 1, false);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, &lost), GRIP_OK);
    CHECK_INT(n, 2);
    CHECK(lost);
    CHECK_STATUS(grip_feed_read(e, c, 8, &n, &lost), GRIP_OK);
    CHECK(!lost && n == 0);
    CHECK_STATUS(grip_feed_enable(e, (1u << 20) + 1), GRIP_ERR_ARG);
    CHECK_STATUS(grip_feed_read(e, NULL, 8, &n, NULL), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

/* A change of one box's fields as another peer would send it. */
static grip_feed_change remote_change(grip_engine *e, grip_box b, uint32_t fields) {
    grip_feed_change c;
    memset(&c, 0, sizeof c);
    c.kind = GRIP_FEED_CHANGED;
    c.fields = fields;
    c.key = key_of(e, b);
    grip_box_desc_init(&c.desc);
    CHECK_STATUS(grip_box_describe(e, b, &c.desc), GRIP_OK);
    grip_box_state s = state_of(e, b);
    c.after.center = s.center;
    c.after.width = s.width;
    c.after.height = s.height;
    c.after.rotation = s.rotation;
    c.after.scale = s.scale;
    return c;
}

static void during_gestures(void) {
    grip_engine *a = peer_engine(1), *b = peer_engine(2);
    grip_box x = add_box(a, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    grip_box y = add_box(a, GRIP_NO_BOX, 400, 100, 100, 100, 0, 1, false);
    pass_on(a, b);
    CHECK(same_scene(a, b));
    grip_box bx = find(b, key_of(a, x)), by = find(b, key_of(a, y));
    CHECK(bx != GRIP_NO_BOX && by != GRIP_NO_BOX);

    /* Move: the centre is the gesture's; a remote width and user_data come in at once, a remote
     * centre waits, and the commit writes the local one. */
    CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, 150, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, 190, 150, 1.1), GRIP_OK);
    grip_feed_change c = remote_change(b, bx, GRIP_FIELD_SIZE | GRIP_FIELD_BEHAVIOR | GRIP_FIELD_CENTER);
    c.after.width = 160;
    c.after.center.x = 500;
    c.desc.user_data = 99;
    CHECK_STATUS(grip_remote_apply(b, &c, 1, NULL), GRIP_OK);
    grip_box_state s = state_of(b, bx);
    CHECK_NEAR(s.width, 160, 0);
    CHECK_NEAR(s.center.x, 190, 0);
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, bx, &d), GRIP_OK);
    CHECK(d.user_data == 99);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, 210, 160, 1.2), GRIP_OK);
    s = state_of(b, bx);
    CHECK_NEAR(s.center.x, 210, 0); /* 150 + 60 */
    CHECK_NEAR(s.center.y, 160, 0);
    CHECK_NEAR(s.width, 160, 0);
    CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, 210, 160, 1.3), GRIP_OK);
    s = state_of(b, bx);
    CHECK_NEAR(s.center.x, 210, 0);
    /* The commit reaches the feed with the local centre: a peer applying it agrees. */
    CHECK_STATUS(grip_remote_apply(a, &c, 1, NULL), GRIP_OK);
    pass_on(b, a);
    CHECK(same_scene(a, b));

    /* A cancelled move: the box goes to the remote centre, as every peer has it. */
    drain_events(b);
    CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, 210, 160, 2), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, 250, 160, 2.1), GRIP_OK);
    c = remote_change(a, x, GRIP_FIELD_CENTER);
    c.after.center.x = 300;
    CHECK_STATUS(grip_remote_apply(b, &c, 1, NULL), GRIP_OK);
    CHECK_STATUS(grip_remote_apply(a, &c, 1, NULL), GRIP_OK);
    CHECK_NEAR(state_of(b, bx).center.x, 250, 0);
    grip_key_event esc = {GRIP_PHASE_DOWN, GRIP_KEY_ESCAPE, 0, 2.2};
    CHECK_STATUS(grip_dispatch_key(b, &esc, NULL), GRIP_OK);
    CHECK_NEAR(state_of(b, bx).center.x, 300, 0);
    CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, 250, 160, 2.3), GRIP_OK);
    CHECK(pass_on(b, a) == 0);
    CHECK(same_scene(a, b));

    /* Rotate of one box: the rotation is the gesture's, a remote centre comes in at once. */
    CHECK_STATUS(grip_box_set_editing(b, bx, true), GRIP_OK);
    grip_hit hit;
    s = state_of(b, bx);
    /* The rotate handle: 24 above the top edge's midpoint. */
    CHECK_STATUS(grip_hit_test(b, s.center.x, s.center.y - s.height / 2 - 24, &hit), GRIP_OK);
    CHECK_INT(hit.handle, GRIP_HANDLE_ROTATE);
    double cx = s.center.x, cy = s.center.y, top = cy - s.height / 2 - 24;
    CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, cx, top, 3), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, cx + (cy - top), cy, 3.1), GRIP_OK); /* a quarter turn */
    CHECK_NEAR(state_of(b, bx).rotation, PI / 2, 1e-12);
    c = remote_change(a, x, GRIP_FIELD_ROTATION | GRIP_FIELD_SCALE);
    c.after.rotation = 1.0;
    c.after.scale = 2;
    CHECK_STATUS(grip_remote_apply(b, &c, 1, NULL), GRIP_OK);
    s = state_of(b, bx);
    CHECK_NEAR(s.rotation, PI / 2, 1e-12);
    CHECK_NEAR(s.scale, 2, 0);
    CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, cx + (cy - top), cy, 3.2), GRIP_OK);
    CHECK_STATUS(grip_remote_apply(a, &c, 1, NULL), GRIP_OK);
    CHECK_STATUS(grip_box_set_editing(b, bx, false), GRIP_OK);
    pass_on(b, a);
    CHECK(same_scene(a, b));

    /* A group move: a remote destroy of one member drops it; the other goes on. */
    CHECK_STATUS(grip_select(b, bx, GRIP_SELECT_REPLACE), GRIP_OK);
    CHECK_STATUS(grip_select(b, by, GRIP_SELECT_ADD), GRIP_OK);
    drain_events(b);
    s = state_of(b, by);
    double yx = s.center.x, yy = s.center.y;
    CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, yx, yy, 4), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, yx + 20, yy, 4.1), GRIP_OK);
    grip_feed_change gone;
    memset(&gone, 0, sizeof gone);
    gone.kind = GRIP_FEED_DESTROYED;
    gone.key = key_of(b, bx);
    grip_box_desc_init(&gone.desc);
    CHECK_STATUS(grip_remote_apply(b, &gone, 1, NULL), GRIP_OK);
    CHECK_STATUS(grip_remote_apply(a, &gone, 1, NULL), GRIP_OK);
    CHECK(find(b, gone.key) == GRIP_NO_BOX);
    {
        /* The gesture goes on with one member, which is still in it: the host may not configure it. */
        grip_box_desc d;
        grip_box_desc_init(&d);
        CHECK_STATUS(grip_box_describe(b, by, &d), GRIP_OK);
        CHECK_STATUS(grip_box_configure(b, by, &d), GRIP_ERR_STATE);
    }
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, yx + 50, yy, 4.2), GRIP_OK);
    CHECK_NEAR(state_of(b, by).center.x, yx + 50, 0);
    CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, yx + 50, yy, 4.3), GRIP_OK);
    CHECK_NEAR(state_of(b, by).center.x, yx + 50, 0);
    CHECK_INT(count_kind(b, GRIP_EVENT_REMOTE_DROPPED), 1);
    pass_on(b, a);
    CHECK(same_scene(a, b));

    /* A nudge run: the centre is the run's; a remote size comes in at once. */
    CHECK_STATUS(grip_select(b, by, GRIP_SELECT_REPLACE), GRIP_OK);
    s = state_of(b, by);
    grip_key_event right = {GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0, 5};
    CHECK_STATUS(grip_dispatch_key(b, &right, NULL), GRIP_OK);
    c = remote_change(a, y, GRIP_FIELD_SIZE | GRIP_FIELD_CENTER);
    c.after.height = 130;
    c.after.center.y = 0;
    CHECK_STATUS(grip_remote_apply(b, &c, 1, NULL), GRIP_OK);
    CHECK_STATUS(grip_remote_apply(a, &c, 1, NULL), GRIP_OK);
    right.time = 5.5;
    CHECK_STATUS(grip_dispatch_key(b, &right, NULL), GRIP_OK);
    grip_box_state t = state_of(b, by);
    CHECK_NEAR(t.center.x, s.center.x + 2, 0);
    CHECK_NEAR(t.center.y, s.center.y, 0);
    CHECK_NEAR(t.height, 130, 0);
    CHECK_STATUS(grip_dispatch_timer(b, 7), GRIP_OK); /* the run commits */
    pass_on(b, a);
    CHECK(same_scene(a, b));

    /* Resize by the bottom-right handle: the whole geometry is the gesture's; a remote user_data
     * comes in at once, a remote width waits and loses to the commit. */
    {
        grip_box r = add_box(a, GRIP_NO_BOX, 600, 600, 100, 100, 0, 1, false);
        pass_on(a, b);
        grip_box br = find(b, key_of(a, r));
        CHECK_STATUS(grip_box_set_editing(b, br, true), GRIP_OK); /* editing is each peer's own */
        CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, 700, 700, 8), GRIP_OK);
        CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, 740, 720, 8.1), GRIP_OK);
        grip_feed_change rc = remote_change(a, r, GRIP_FIELD_SIZE | GRIP_FIELD_BEHAVIOR);
        rc.after.width = 300;
        rc.desc.user_data = 5;
        CHECK_STATUS(grip_remote_apply(b, &rc, 1, NULL), GRIP_OK);
        CHECK_STATUS(grip_remote_apply(a, &rc, 1, NULL), GRIP_OK);
        grip_box_state rs = state_of(b, br);
        CHECK_NEAR(rs.width, 140, 1e-9); /* 100 + 40: the local width */
        CHECK_NEAR(rs.height, 120, 1e-9);
        grip_box_desc rd;
        grip_box_desc_init(&rd);
        CHECK_STATUS(grip_box_describe(b, br, &rd), GRIP_OK);
        CHECK(rd.user_data == 5);
        CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, 740, 720, 8.2), GRIP_OK);
        CHECK_NEAR(state_of(b, br).width, 140, 1e-9);
        CHECK_STATUS(grip_box_set_editing(b, br, false), GRIP_OK);
        pass_on(b, a);
        CHECK_NEAR(state_of(a, r).width, 140, 1e-9);
        CHECK(same_scene(a, b));
    }

    /* Bad input: nothing changes, the index is named. */
    c = remote_change(b, by, GRIP_FIELD_SIZE);
    grip_feed_change two[2] = {c, c};
    two[1].after.width = -5;
    size_t applied = 9;
    two[0].after.width = 77;
    CHECK_STATUS(grip_remote_apply(b, two, 2, &applied), GRIP_ERR_ARG);
    CHECK_INT(applied, 1);
    CHECK(strstr(grip_engine_errmsg(b), "change 1") != NULL);
    CHECK_NEAR(state_of(b, by).width, 77, 0);
    two[0].key = 0;
    CHECK_STATUS(grip_remote_apply(b, two, 1, &applied), GRIP_ERR_ARG);
    CHECK_INT(applied, 0);
    two[0].key = 424242; /* no such box: a race, skipped */
    CHECK_STATUS(grip_remote_apply(b, two, 1, &applied), GRIP_OK);
    CHECK_INT(applied, 1);
    CHECK(pass_on(b, NULL) == 0); /* remote changes are not in the feed */
    grip_engine_destroy(a);
    grip_engine_destroy(b);
}

static void own_undo(void) {
    grip_engine *a = peer_engine(1), *b = peer_engine(2);
    grip_box x = add_box(a, GRIP_NO_BOX, 100, 100, 100, 100, 0, 1, false);
    pass_on(a, b);
    grip_box bx = find(b, key_of(a, x));
    /* b moves x; a widens it; b's undo puts the centre back and keeps the width. */
    CHECK_STATUS(pointer(b, GRIP_PHASE_DOWN, 1, 150, 150, 1), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_MOVE, 1, 190, 150, 1.1), GRIP_OK);
    CHECK_STATUS(pointer(b, GRIP_PHASE_UP, 1, 190, 150, 1.2), GRIP_OK);
    pass_on(b, a);
    grip_feed_change c = remote_change(a, x, GRIP_FIELD_SIZE);
    c.after.width = 180;
    CHECK_STATUS(grip_remote_apply(a, &c, 1, NULL), GRIP_OK);
    CHECK_STATUS(grip_remote_apply(b, &c, 1, NULL), GRIP_OK);
    size_t u = 0, r = 0;
    CHECK_STATUS(grip_history_depth(b, &u, &r), GRIP_OK);
    CHECK_INT(u, 1); /* the remote change is not b's step */
    CHECK_STATUS(grip_undo(b), GRIP_OK);
    grip_box_state s = state_of(b, bx);
    CHECK_NEAR(s.center.x, 150, 0);
    CHECK_NEAR(s.width, 180, 0);
    pass_on(b, a);
    CHECK(same_scene(a, b));
    CHECK_STATUS(grip_redo(b), GRIP_OK);
    CHECK_NEAR(state_of(b, bx).center.x, 190, 0);
    CHECK_NEAR(state_of(b, bx).width, 180, 0);
    pass_on(b, a);
    CHECK(same_scene(a, b));
    /* a destroys x: b's undo skips it and never brings it back. */
    drain_events(b);
    CHECK_STATUS(grip_box_destroy(a, x), GRIP_OK);
    pass_on(a, b);
    CHECK_STATUS(grip_undo(b), GRIP_OK);
    CHECK_INT(count_kind(b, GRIP_EVENT_HISTORY_SKIPPED), 1);
    CHECK(find(b, c.key) == GRIP_NO_BOX);
    CHECK(pass_on(b, a) == 0);
    CHECK(same_scene(a, b));
    /* A recorded step that re-parented a box under a parent a destroyed: its undo is refused for
     * that box. */
    grip_box p = add_box(b, GRIP_NO_BOX, 0, 0, 500, 500, 0, 1, false);
    grip_box q = add_box(b, GRIP_NO_BOX, 600, 0, 100, 100, 0, 1, false);
    grip_box k = add_box(b, p, 10, 10, 50, 50, 0, 1, false);
    pass_on(b, a);
    CHECK_STATUS(grip_history_begin(b, 0), GRIP_OK);
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, k, &d), GRIP_OK);
    d.parent = q;
    CHECK_STATUS(grip_box_configure(b, k, &d), GRIP_OK);
    CHECK_STATUS(grip_history_commit(b), GRIP_OK);
    pass_on(b, a);
    CHECK(same_scene(a, b));
    CHECK_STATUS(grip_box_destroy(a, find(a, key_of(b, p))), GRIP_OK);
    pass_on(a, b);
    drain_events(b);
    CHECK_STATUS(grip_undo(b), GRIP_OK);
    CHECK_INT(count_kind(b, GRIP_EVENT_HISTORY_SKIPPED), 1);
    grip_box parent = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_describe(b, k, &d), GRIP_OK);
    parent = d.parent;
    CHECK(parent == q);
    pass_on(b, a);
    CHECK(same_scene(a, b));
    grip_engine_destroy(a);
    grip_engine_destroy(b);
}

/* A recorded step undoes and redoes only the fields it changed: a recorded configure of the
 * width, then another peer's change of the same box's centre and behaviour (its user data, the
 * host's colour, and its minimum width): the undo puts the width back and keeps the other peer's
 * centre and behaviour; the redo likewise. Both peers end with the same scene. */
static void recorded_step_by_field(void) {
    grip_engine *a = peer_engine(21), *b = peer_engine(22);
    grip_box x = add_box(b, GRIP_NO_BOX, 100, 100, 100, 60, 0, 1, false);
    pass_on(b, a);
    grip_box ax = find(a, key_of(b, x));
    CHECK(ax != GRIP_NO_BOX);
    grip_box_desc d;
    grip_box_desc_init(&d);
    /* b records a configure of the width alone: 100 -> 140 about the centre (x 100 -> 80, the
     * centre stays at 150). */
    CHECK_STATUS(grip_history_begin(b, 0), GRIP_OK);
    CHECK_STATUS(grip_box_describe(b, x, &d), GRIP_OK);
    d.width = 140;
    d.x = 80;
    CHECK_STATUS(grip_box_configure(b, x, &d), GRIP_OK);
    CHECK_STATUS(grip_history_commit(b), GRIP_OK);
    pass_on(b, a);
    /* a moves it to centre (400, 300) and gives it user data 77 and min_width 20. */
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(a, ax, &d), GRIP_OK);
    CHECK_NEAR(d.width, 140, 0);
    d.x = 400 - 70;
    d.y = 300 - 30;
    d.user_data = 77;
    d.min_width = 20;
    CHECK_STATUS(grip_box_configure(a, ax, &d), GRIP_OK);
    pass_on(a, b);
    CHECK_NEAR(state_of(b, x).center.x, 400, 0);
    /* b's undo: the width goes back to 100; the centre (a's 400, 300), the user data and the
     * minimum width stay a's. */
    grip_feed_change ch[8];
    size_t n = 0;
    CHECK_STATUS(grip_undo(b), GRIP_OK);
    grip_box_state st = state_of(b, x);
    CHECK_NEAR(st.width, 100, 0);
    CHECK_NEAR(st.height, 60, 0);
    CHECK_NEAR(st.center.x, 400, 0);
    CHECK_NEAR(st.center.y, 300, 0);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, x, &d), GRIP_OK);
    CHECK(d.user_data == 77);
    CHECK_NEAR(d.min_width, 20, 0);
    /* The feed has the undo as the width alone. */
    CHECK_STATUS(grip_feed_read(b, ch, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_INT(ch[0].origin, GRIP_ORIGIN_UNDO);
    CHECK_INT(ch[0].fields, GRIP_FIELD_SIZE);
    CHECK_NEAR(ch[0].before.width, 140, 0);
    CHECK_NEAR(ch[0].after.width, 100, 0);
    CHECK_NEAR(ch[0].after.center.x, 400, 0);
    CHECK_STATUS(grip_remote_apply(a, ch, n, NULL), GRIP_OK);
    CHECK(same_scene(a, b));
    /* The redo: the width 140 again, a's fields still kept. */
    CHECK_STATUS(grip_redo(b), GRIP_OK);
    st = state_of(b, x);
    CHECK_NEAR(st.width, 140, 0);
    CHECK_NEAR(st.center.x, 400, 0);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, x, &d), GRIP_OK);
    CHECK(d.user_data == 77);
    CHECK_STATUS(grip_feed_read(b, ch, 8, &n, NULL), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_INT(ch[0].origin, GRIP_ORIGIN_REDO);
    CHECK_INT(ch[0].fields, GRIP_FIELD_SIZE);
    CHECK_STATUS(grip_remote_apply(a, ch, n, NULL), GRIP_OK);
    CHECK(same_scene(a, b));
    /* A recorded step that changed the behaviour (user data 5): its undo puts back the whole
     * behaviour it changed (one field, as the feed has it), not the geometry a moved since. */
    CHECK_STATUS(grip_history_begin(b, 0), GRIP_OK);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, x, &d), GRIP_OK);
    d.user_data = 5;
    CHECK_STATUS(grip_box_configure(b, x, &d), GRIP_OK);
    CHECK_STATUS(grip_history_commit(b), GRIP_OK);
    pass_on(b, a);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(a, ax, &d), GRIP_OK);
    d.x = 10;
    CHECK_STATUS(grip_box_configure(a, ax, &d), GRIP_OK);
    pass_on(a, b);
    CHECK_STATUS(grip_undo(b), GRIP_OK);
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(b, x, &d), GRIP_OK);
    CHECK(d.user_data == 77);
    CHECK_NEAR(d.x, 10, 0);
    CHECK_NEAR(d.width, 140, 0);
    pass_on(b, a);
    CHECK(same_scene(a, b));
    grip_engine_destroy(a);
    grip_engine_destroy(b);
}

/* ---- convergence ---- */

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33) % n;
}

/* A random live box of e, or GRIP_NO_BOX. */
static grip_box any_box(grip_engine *e) {
    grip_box ids[512];
    size_t n = 0;
    grip_boxes_list(e, ids, 512, &n);
    if (n == 0) return GRIP_NO_BOX;
    return ids[rnd((uint32_t)(n < 512 ? n : 512))];
}

static void random_edit(grip_engine *e, double *t) {
    grip_box b = any_box(e);
    grip_box_desc d;
    grip_box_desc_init(&d);
    *t += 2;
    switch (rnd(9)) {
    case 0:
    case 1: {
        grip_box parent = rnd(3) == 0 ? b : GRIP_NO_BOX;
        grip_box c = GRIP_NO_BOX;
        d.parent = parent;
        d.x = rnd(800);
        d.y = rnd(800);
        d.width = 20 + rnd(100);
        d.height = 20 + rnd(100);
        d.rotation = rnd(4) * 0.3;
        d.user_data = rnd(1000);
        grip_box_create(e, &d, &c);
        break;
    }
    case 2:
        if (b && rnd(2)) grip_box_destroy(e, b);
        break;
    case 3: /* a drag of the box's centre */
        if (b) {
            grip_box_state s = state_of(e, b);
            grip_hit hit;
            grip_hit_test(e, s.corners[0].x * 0.5 + s.corners[2].x * 0.5, s.corners[0].y * 0.5 + s.corners[2].y * 0.5, &hit);
            double x = s.corners[0].x * 0.5 + s.corners[2].x * 0.5, y = s.corners[0].y * 0.5 + s.corners[2].y * 0.5;
            pointer(e, GRIP_PHASE_DOWN, 1, x, y, *t);
            pointer(e, GRIP_PHASE_MOVE, 1, x + rnd(60) - 30.0, y + rnd(60) - 30.0, *t + 0.1);
            pointer(e, GRIP_PHASE_UP, 1, x + rnd(60) - 30.0, y + rnd(60) - 30.0, *t + 0.2);
        }
        break;
    case 4:
        grip_undo(e);
        break;
    case 5:
        grip_redo(e);
        break;
    case 6:
        if (b) grip_box_order(e, b, (grip_order)rnd(4));
        break;
    case 7: /* re-parent (keeping the world place) or resize */
        if (b && grip_box_describe(e, b, &d) == GRIP_OK) {
            if (rnd(2)) {
                d.parent = rnd(2) ? any_box(e) : GRIP_NO_BOX;
            } else {
                d.width = 20 + rnd(100);
                d.user_data = rnd(1000);
            }
            grip_box_configure(e, b, &d);
        }
        break;
    case 8: /* a recorded step */
        if (b && grip_history_begin(e, 0) == GRIP_OK) {
            if (grip_box_describe(e, b, &d) == GRIP_OK) {
                d.height = 20 + rnd(100);
                grip_box_configure(e, b, &d);
            }
            grip_box c = GRIP_NO_BOX;
            grip_box_desc_init(&d);
            grip_box_create(e, &d, &c);
            if (rnd(2)) grip_box_destroy(e, c);
            grip_history_commit(e);
        }
        break;
    }
    drain_events(e);
}

static void convergence(void) {
    int seeds = 40, steps = 80, agreed = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        rng_state = (uint64_t)seed * 0x9E3779B97F4A7C15ull;
        grip_engine *e[3] = {peer_engine(11), peer_engine(22), peer_engine(33)};
        grip_engine *late = peer_engine(44);
        /* The ordered log: each engine's changes, in the order they were read. */
        size_t cap = 1 << 14, used = 0;
        grip_feed_change *log = malloc(cap * sizeof *log);
        size_t seen[3] = {0, 0, 0};
        double t[3] = {0, 0, 0};
        for (int i = 0; i < steps; i++) {
            int who = (int)rnd(3);
            random_edit(e[who], &t[who]);
            size_t n = 0;
            do {
                if (used + 256 > cap) {
                    cap *= 2;
                    log = realloc(log, cap * sizeof *log);
                }
                CHECK_STATUS(grip_feed_read(e[who], log + used, 256, &n, NULL), GRIP_OK);
                used += n;
            } while (n == 256);
            seen[who] = used;
            /* The others catch up with the log, in batches of their own sizes. */
            for (int k = 0; k < 3; k++) {
                if (k == who || rnd(3) == 0) continue;
                size_t applied = 0;
                CHECK_STATUS(grip_remote_apply(e[k], log + seen[k], used - seen[k], &applied), GRIP_OK);
                seen[k] = used;
            }
            for (int k = 0; k < 3; k++) {
                /* A peer that was not in step applies what came before its own changes first:
                 * here every engine applies the log up to date before it edits again. */
                if (seen[k] < used) {
                    CHECK_STATUS(grip_remote_apply(e[k], log + seen[k], used - seen[k], NULL), GRIP_OK);
                    seen[k] = used;
                }
            }
        }
        CHECK_STATUS(grip_remote_apply(late, log, used, NULL), GRIP_OK);
        bool same = same_scene(e[0], e[1]) && same_scene(e[1], e[2]) && same_scene(e[0], late);
        CHECK(same);
        agreed += same;
        free(log);
        for (int k = 0; k < 3; k++) grip_engine_destroy(e[k]);
        grip_engine_destroy(late);
    }
    CHECK_INT(agreed, seeds);
}

/* The BOX command of `b` in a fresh frame (NULL when none). */
static const grip_command *box_command(grip_engine *e, grip_box b) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    for (size_t i = 0; i < f.command_count; i++)
        if (f.commands[i].kind == GRIP_CMD_BOX && f.commands[i].box == b) return &f.commands[i];
    return NULL;
}

/* A remote re-parent that keeps the box's own geometry (fields PARENT only) still moves its
 * subtree in the world: the child's BOX command follows the new parent, turned by its 0.5. */
static void reparent_moves_subtree(void) {
    grip_engine *e = peer_engine(3);
    grip_box p = add_box(e, GRIP_NO_BOX, 400, 400, 200, 200, 0.5, 1, false);
    grip_box a = add_box(e, GRIP_NO_BOX, 50, 50, 100, 50, 0, 1, false);
    grip_box c = add_box(e, a, 10, 10, 20, 10, 0, 1, false);
    const grip_command *before = box_command(e, c);
    CHECK(before != NULL);
    if (before) CHECK_NEAR(before->transform.a, 1, 1e-12);
    pass_on(e, NULL);
    grip_feed_change ch = remote_change(e, a, GRIP_FIELD_PARENT);
    ch.parent_key = key_of(e, p);
    size_t applied = 0;
    CHECK_STATUS(grip_remote_apply(e, &ch, 1, &applied), GRIP_OK);
    CHECK_INT(applied, 1);
    grip_box_desc da;
    grip_box_desc_init(&da);
    CHECK_STATUS(grip_box_describe(e, a, &da), GRIP_OK);
    CHECK(da.parent == p);
    grip_box_state sc = state_of(e, c);
    CHECK_NEAR(sc.world.a, cos(0.5), 1e-12);
    CHECK_NEAR(sc.world.b, sin(0.5), 1e-12);
    const grip_command *cmd = box_command(e, c);
    CHECK(cmd != NULL);
    if (cmd) {
        CHECK_NEAR(cmd->transform.a, cos(0.5), 1e-12);
        CHECK_NEAR(cmd->transform.b, sin(0.5), 1e-12);
        CHECK_NEAR(cmd->transform.tx, sc.world.tx, 1e-9);
        CHECK_NEAR(cmd->transform.ty, sc.world.ty, 1e-9);
    }
    grip_engine_destroy(e);
}

void suite_remote(void) {
    keys();
    feed();
    during_gestures();
    own_undo();
    reparent_moves_subtree();
    recorded_step_by_field();
    convergence();
}
