/* test_abi.c: the C99 test program for libgrip's C ABI (every non-Lua function in grip.h). */
#include "check.h"
#include "suites.h"

int main(void) {
    check_suite("suite_engine", suite_engine);
    check_suite("suite_view", suite_view);
    check_suite("suite_boxes", suite_boxes);
    check_suite("suite_state", suite_state);
    check_suite("suite_hit", suite_hit);
    check_suite("suite_pointer", suite_pointer);
    check_suite("suite_frame", suite_frame);
    check_suite("suite_magnify", suite_magnify);
    check_suite("suite_reset", suite_reset);
    check_suite("suite_manipulation", suite_manipulation);
    check_suite("suite_longpress", suite_longpress);
    check_suite("suite_arbitration", suite_arbitration);
    check_suite("suite_selection", suite_selection);
    check_suite("suite_queries", suite_queries);
    check_suite("suite_snapping", suite_snapping);
    check_suite("suite_bulk", suite_bulk);
    check_suite("suite_fixes", suite_fixes);
    check_suite("suite_history", suite_history);
    check_suite("suite_recorded", suite_recorded);
    check_suite("suite_limits", suite_limits);
    check_suite("suite_scene", suite_scene);
    check_suite("suite_scene_text", suite_scene_text);
    check_suite("suite_hitches", suite_hitches);
    check_suite("suite_draworder", suite_draworder);
    check_suite("suite_hooks", suite_hooks);
    check_suite("suite_arrange", suite_arrange);
    check_suite("suite_selection_constraint", suite_selection_constraint);
    check_suite("suite_wide", suite_wide);
    check_suite("suite_dashes", suite_dashes);
    check_suite("suite_roundtrip", suite_roundtrip);
    check_suite("suite_remote", suite_remote);
    check_suite("suite_presence", suite_presence);
    return check_summary("C ABI tests");
}
