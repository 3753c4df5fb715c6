/* CPlatform: the few C functions libgrip.so defines for itself: what it needs of a newer glibc
 * than 2.25 (random.c), and the process-wide state engines share (engines.c). Nothing here is
 * exported from the library. */
#ifndef GRIP_CPLATFORM_H
#define GRIP_CPLATFORM_H

#include <stddef.h>
#include <stdint.h>

/* Fills buffer with length random bytes (from getrandom). */
__attribute__((visibility("hidden"))) void arc4random_buf(void *buffer, size_t length);

/* The lowest engine tag (0 ... 65535) no live engine holds, now held by the caller; -1 when all
 * are held. Thread-safe (lock-free). Give it back with grip_platform_tag_release. */
__attribute__((visibility("hidden"))) int grip_platform_tag_acquire(void);
/* Gives back a tag grip_platform_tag_acquire handed out (others are ignored). */
__attribute__((visibility("hidden"))) void grip_platform_tag_release(int tag);

/* The calling thread's message of its last failed grip_engine_create ("" when it succeeded):
 * set copies text (truncated to fit), get returns the thread's own buffer, never NULL. */
__attribute__((visibility("hidden"))) void grip_platform_create_error_set(const char *text, size_t length);
__attribute__((visibility("hidden"))) const char *grip_platform_create_error_get(void);

/* The one-call-at-a-time guard of an engine. owner is the token of the thread whose call runs, 0
 * when none; only the functions below touch it, atomically. A thread's token is the address of
 * its grip_platform_thread_marker: distinct for threads alive together, never 0, and needing no
 * thread library (a single-threaded WebAssembly build has one thread).
 *
 * The functions are inline, and the thread-locals (call_guard.c) use the initial-exec model (an
 * %fs-relative access, no __tls_get_addr call): measured with callgrind on bench/loop.c's drag
 * row (a pointer event and a frame read a step), the guard costs 185 instructions a step as
 * out-of-line functions with the default model, 63 out of line with initial-exec, and none inline
 * (2,175 instructions a step against 2,180 before the guard existed). */
typedef struct grip_platform_guard {
    uintptr_t owner;
} grip_platform_guard;

/* What a claim of the guard found. */
typedef enum grip_platform_claim {
    GRIP_PLATFORM_ENTERED = 0,     /* the guard was free: the calling thread holds it now */
    GRIP_PLATFORM_REENTERED = 1,   /* the calling thread holds it already (a callback calling in) */
    GRIP_PLATFORM_OTHER_THREAD = 2 /* another thread holds it: a call is running there */
} grip_platform_claim;

#define GRIP_PLATFORM_TLS __attribute__((tls_model("initial-exec"), visibility("hidden")))
/* Their address is the thread's token. */
extern _Thread_local char grip_platform_thread_marker GRIP_PLATFORM_TLS;
/* The engine the thread's last call was refused on because another thread held it, or NULL. */
extern _Thread_local const void *grip_platform_refused_engine GRIP_PLATFORM_TLS;

/* Claims guard for the calling thread (compare-and-swap, acquire) on behalf of a call on engine;
 * only ENTERED claims it. OTHER_THREAD records engine as the calling thread's refused engine, and
 * ENTERED forgets it again (see grip_platform_guard_refused). */
static inline grip_platform_claim grip_platform_guard_enter(grip_platform_guard *guard, const void *engine) {
    uintptr_t self = (uintptr_t)&grip_platform_thread_marker;
    uintptr_t seen = 0;
    if (__atomic_compare_exchange_n(&guard->owner, &seen, self, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        if (__builtin_expect(grip_platform_refused_engine == engine, 0)) grip_platform_refused_engine = NULL;
        return GRIP_PLATFORM_ENTERED;
    }
    if (seen == self) return GRIP_PLATFORM_REENTERED;
    grip_platform_refused_engine = engine;
    return GRIP_PLATFORM_OTHER_THREAD;
}

/* Frees a guard the calling thread claimed (release). */
static inline void grip_platform_guard_leave(grip_platform_guard *guard) {
    __atomic_store_n(&guard->owner, (uintptr_t)0, __ATOMIC_RELEASE);
}

/* 1 while some thread holds guard, else 0. */
static inline int grip_platform_guard_held(const grip_platform_guard *guard) {
    return __atomic_load_n(&guard->owner, __ATOMIC_ACQUIRE) != 0;
}

/* 1 when the calling thread's last call on engine that reached the guard was refused because
 * another thread held it (and no call of this thread on engine has been taken since), else 0. */
static inline int grip_platform_guard_refused(const void *engine) {
    return engine != NULL && grip_platform_refused_engine == engine;
}

#endif
