/*
 * The hosted Lua states alive in the process (grip_lua_create's, until grip_lua_destroy): how a
 * call on a destroyed grip_lua is told apart from a call on a live one without reading the freed
 * state. An open-addressing set of pointers under a spin lock; a state's calls look it up once
 * (a few hundred nanoseconds at most against a script's run).
 *
 * A new state allocated at a destroyed one's address is live again under the old pointer: that
 * much no registry of addresses can tell.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

#define GONE ((const void *)1) /* a removed entry; lookups go past it */

static atomic_flag lock = ATOMIC_FLAG_INIT;
static const void **slots;
static size_t capacity, used, removed; /* used counts live entries, removed the GONE ones */

static void take(void) {
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {
    }
}
static void give(void) { atomic_flag_clear_explicit(&lock, memory_order_release); }

static size_t first_slot(const void *p, size_t cap) {
    uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 32) & (cap - 1);
}

/* The slot holding p, or where it would go (an empty slot); capacity is a power of two > 0. */
static size_t find(const void *p) {
    size_t i = first_slot(p, capacity);
    while (slots[i] != NULL && slots[i] != p) i = (i + 1) & (capacity - 1);
    return i;
}

/* Rebuilds the table at a capacity where it is at most a quarter full; false when out of memory. */
static bool rebuild(void) {
    size_t cap = 16;
    while (cap < (used + 1) * 4) cap *= 2;
    const void **fresh = calloc(cap, sizeof *fresh);
    if (fresh == NULL) return false;
    for (size_t i = 0; i < capacity; i++) {
        const void *p = slots[i];
        if (p == NULL || p == GONE) continue;
        size_t j = first_slot(p, cap);
        while (fresh[j] != NULL) j = (j + 1) & (cap - 1);
        fresh[j] = p;
    }
    free(slots);
    slots = fresh;
    capacity = cap;
    removed = 0;
    return true;
}

bool gl_live_add(const void *state) {
    take();
    bool ok = true;
    if ((used + removed + 1) * 2 > capacity) ok = rebuild();
    if (ok) {
        size_t i = find(state);
        if (slots[i] == NULL) {
            slots[i] = state;
            used++;
        }
    }
    give();
    return ok;
}

void gl_live_remove(const void *state) {
    take();
    if (capacity > 0) {
        size_t i = find(state);
        if (slots[i] == state) {
            slots[i] = GONE;
            used--;
            removed++;
        }
    }
    give();
}

bool gl_live_has(const void *state) {
    if (state == NULL || state == GONE) return false;
    take();
    bool live = capacity > 0 && slots[find(state)] == state;
    give();
    return live;
}
