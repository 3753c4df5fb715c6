/*
 * test_two_threads.c: one engine used from two threads at once is refused, not a crash.
 *
 * grip.h: an engine takes one call at a time. A call made while another thread's call runs on the
 * same engine returns GRIP_ERR_STATE, changes nothing, and grip_engine_errmsg on the refused
 * thread says "used from two threads at once" (the running call's own message is left alone). A
 * call from the running call's own callbacks keeps its re-entrancy message.
 *
 *   cc -std=c11 -pthread -IInclude -ITests/c Tests/c/test_two_threads.c Tests/c/check.c Tests/c/util.c \
 *      -Lbin -lgrip -lm -o t
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define TWO_THREADS "used from two threads at once"

static void pause_briefly(void) {
    struct timespec t = {0, 100000}; /* 0.1 ms */
    nanosleep(&t, NULL);
}

/* ---- A call held inside its callback while the other thread calls ---- */

static atomic_int hook_entered, hook_release;

/* A constraint that holds its call (the engine busy on the dispatching thread) until released. */
static bool holding_constraint(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    (void)context, (void)box, (void)current, (void)proposed;
    atomic_store(&hook_entered, 1);
    while (!atomic_load(&hook_release)) pause_briefly();
    return true;
}

typedef struct {
    grip_engine *engine;
    grip_status status;
    char message[256]; /* grip_engine_errmsg on the dispatching thread after its call */
} held_call;

static void *dispatch_held_move(void *arg) {
    held_call *call = arg;
    call->status = pointer(call->engine, GRIP_PHASE_MOVE, 1, 145, 125, 0.1);
    snprintf(call->message, sizeof call->message, "%s", grip_engine_errmsg(call->engine));
    return NULL;
}

static void refused_while_another_thread_calls(void) {
    grip_engine *e = new_engine(1000, 1000);
    grip_box b = add_box(e, 0, 100, 100, 50, 50, 0, 1, true);
    CHECK_STATUS(grip_box_set_constraint(e, b, holding_constraint, NULL), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 125, 125, 0), GRIP_OK);
    grip_box_desc before;
    grip_box_desc_init(&before);
    CHECK_STATUS(grip_box_describe(e, b, &before), GRIP_OK);

    held_call call = {e, GRIP_OK, ""};
    pthread_t a;
    CHECK_INT(pthread_create(&a, NULL, dispatch_held_move, &call), 0);
    while (!atomic_load(&hook_entered)) pause_briefly();

    /* Thread A is inside its move: every call from here is refused and names the misuse. */
    grip_box_desc seen;
    grip_box_desc_init(&seen);
    CHECK_STATUS(grip_box_describe(e, b, &seen), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), TWO_THREADS) != NULL);
    CHECK(strstr(grip_engine_errmsg(e), "script callback") == NULL);
    grip_box_desc wider = before;
    wider.width = 90;
    CHECK_STATUS(grip_box_configure(e, b, &wider), GRIP_ERR_STATE);
    CHECK(strstr(grip_engine_errmsg(e), TWO_THREADS) != NULL);
    CHECK_STATUS(grip_engine_set_bounds(e, 10, 10), GRIP_ERR_STATE);
    CHECK_STATUS(grip_undo(e), GRIP_ERR_STATE);
    grip_frame f;
    CHECK_STATUS(grip_frame_get(e, &f), GRIP_ERR_STATE);
    /* The info read takes no guard: it sees the call in progress. */
    grip_engine_info info;
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK(info.busy);
    /* A destroy from this thread does nothing while A's call runs (the engine stays A's). */
    grip_engine_destroy(e);
    CHECK(strstr(grip_engine_errmsg(e), TWO_THREADS) != NULL);

    atomic_store(&hook_release, 1);
    CHECK_INT(pthread_join(a, NULL), 0);
    /* A's call went on as if alone: the move applied, its message untouched by the refusals. */
    CHECK_STATUS(call.status, GRIP_OK);
    CHECK_STR(call.message, "");

    /* The next call from this thread is taken; the refusal's message is gone with it. */
    CHECK_STATUS(grip_box_describe(e, b, &seen), GRIP_OK);
    CHECK_STR(grip_engine_errmsg(e), "");
    CHECK_NEAR(seen.x, before.x + 20, EXACT);
    CHECK_NEAR(seen.y, before.y, EXACT);
    CHECK_NEAR(seen.width, 50, EXACT); /* the refused configure changed nothing */
    CHECK_STATUS(pointer(e, GRIP_PHASE_UP, 1, 145, 125, 0.2), GRIP_OK);
    CHECK_STATUS(grip_engine_set_bounds(e, 1000, 1000), GRIP_OK);
    grip_engine_info_init(&info);
    CHECK_STATUS(grip_engine_get_info(e, &info), GRIP_OK);
    CHECK(!info.busy);
    grip_engine_destroy(e);
    CHECK(strstr(grip_engine_errmsg(e), "not a live engine") != NULL);
}

/* ---- A call from the running call's own callback keeps its re-entrancy message ---- */

typedef struct {
    grip_engine *engine;
    grip_status status;
    char message[256];
} reentry;

static bool reentering_constraint(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
    (void)current, (void)proposed;
    reentry *r = context;
    grip_box_desc d;
    grip_box_desc_init(&d);
    r->status = grip_box_describe(r->engine, box, &d);
    snprintf(r->message, sizeof r->message, "%s", grip_engine_errmsg(r->engine));
    return true;
}

static void reentry_is_not_blamed_on_threads(void) {
    grip_engine *e = new_engine(1000, 1000);
    grip_box b = add_box(e, 0, 100, 100, 50, 50, 0, 1, true);
    reentry r = {e, GRIP_OK, ""};
    CHECK_STATUS(grip_box_set_constraint(e, b, reentering_constraint, &r), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_DOWN, 1, 125, 125, 0), GRIP_OK);
    CHECK_STATUS(pointer(e, GRIP_PHASE_MOVE, 1, 145, 125, 0.1), GRIP_OK);
    CHECK_STATUS(r.status, GRIP_ERR_STATE);
    CHECK(strstr(r.message, "re-entrant call") != NULL);
    CHECK(strstr(r.message, TWO_THREADS) == NULL);
    /* The move itself succeeded: its message is "", not the callback's refused call's. */
    CHECK_STR(grip_engine_errmsg(e), "");
    grip_engine_destroy(e);
}

/* ---- Two threads hammering one engine ---- */

#define HAMMER_SECONDS 0.2

typedef struct {
    grip_engine *engine;
    grip_box box;
    long accepted, refused, wrong; /* wrong: a status or message the rule does not allow */
    long cycles;                   /* drag cycles completed (the dragging thread) */
} hammer;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Counts one call's outcome: GRIP_OK, or GRIP_ERR_STATE with the two-threads message. Returns
 * whether it was accepted. */
static bool tally(hammer *h, grip_status s) {
    if (s == GRIP_OK) {
        h->accepted++;
        return true;
    }
    if (s == GRIP_ERR_STATE && strstr(grip_engine_errmsg(h->engine), TWO_THREADS)) h->refused++;
    else h->wrong++;
    return false;
}

/* Drags the box right by 30 and back, over and over; a refused event is sent again. */
static void *drag_cycles(void *arg) {
    hammer *h = arg;
    double t = 1, end = now() + HAMMER_SECONDS;
    while (now() < end) {
        double from = h->cycles % 2 ? 155 : 125, to = h->cycles % 2 ? 125 : 155;
        grip_phase seq[3] = {GRIP_PHASE_DOWN, GRIP_PHASE_MOVE, GRIP_PHASE_UP};
        double at[3] = {from, to, to};
        for (int i = 0; i < 3; i++) {
            t += 0.001;
            while (!tally(h, pointer(h->engine, seq[i], 1, at[i], 125, t))) t += 0.001;
        }
        h->cycles++;
    }
    return NULL;
}

/* Reads and writes what the drag does not touch: the box's description, the bounds, a hit test. */
static void *other_calls(void *arg) {
    hammer *h = arg;
    double end = now() + HAMMER_SECONDS;
    while (now() < end) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        tally(h, grip_box_describe(h->engine, h->box, &d));
        tally(h, grip_engine_set_bounds(h->engine, 1000, 1000));
        grip_hit hit;
        tally(h, grip_hit_test(h->engine, 500, 500, &hit));
    }
    return NULL;
}

static void two_threads_hammer_one_engine(void) {
    grip_engine *e = new_engine(1000, 1000);
    grip_box b = add_box(e, 0, 100, 100, 50, 50, 0, 1, true);
    hammer dragging = {e, b, 0, 0, 0, 0}, other = {e, b, 0, 0, 0, 0};
    pthread_t ta, tb;
    CHECK_INT(pthread_create(&ta, NULL, drag_cycles, &dragging), 0);
    CHECK_INT(pthread_create(&tb, NULL, other_calls, &other), 0);
    CHECK_INT(pthread_join(ta, NULL), 0);
    CHECK_INT(pthread_join(tb, NULL), 0);
    CHECK_INT(dragging.wrong, 0);
    CHECK_INT(other.wrong, 0);
    CHECK(dragging.cycles > 0);
    /* Every cycle was a whole drag of 30 units, alternating right and left. */
    grip_box_desc d;
    grip_box_desc_init(&d);
    CHECK_STATUS(grip_box_describe(e, b, &d), GRIP_OK);
    CHECK_NEAR(d.x, 100 + (dragging.cycles % 2 ? 30 : 0), EXACT);
    CHECK_NEAR(d.y, 100, EXACT);
    printf("two threads: %ld drag cycles, %ld + %ld calls taken, %ld + %ld refused as two-thread use\n",
           dragging.cycles, dragging.accepted, other.accepted, dragging.refused, other.refused);
    grip_engine_destroy(e);
}

int main(void) {
    refused_while_another_thread_calls();
    reentry_is_not_blamed_on_threads();
    two_threads_hammer_one_engine();
    return check_summary("test_two_threads");
}
