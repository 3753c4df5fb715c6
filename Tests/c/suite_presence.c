/* suite_presence.c: other peers' presence through the C ABI (grip_peer_set, grip_peer_remove):
 * the frame's PEER_OUTLINE, PEER_LIVE and PEER_CURSOR commands with their exact vertices (a
 * rotated selected box, a live box from another engine's grip_feed_live, a nested live box, a
 * cursor through a zoomed view), their place between the BOX commands and the local overlay and
 * their order by peer, keys resolved at frame build (a destroyed box drops out, a box arriving
 * later appears), removed peers, bad input and limits changing nothing, and presence leaving the
 * document, the history and both feeds alone. Expected numbers come from the geometry model's
 * formula (util.c's aff_local), worked out here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"
#include "util.h"

static uint64_t key_of(grip_engine *e, grip_box b) {
    uint64_t k = 0;
    CHECK_STATUS(grip_box_get_key(e, b, &k), GRIP_OK);
    return k;
}

static grip_frame frame_of(grip_engine *e) {
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_OK);
    return f;
}

/* The n-th command of kind drawn for peer, or NULL. */
static const grip_command *peer_command(const grip_frame *f, grip_command_kind kind, uint32_t peer, int n) {
    for (size_t i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == kind && f->commands[i].peer == peer && n-- == 0) return &f->commands[i];
    return NULL;
}

/* Checks that command c's 4 vertices are box space (0,0) (w,0) (w,h) (0,h) under m. */
static void check_corners(const grip_frame *f, const grip_command *c, grip_affine m, double w, double h,
                          double tol, int line) {
    double xs[4] = {0, w, w, 0}, ys[4] = {0, 0, h, h};
    check_int(c->vertex_count, 4, "vertex_count", __FILE__, line);
    if (c->vertex_count != 4 || c->first_vertex + 4 > f->vertex_count) return;
    for (int k = 0; k < 4; k++) {
        grip_vec2 want = aff_apply(m, xs[k], ys[k]);
        check_near(f->vertices[c->first_vertex + k].x, want.x, tol, "corner x", __FILE__, line);
        check_near(f->vertices[c->first_vertex + k].y, want.y, tol, "corner y", __FILE__, line);
    }
}

static void check_affine(grip_affine got, grip_affine want, double tol, int line) {
    check_near(got.a, want.a, tol, "a", __FILE__, line);
    check_near(got.b, want.b, tol, "b", __FILE__, line);
    check_near(got.c, want.c, tol, "c", __FILE__, line);
    check_near(got.d, want.d, tol, "d", __FILE__, line);
    check_near(got.tx, want.tx, tol, "tx", __FILE__, line);
    check_near(got.ty, want.ty, tol, "ty", __FILE__, line);
}

static int count_peer_commands(const grip_frame *f) {
    return count_commands(f, GRIP_CMD_PEER_OUTLINE) + count_commands(f, GRIP_CMD_PEER_LIVE) +
           count_commands(f, GRIP_CMD_PEER_CURSOR);
}

/* A rotated box another peer selected: its outline exactly on the box's corners, tagged with the
 * peer and its colour. */
static void rotated_outline(void) {
    grip_engine *e = new_peer_engine(1);
    /* x, y is the top-left before rotation: the centre is (100 + 40, 200 + 15). */
    grip_box b = add_box(e, GRIP_NO_BOX, 100, 200, 80, 30, 0.5, 1.5, false);
    add_box(e, GRIP_NO_BOX, 500, 500, 10, 10, 0, 1, false);
    uint64_t key = key_of(e, b);
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    CHECK_INT(p.struct_size, sizeof(grip_peer_presence));
    CHECK(p.peer == 0 && p.selection == NULL && p.selection_count == 0 && !p.has_pointer && p.live_count == 0);
    p.peer = 2;
    p.color = 0xFF8800FFu;
    p.selection = &key;
    p.selection_count = 1;
    uint64_t serial = frame_of(e).serial;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    grip_frame f = frame_of(e);
    CHECK(f.serial > serial);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_OUTLINE), 1);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_LIVE), 0);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_CURSOR), 0);
    /* After both BOX commands, the first overlay command. */
    CHECK_INT(find_command(&f, GRIP_CMD_PEER_OUTLINE, 0), 2);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_OUTLINE, 2, 0);
    CHECK(c != NULL);
    if (!c) return;
    CHECK(c->box == b);
    CHECK(c->user_data == 0xFF8800FFu);
    CHECK_NEAR(c->stroke_width, 1, 0);
    CHECK_NEAR(c->width, 80, 0);
    CHECK_NEAR(c->height, 30, 0);
    grip_affine m = aff_local(140, 215, 80, 30, 0.5, 1.5, false, false);
    check_corners(&f, c, m, 80, 30, 1e-9, __LINE__);
    check_affine(c->transform, m, 1e-9, __LINE__);
    /* The first corner worked out by hand: (-40, -15) * 1.5 turned by 0.5 rad about the centre. */
    double cs = cos(0.5), sn = sin(0.5);
    CHECK_NEAR(f.vertices[c->first_vertex].x, 140 + 1.5 * (-40 * cs + 15 * sn), 1e-9);
    CHECK_NEAR(f.vertices[c->first_vertex].y, 215 + 1.5 * (-40 * sn - 15 * cs), 1e-9);
    /* Every other command carries peer 0. */
    for (size_t i = 0; i < f.command_count; i++)
        if (f.commands[i].kind != GRIP_CMD_PEER_OUTLINE) CHECK_INT(f.commands[i].peer, 0);
    /* The box moves here: the outline follows at the next frame. */
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    d.x += 50;
    CHECK_STATUS(grip_box_configure(e, b, &d), GRIP_OK);
    f = frame_of(e);
    c = peer_command(&f, GRIP_CMD_PEER_OUTLINE, 2, 0);
    CHECK(c != NULL);
    if (c) check_corners(&f, c, aff_local(190, 215, 80, 30, 0.5, 1.5, false, false), 80, 30, 1e-9, __LINE__);
    grip_engine_destroy(e);
}

/* The live box of another engine's drag, from its grip_feed_live, drawn where that engine has it. */
static void live_from_feed(void) {
    grip_engine *a = new_peer_engine(5), *b = new_peer_engine(6);
    CHECK_STATUS(grip_feed_enable(a, 64), GRIP_OK);
    grip_box ba = add_box(a, GRIP_NO_BOX, 100, 100, 100, 60, 0, 1, false);
    grip_feed_change ch[4];
    size_t n = 0, applied = 0;
    CHECK_STATUS(grip_feed_read(a, ch, 4, &n, NULL), GRIP_OK);
    CHECK_INT(n, 1);
    CHECK_STATUS(grip_remote_apply(b, ch, n, &applied), GRIP_OK);
    grip_box bb = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_find(b, key_of(a, ba), &bb), GRIP_OK);
    /* a drags its box by (40, 25). */
    CHECK_STATUS(pointer(a, GRIP_PHASE_DOWN, 1, 150, 130, 1), GRIP_OK);
    CHECK_STATUS(pointer(a, GRIP_PHASE_MOVE, 1, 190, 155, 1.1), GRIP_OK);
    grip_live_box live[4];
    CHECK_STATUS(grip_feed_live(a, live, 4, &n), GRIP_OK);
    CHECK_INT(n, 1);
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 5;
    p.color = 7;
    p.live = live;
    p.live_count = n;
    p.has_pointer = true;
    p.pointer.x = 190;
    p.pointer.y = 155;
    CHECK_STATUS(grip_peer_set(b, &p), GRIP_OK);
    /* The caller's copy may go: the engine copied it. */
    memset(live, 0xFF, sizeof live);
    grip_frame f = frame_of(b);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_LIVE, 5, 0);
    CHECK(c != NULL);
    if (c) {
        CHECK(c->box == bb);
        CHECK(c->user_data == 7);
        grip_affine m = aff_local(190, 155, 100, 60, 0, 1, false, false);
        check_corners(&f, c, m, 100, 60, 0, __LINE__);
        check_affine(c->transform, m, 0, __LINE__);
        CHECK_NEAR(c->width, 100, 0);
        CHECK_NEAR(c->height, 60, 0);
    }
    /* Live boxes come after outlines, the cursor last. */
    CHECK(find_command(&f, GRIP_CMD_PEER_CURSOR, 0) > find_command(&f, GRIP_CMD_PEER_LIVE, 0));
    const grip_command *cur = peer_command(&f, GRIP_CMD_PEER_CURSOR, 5, 0);
    CHECK(cur != NULL);
    if (cur) {
        CHECK_NEAR(cur->center.x, 190, 0);
        CHECK_NEAR(cur->center.y, 155, 0);
        CHECK(cur->user_data == 7);
        CHECK(cur->box == GRIP_NO_BOX);
    }
    /* b's own box has not moved: the document is not presence's. */
    CHECK_NEAR(state_of(b, bb).center.x, 150, 0);
    grip_engine_destroy(a);
    grip_engine_destroy(b);
}

/* A live box under a parent: placed by parent_key in that parent's (scaled, rotated) world; a
 * parent_key no live box has draws nothing; a key no live box has draws with box GRIP_NO_BOX. */
static void live_nested(void) {
    grip_engine *e = new_peer_engine(1);
    grip_box parent = add_box(e, GRIP_NO_BOX, 200, 100, 200, 100, PI / 2, 2, false);
    grip_live_box live[3];
    memset(live, 0, sizeof live);
    live[0].key = (9ull << 32) | 1; /* not here yet */
    live[0].parent_key = key_of(e, parent);
    live[0].gesture = GRIP_GESTURE_RESIZE;
    live[0].geometry.center.x = 50;
    live[0].geometry.center.y = 20;
    live[0].geometry.width = 30;
    live[0].geometry.height = 10;
    live[0].geometry.rotation = 0.25;
    live[0].geometry.scale = 1;
    live[0].geometry.parent = 12345; /* another engine's id: ignored */
    live[1] = live[0];
    live[1].key = (9ull << 32) | 2;
    live[1].parent_key = (9ull << 32) | 77; /* a parent not here */
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 9;
    p.live = live;
    p.live_count = 2;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    grip_frame f = frame_of(e);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_LIVE), 1);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_LIVE, 9, 0);
    CHECK(c != NULL);
    if (c) {
        CHECK(c->box == GRIP_NO_BOX);
        grip_affine world = aff_mul(aff_local(300, 150, 200, 100, PI / 2, 2, false, false),
                                    aff_local(50, 20, 30, 10, 0.25, 1, false, false));
        check_corners(&f, c, world, 30, 10, 1e-9, __LINE__);
    }
    /* The box arrives: the same presence now names it. */
    grip_feed_change ch;
    memset(&ch, 0, sizeof ch);
    ch.kind = GRIP_FEED_CREATED;
    ch.fields = GRIP_FIELD_ALL;
    ch.key = (9ull << 32) | 1;
    ch.parent_key = key_of(e, parent);
    ch.after = live[0].geometry;
    ch.before = ch.after;
    grip_box_desc_init(&ch.desc);
    CHECK_STATUS(grip_remote_apply(e, &ch, 1, NULL), GRIP_OK);
    grip_box arrived = GRIP_NO_BOX;
    CHECK_STATUS(grip_box_find(e, ch.key, &arrived), GRIP_OK);
    f = frame_of(e);
    c = peer_command(&f, GRIP_CMD_PEER_LIVE, 9, 0);
    CHECK(c != NULL && c->box == arrived);
    grip_engine_destroy(e);
}

/* The cursor and outlines follow the view; several peers in increasing id order, by kind. */
static void view_and_order(void) {
    grip_engine *e = new_peer_engine(1);
    grip_box b1 = add_box(e, GRIP_NO_BOX, 0, 0, 10, 10, 0, 1, false);
    grip_box b2 = add_box(e, GRIP_NO_BOX, 20, 0, 10, 10, 0, 1, true); /* editing: a local border */
    uint64_t k[2] = {key_of(e, b2), key_of(e, b1)};
    grip_affine view = {2, 0, 0, 2, 10, 20};
    CHECK_STATUS(grip_engine_set_view(e, &view), GRIP_OK);
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 8;
    p.color = 80;
    p.selection = k;
    p.selection_count = 2;
    p.has_pointer = true;
    p.pointer.x = 5;
    p.pointer.y = 6;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    p.peer = 3;
    p.color = 30;
    p.selection_count = 1;
    p.pointer.x = -1;
    p.pointer.y = 0.5;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    grip_frame f = frame_of(e);
    /* 2 BOX, then outlines: peer 3's (b2), peer 8's (b2, b1), cursors: 3, 8; then b2's border. */
    CHECK_INT(f.command_count >= 8, 1);
    if (f.command_count < 8) return;
    CHECK_INT(f.commands[2].kind, GRIP_CMD_PEER_OUTLINE);
    CHECK_INT(f.commands[2].peer, 3);
    CHECK(f.commands[2].box == b2 && f.commands[2].user_data == 30);
    CHECK_INT(f.commands[3].peer, 8);
    CHECK(f.commands[3].box == b2);
    CHECK_INT(f.commands[4].peer, 8);
    CHECK(f.commands[4].box == b1 && f.commands[4].user_data == 80);
    CHECK_INT(f.commands[5].kind, GRIP_CMD_PEER_CURSOR);
    CHECK_INT(f.commands[5].peer, 3);
    CHECK_INT(f.commands[6].kind, GRIP_CMD_PEER_CURSOR);
    CHECK_INT(f.commands[6].peer, 8);
    CHECK_INT(f.commands[7].kind, GRIP_CMD_BORDER);
    /* Screen = 2 * world + (10, 20). */
    CHECK_NEAR(f.commands[5].center.x, 8, 0);
    CHECK_NEAR(f.commands[5].center.y, 21, 0);
    CHECK_NEAR(f.commands[6].center.x, 20, 0);
    CHECK_NEAR(f.commands[6].center.y, 32, 0);
    check_corners(&f, &f.commands[4], aff_mul(view, aff_local(5, 5, 10, 10, 0, 1, false, false)), 10, 10, 0,
                  __LINE__);
    CHECK_NEAR(f.vertices[f.commands[4].first_vertex + 2].x, 30, 0);
    CHECK_NEAR(f.vertices[f.commands[4].first_vertex + 2].y, 40, 0);
    /* A new view moves them. */
    grip_affine v2 = {1, 0, 0, 1, -100, 0};
    CHECK_STATUS(grip_engine_set_view(e, &v2), GRIP_OK);
    f = frame_of(e);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_CURSOR, 8, 0);
    CHECK(c != NULL && c->center.x == -95 && c->center.y == 6);
    /* The peers leave: the local border follows the BOX commands again, nothing of theirs stays
     * (also when only time moved the ants since). */
    CHECK_STATUS(grip_peer_remove(e, 3), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 900, 900, 2), GRIP_OK);
    f = frame_of(e);
    CHECK_INT(count_peer_commands(&f), 3);
    CHECK_STATUS(grip_peer_remove(e, 8), GRIP_OK);
    f = frame_of(e);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 901, 900, 3), GRIP_OK);
    f = frame_of(e);
    CHECK_INT(count_peer_commands(&f), 0);
    CHECK_INT(f.commands[2].kind, GRIP_CMD_BORDER);
    grip_engine_destroy(e);
}

/* A selected box destroyed drops out (the key stays in the presence: a box arriving later with it
 * draws, as live_nested shows); removing a peer takes its commands; removing it again is GRIP_DONE. */
static void destroyed_and_removed(void) {
    grip_engine *e = new_peer_engine(1);
    grip_box b1 = add_box(e, GRIP_NO_BOX, 0, 0, 10, 10, 0, 1, false);
    grip_box b2 = add_box(e, GRIP_NO_BOX, 20, 0, 10, 10, 0, 1, false);
    uint64_t k[2] = {key_of(e, b1), key_of(e, b2)};
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 4;
    p.selection = k;
    p.selection_count = 2;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    grip_frame f = frame_of(e);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_OUTLINE), 2);
    CHECK_STATUS(grip_box_destroy(e, b1), GRIP_OK);
    f = frame_of(e);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_OUTLINE), 1);
    CHECK(f.commands[find_command(&f, GRIP_CMD_PEER_OUTLINE, 0)].box == b2);
    uint64_t serial = f.serial;
    CHECK_STATUS(grip_peer_remove(e, 4), GRIP_OK);
    f = frame_of(e);
    CHECK(f.serial > serial);
    CHECK_INT(count_peer_commands(&f), 0);
    CHECK_INT(f.command_count, 1);
    CHECK_STATUS(grip_peer_remove(e, 4), GRIP_DONE);
    CHECK_STATUS(grip_peer_remove(e, 0), GRIP_DONE);
    CHECK_STATUS(grip_peer_remove(NULL, 4), GRIP_ERR_ARG);
    grip_engine_destroy(e);
}

/* Every refusal changes nothing: the frame (serial and commands) stays as it was. */
static void bad_input(void) {
    grip_engine *e = new_peer_engine(1);
    grip_box b = add_box(e, GRIP_NO_BOX, 0, 0, 10, 10, 0, 1, false);
    uint64_t key = key_of(e, b);
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 2;
    p.selection = &key;
    p.selection_count = 1;
    p.has_pointer = true;
    p.pointer.x = 1;
    p.pointer.y = 2;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    grip_frame f = frame_of(e);
    uint64_t serial = f.serial;
    size_t commands = f.command_count;
    grip_peer_presence q;
    grip_live_box live;
    memset(&live, 0, sizeof live);
    live.key = 5;
    live.geometry.width = 1;
    live.geometry.height = 1;
    live.geometry.scale = 1;
    for (int i = 0; i < 13; i++) {
        q = p;
        grip_status want = GRIP_ERR_ARG;
        grip_live_box l = live;
        q.live = &l;
        q.live_count = 1;
        switch (i) {
        case 0: q.pointer.x = NAN; break;
        case 1: q.pointer.y = INFINITY; break;
        case 2: q.pointer.x = 2e9; break;
        case 3: q.peer = 0; break;
        case 4: q.peer = 1; break; /* this engine's own */
        case 5: q.struct_size = 8; break;
        case 6: q.selection = NULL; break;
        case 7: q.live = NULL; break;
        case 8: l.key = 0; break;
        case 9: l.geometry.width = -1; break;
        case 10: l.geometry.center.x = NAN; break;
        case 11: l.gesture = (grip_gesture)99; break;
        case 12: l.geometry.scale = 0; break;
        }
        CHECK_STATUS(grip_peer_set(e, &q), want);
        CHECK(strlen(grip_engine_errmsg(e)) > 0);
    }
    CHECK_STATUS(grip_peer_set(e, NULL), GRIP_ERR_ARG);
    CHECK_STATUS(grip_peer_set(NULL, &p), GRIP_ERR_ARG);
    /* A NaN pointer without has_pointer is not read. */
    q = p;
    q.has_pointer = false;
    q.pointer.x = NAN;
    q.peer = 3;
    CHECK_STATUS(grip_peer_set(e, &q), GRIP_OK);
    CHECK_STATUS(grip_peer_remove(e, 3), GRIP_OK);
    f = frame_of(e);
    /* Peer 2 as it was set; nothing of the refused ones. */
    CHECK_INT(f.command_count, commands);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_CURSOR, 2, 0);
    CHECK(c != NULL && c->center.x == 1 && c->center.y == 2);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_LIVE), 0);
    CHECK(f.serial > serial); /* (the set and remove of peer 3) */
    grip_engine_destroy(e);
}

/* GRIP_PEER_KEYS_MAX keys and live boxes, GRIP_PEER_MAX peers; one past is GRIP_ERR_LIMIT. */
static void limits(void) {
    grip_engine *e = new_peer_engine(1);
    CHECK_INT(GRIP_PEER_MAX, 64);
    CHECK_INT(GRIP_PEER_KEYS_MAX, 4096);
    uint64_t *keys = calloc(GRIP_PEER_KEYS_MAX + 1, sizeof *keys);
    grip_live_box *live = calloc(GRIP_PEER_KEYS_MAX + 1, sizeof *live);
    for (int i = 0; i <= GRIP_PEER_KEYS_MAX; i++) {
        keys[i] = (2ull << 32) | (uint64_t)(i + 1);
        live[i].key = keys[i];
        live[i].geometry.width = live[i].geometry.height = live[i].geometry.scale = 1;
    }
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 2;
    p.selection = keys;
    p.selection_count = GRIP_PEER_KEYS_MAX + 1;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_ERR_LIMIT);
    p.selection_count = GRIP_PEER_KEYS_MAX;
    p.live = live;
    p.live_count = GRIP_PEER_KEYS_MAX + 1;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_ERR_LIMIT);
    p.live_count = GRIP_PEER_KEYS_MAX;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    /* Keys no box has: nothing drawn; the live boxes (top level) all are. */
    grip_frame f = frame_of(e);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_OUTLINE), 0);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_LIVE), GRIP_PEER_KEYS_MAX);
    p.selection_count = 0;
    p.live_count = 0;
    for (uint32_t i = 3; i < 3 + GRIP_PEER_MAX - 1; i++) {
        p.peer = i;
        CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    }
    p.peer = 1000;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_ERR_LIMIT);
    /* A known peer still updates; after one leaves, a new one fits. */
    p.peer = 3;
    p.has_pointer = true;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    CHECK_STATUS(grip_peer_remove(e, 4), GRIP_OK);
    p.peer = 1000;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    f = frame_of(e);
    CHECK_INT(count_commands(&f, GRIP_CMD_PEER_CURSOR), 2);
    CHECK_INT(f.commands[f.command_count - 1].peer, 1000);
    free(keys);
    free(live);
    grip_engine_destroy(e);
}

/* Presence is not the document: no change in the feed, no undo step, no selection, and the
 * local ephemeral feed stays GRIP_DONE; during a local gesture both draw. */
static void not_the_document(void) {
    grip_engine *e = new_peer_engine(1);
    CHECK_STATUS(grip_feed_enable(e, 64), GRIP_OK);
    grip_box b = add_box(e, GRIP_NO_BOX, 0, 0, 100, 100, 0, 1, false);
    grip_feed_change ch[4];
    size_t n = 0;
    CHECK_STATUS(grip_feed_read(e, ch, 4, &n, NULL), GRIP_OK);
    grip_live_box mine[2];
    CHECK_STATUS(grip_feed_live(e, mine, 2, &n), GRIP_OK);
    CHECK_INT(n, 0);
    CHECK_STATUS(grip_feed_live(e, mine, 2, &n), GRIP_DONE);
    char *before = NULL;
    size_t len = 0;
    grip_scene_save(e, NULL, 0, &len);
    before = malloc(len + 1);
    CHECK_STATUS(grip_scene_save(e, before, len + 1, &len), GRIP_OK);
    uint64_t key = key_of(e, b);
    grip_peer_presence p;
    grip_peer_presence_init(&p);
    p.peer = 2;
    p.selection = &key;
    p.selection_count = 1;
    CHECK_STATUS(grip_peer_set(e, &p), GRIP_OK);
    CHECK_STATUS(grip_feed_live(e, mine, 2, &n), GRIP_DONE);
    CHECK_STATUS(grip_feed_read(e, ch, 4, &n, NULL), GRIP_OK);
    CHECK_INT(n, 0);
    size_t count = 9;
    grip_box sel[2];
    CHECK_STATUS(grip_selection_get(e, sel, 2, &count), GRIP_OK);
    CHECK_INT(count, 0);
    char *after = malloc(len + 1);
    size_t len2 = 0;
    CHECK_STATUS(grip_scene_save(e, after, len + 1, &len2), GRIP_OK);
    CHECK(len2 == len && strcmp(before, after) == 0);
    /* No undo step (a host's create outside a recorded step makes none, presence none either). */
    CHECK_STATUS(grip_undo(e), GRIP_DONE);
    /* A local drag with a peer drawn: the peer's outline follows the box as the drag moves it. */
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 50, 50, 1), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 80, 50, 1.1), GRIP_OK);
    grip_frame f = frame_of(e);
    const grip_command *c = peer_command(&f, GRIP_CMD_PEER_OUTLINE, 2, 0);
    CHECK(c != NULL && f.vertices[c->first_vertex].x == 30);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 90, 60, 1.2), GRIP_OK);
    f = frame_of(e);
    c = peer_command(&f, GRIP_CMD_PEER_OUTLINE, 2, 0);
    CHECK(c != NULL && f.vertices[c->first_vertex].x == 40 && f.vertices[c->first_vertex].y == 10);
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 90, 60, 1.3), GRIP_OK);
    free(before);
    free(after);
    grip_engine_destroy(e);
}

void suite_presence(void) {
    rotated_outline();
    live_from_feed();
    live_nested();
    view_and_order();
    destroyed_and_removed();
    bad_input();
    limits();
    not_the_document();
}
