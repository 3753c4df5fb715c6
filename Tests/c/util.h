/* util.h: scene building, pointer scripting and independent affine maths for the C tests. */
#ifndef GRIP_TEST_UTIL_H
#define GRIP_TEST_UTIL_H

#include "grip.h"

#define PI    3.14159265358979323846
#define EXACT 1e-9

/* An engine with root bounds w x h and default settings (checked). */
grip_engine *new_engine(double w, double h);
/* A 1000 x 1000 engine with pointer selection, as peer `peer` (its boxes' keys' high half). */
grip_engine *new_peer_engine(uint32_t peer);
/* A box from (x, y, w, h) in the parent's coordinates, with rotation and scale (checked). */
grip_box add_box(grip_engine *e, grip_box parent, double x, double y, double w, double h,
                 double rotation, double scale, bool editing);
grip_box_state state_of(grip_engine *e, grip_box box);
grip_status pointer(grip_engine *e, grip_phase phase, uint32_t id, double x, double y, double t);
grip_status magnify(grip_engine *e, grip_phase phase, double factor, double x, double y, double t);
/* The same, reporting whether the event belonged to a box (consumed may be NULL). */
grip_status pointer_consumed(grip_engine *e, grip_phase phase, uint32_t id, double x, double y, double t,
                             bool *consumed);
grip_status magnify_consumed(grip_engine *e, grip_phase phase, double factor, double x, double y, double t,
                             bool *consumed);
/* Drains the queue; returns how many events it held. */
int drain_events(grip_engine *e);
/* Index of the n-th command (0-based) of a kind in a frame, or -1. */
int find_command(const grip_frame *f, grip_command_kind kind, int n);
int count_commands(const grip_frame *f, grip_command_kind kind);

/* Written here from the geometry model's formula (docs/specification.md, Geometry model),
 * not taken from the library. */
grip_affine aff_mul(grip_affine m, grip_affine n); /* m after n */
grip_vec2 aff_apply(grip_affine m, double x, double y);
grip_affine aff_invert(grip_affine m);
/* T(center) * R(rotation) * S(scale * fx, scale * fy) * T(-w/2, -h/2). */
grip_affine aff_local(double cx, double cy, double w, double h, double rotation, double scale,
                      bool flip_x, bool flip_y);

#endif
