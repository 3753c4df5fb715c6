/* util.c: helpers shared by the C test suites. */
#include "util.h"

#include <math.h>
#include <string.h>

#include "check.h"

grip_engine *new_engine(double w, double h) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = w;
    d.height = h;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

grip_engine *new_peer_engine(uint32_t peer) {
    grip_engine_desc d;
    grip_engine *e = NULL;
    grip_engine_desc_init(&d);
    d.width = 1000;
    d.height = 1000;
    d.peer = peer;
    d.selection = GRIP_SELECTION_POINTER;
    CHECK_STATUS(grip_engine_create(&d, &e), GRIP_OK);
    return e;
}

grip_box add_box(grip_engine *e, grip_box parent, double x, double y, double w, double h,
                 double rotation, double scale, bool editing) {
    grip_box_desc d;
    grip_box b = GRIP_NO_BOX;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.rotation = rotation;
    d.scale = scale;
    d.editing = editing;
    CHECK_STATUS(grip_box_create(e, &d, &b), GRIP_OK);
    return b;
}

grip_box_state state_of(grip_engine *e, grip_box box) {
    grip_box_state s;
    memset(&s, 0, sizeof s);
    CHECK_STATUS(grip_box_state_get(e, box, &s), GRIP_OK);
    return s;
}

grip_status pointer_consumed(grip_engine *e, grip_phase phase, uint32_t id, double x, double y, double t,
                             bool *consumed) {
    grip_pointer_event ev;
    ev.phase = phase;
    ev.pointer = id;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    ev.modifiers = 0;
    return grip_dispatch_pointer(e, &ev, consumed);
}

grip_status pointer(grip_engine *e, grip_phase phase, uint32_t id, double x, double y, double t) {
    return pointer_consumed(e, phase, id, x, y, t, NULL);
}

grip_status magnify_consumed(grip_engine *e, grip_phase phase, double factor, double x, double y, double t,
                             bool *consumed) {
    grip_magnify_event ev;
    ev.phase = phase;
    ev.factor = factor;
    ev.x = x;
    ev.y = y;
    ev.time = t;
    return grip_dispatch_magnify(e, &ev, consumed);
}

grip_status magnify(grip_engine *e, grip_phase phase, double factor, double x, double y, double t) {
    return magnify_consumed(e, phase, factor, x, y, t, NULL);
}

int drain_events(grip_engine *e) {
    grip_event ev;
    int n = 0;
    while (grip_event_poll(e, &ev) == GRIP_OK && n < 100000) n++;
    return n;
}

int find_command(const grip_frame *f, grip_command_kind kind, int n) {
    size_t i;
    for (i = 0; i < f->command_count; i++)
        if (f->commands[i].kind == kind && n-- == 0) return (int)i;
    return -1;
}

int count_commands(const grip_frame *f, grip_command_kind kind) {
    size_t i;
    int n = 0;
    for (i = 0; i < f->command_count; i++) n += f->commands[i].kind == kind;
    return n;
}

grip_affine aff_mul(grip_affine m, grip_affine n) {
    grip_affine r;
    r.a = m.a * n.a + m.c * n.b;
    r.b = m.b * n.a + m.d * n.b;
    r.c = m.a * n.c + m.c * n.d;
    r.d = m.b * n.c + m.d * n.d;
    r.tx = m.a * n.tx + m.c * n.ty + m.tx;
    r.ty = m.b * n.tx + m.d * n.ty + m.ty;
    return r;
}

grip_vec2 aff_apply(grip_affine m, double x, double y) {
    grip_vec2 p;
    p.x = m.a * x + m.c * y + m.tx;
    p.y = m.b * x + m.d * y + m.ty;
    return p;
}

grip_affine aff_invert(grip_affine m) {
    double det = m.a * m.d - m.b * m.c;
    grip_affine r;
    r.a = m.d / det;
    r.b = -m.b / det;
    r.c = -m.c / det;
    r.d = m.a / det;
    r.tx = -(r.a * m.tx + r.c * m.ty);
    r.ty = -(r.b * m.tx + r.d * m.ty);
    return r;
}

grip_affine aff_local(double cx, double cy, double w, double h, double rotation, double scale,
                      bool flip_x, bool flip_y) {
    /* Built as a product of the four factors so the test does not share the library's shortcut. */
    grip_affine t_center = {1, 0, 0, 1, 0, 0}, rot = {1, 0, 0, 1, 0, 0};
    grip_affine scl = {1, 0, 0, 1, 0, 0}, t_half = {1, 0, 0, 1, 0, 0};
    t_center.tx = cx;
    t_center.ty = cy;
    rot.a = cos(rotation);
    rot.b = sin(rotation);
    rot.c = -sin(rotation);
    rot.d = cos(rotation);
    scl.a = scale * (flip_x ? -1 : 1);
    scl.d = scale * (flip_y ? -1 : 1);
    t_half.tx = -w / 2;
    t_half.ty = -h / 2;
    return aff_mul(t_center, aff_mul(rot, aff_mul(scl, t_half)));
}
