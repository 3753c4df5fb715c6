/* suites.h: the C ABI test suites, one file each, run in this order by test_abi.c. */
#ifndef GRIP_TEST_SUITES_H
#define GRIP_TEST_SUITES_H

void suite_engine(void);               /* version, status strings, engine lifetime, errmsg, bounds */
void suite_view(void);                 /* set_view: validation and screen <-> world */
void suite_boxes(void);                /* create, describe, configure, destroy, ids, hierarchy */
void suite_state(void);                /* local, world and corners against independent maths */
void suite_hit(void);                  /* hit_test */
void suite_pointer(void);              /* pointer dispatch, the move gesture, events */
void suite_frame(void);                /* timer, frames, marching ants, set_editing */
void suite_magnify(void);              /* magnify gesture */
void suite_reset(void);                /* grip_box_reset */
void suite_manipulation(void);         /* resize, flip, uniform, pinch, snap, containment */
void suite_longpress(void);            /* long press progress, trigger, cancels, indicators */
void suite_arbitration(void);          /* taps, presses, moves, handles, pinches: input -> events */
void suite_selection(void);            /* grip_select, the selection frame and overlay, group gestures, pointer selection */
void suite_queries(void);              /* draw order, box list, region query, view helpers, pass_through, hit_outset */
void suite_history(void);              /* keys, Escape, Tab, modifiers, COMMITTED and changes, undo / redo, C constraints */
void suite_scene(void);                /* scene files: round trips, text, buffer sizes, refusals, load effects */
void suite_scene_text(void);           /* scene files as JSON: grammar, unknown values, nesting, box limit, locale */
void suite_snapping(void);             /* set_snapping: validation, thresholds at zoom, grid, targets, gaps, resize, flush, bypass, guides */
void suite_hitches(void);              /* 20,000-box sessions: hit tests while the index is built in steps, while boxes are created, during a drag, idle */
void suite_draworder(void);            /* draw-order changes between frame reads against full rebuilds, command by command */
void suite_bulk(void);                 /* destroys and loads of many boxes: what they leave behind */
void suite_hooks(void);                /* hooks from C (custom handles, indicators, scripted constraints), guest events and frames, engine info, destroy in a callback */
void suite_wide(void);                 /* hashes, struct sizes and handle counts past 2^31; C constraints at small addresses */
void suite_fixes(void);                /* rotate handle offset, times, foreign ids, create errors, pinch lift */
void suite_arrange(void);              /* align, distribute, flip and quarter turns of the selection: rotated and nested members, steps, allow bits, containment, constraints, refusals */
void suite_selection_constraint(void); /* grip_selection_set_constraint: the whole selection kept inside a page through moves, resizes, rotations, nudges, arrangements; refusals, NaN answers, re-entry */
void suite_recorded(void);             /* recorded steps: grip_history_begin / commit / cancel, merges, create and destroy undone, refusals */
void suite_limits(void);               /* grip_engine_set_limits, the history's and unread events' bytes, unread steps bounded */
void suite_remote(void);               /* multiplayer: keys, the change feed, remote changes during gestures, own undo, convergence */
void suite_presence(void);             /* other peers' presence: outlines, live boxes and cursors in the frame, order, view, limits, refusals */
void suite_roundtrip(void);            /* whatever the API accepts describes, configures, saves and loads back; random sessions */

void suite_dashes(void); /* the renderers' dash clipping (integrations/dashes): Liang-Barsky, visible dashes of long borders */
#endif
