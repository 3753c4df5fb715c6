/*
 * What engines share across a process: the tags that tell their box ids apart, and each
 * thread's message of its last failed grip_engine_create.
 *
 * A tag is the lowest one no live engine holds, so a program that runs one engine at a time gets
 * tag 0 every time (its box ids do not depend on what ran before), while engines alive together
 * get different tags. The set is a bitmap of atomic words, claimed by compare-and-swap.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "CPlatform.h"

#define TAG_WORDS 1024 /* 65536 tags */

static _Atomic uint64_t held[TAG_WORDS];

int grip_platform_tag_acquire(void) {
    for (int w = 0; w < TAG_WORDS; w++) {
        uint64_t bits = atomic_load(&held[w]);
        while (bits != UINT64_MAX) {
            int bit = __builtin_ctzll(~bits);
            if (atomic_compare_exchange_weak(&held[w], &bits, bits | (UINT64_C(1) << bit))) return w * 64 + bit;
        }
    }
    return -1;
}

void grip_platform_tag_release(int tag) {
    if (tag < 0 || tag >= TAG_WORDS * 64) return;
    atomic_fetch_and(&held[tag / 64], ~(UINT64_C(1) << (tag % 64)));
}

static _Thread_local char create_error[256];

void grip_platform_create_error_set(const char *text, size_t length) {
    if (length >= sizeof create_error) length = sizeof create_error - 1;
    memcpy(create_error, text, length);
    create_error[length] = 0;
}

const char *grip_platform_create_error_get(void) { return create_error; }
