// test_abi.cpp: the C++11 test program: grip.h compiles as C++ and its types behave as C++
// types should; the shipped wrapper (grip.hpp, the installed one when scripts/test builds this
// from the install prefix) owns engines and Lua states, moves them, turns failures into
// exceptions, and reaches every call of grip.h with the numbers the C calls give.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "check.h"
#include "grip.hpp"

// The header's constants are usable in constant expressions, and enums are 32-bit.
static_assert(GRIP_HANDLES_ALL8 == 0x1FEu, "all 8 handle bits");
static_assert(GRIP_HANDLE_BIT(GRIP_HANDLE_ROTATE) == 0x200u, "rotate bit");
static_assert(GRIP_ALLOW_ALL == 0x7Fu, "allow mask");
static_assert(sizeof(grip_handle) == 4 && sizeof(grip_phase) == 4, "32-bit enums");
static_assert(std::is_trivially_copyable<grip_command>::value, "commands copy as bytes");
static_assert(std::is_standard_layout<grip_box_desc>::value, "C layout");
static_assert(!std::is_copy_constructible<grip::engine>::value, "engines are not copied");
static_assert(std::is_nothrow_move_constructible<grip::engine>::value, "engines move");
static_assert(!std::is_copy_constructible<grip::script>::value, "Lua states are not copied");
static_assert(std::is_nothrow_move_constructible<grip::script>::value, "Lua states move");

namespace {

// grip::box_desc (the library's defaults, then the geometry) with editing set.
grip_box_desc box_desc(double x, double y, double w, double h, bool editing) {
    grip_box_desc d = grip::box_desc(x, y, w, h);
    CHECK_NEAR(d.scale, 1, 0);
    CHECK_INT(d.allow, GRIP_ALLOW_ALL & ~GRIP_ALLOW_LONG_PRESS);
    d.editing = editing;
    return d;
}

// The first box of an engine: ids carry a tag of their engine, reused once that engine is
// destroyed, so the same id twice means the first engine was destroyed before the second began.
grip_box first_box(grip::engine &e) { return e.add(grip::box_desc(0, 0, 10, 10)); }

void ownership() {
    grip_box alone;
    {
        grip::engine only(800, 600);
        alone = first_box(only);
    }
    {
        grip::engine again(800, 600);
        CHECK_INT(first_box(again), alone);  // the first engine is gone: its tag came back
    }
    {
        grip::engine a(800, 600);
        grip::engine b(400, 300);
        CHECK(first_box(b) != alone);  // a is alive: b has a tag of its own
        grip_engine *raw = a.get();
        CHECK(raw != nullptr && raw != b.get());

        grip::engine c(std::move(a));
        CHECK(a.get() == nullptr);
        CHECK(c.get() == raw);

        b = std::move(c);  // b's old engine is destroyed, b takes c's
        CHECK(b.get() == raw && c.get() == nullptr);
        CHECK_STR(b.errmsg(), "");
        grip::engine d(100, 100);  // b's old tag is free again: d gets it
        CHECK(first_box(d) != alone);
        CHECK(d.add(grip::box_desc(0, 0, 10, 10)) != GRIP_NO_BOX);
    }
    grip::engine last(800, 600);
    CHECK_INT(first_box(last), alone);  // every engine above was destroyed
}

void errors_throw() {
    bool thrown = false;
    try {
        grip::engine bad(NAN, 100);
    } catch (const grip::error &e) {
        thrown = true;
        CHECK_INT(e.status(), GRIP_ERR_ARG);
        CHECK(std::strlen(e.what()) > std::strlen(grip_status_string(GRIP_ERR_ARG)) + 2);
    }
    CHECK(thrown);

    grip::engine e(800, 600);
    thrown = false;
    try {
        e.add(box_desc(0, 0, -1, 10, false));
    } catch (const grip::error &err) {
        thrown = true;
        CHECK_INT(err.status(), GRIP_ERR_ARG);
    }
    CHECK(thrown);
    thrown = false;
    try {
        e.pointer(GRIP_PHASE_UP, 3, 10, 10, 0);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_STATE;
    }
    CHECK(thrown);
}

void drag_and_frame() {
    grip::engine e(800, 600);
    grip_box b = e.add(box_desc(100, 100, 200, 100, true));  // centre (200, 150)
    CHECK(e.pointer(GRIP_PHASE_DOWN, 1, 200, 150, 0.0));
    e.pointer(GRIP_PHASE_MOVE, 1, 260, 190, 0.1);
    e.pointer(GRIP_PHASE_UP, 1, 260, 190, 0.2);
    CHECK(!e.pointer(GRIP_PHASE_DOWN, 2, 700, 500, 0.3));
    e.pointer(GRIP_PHASE_UP, 2, 700, 500, 0.4);

    grip_box_state s = e.state(b);
    CHECK_NEAR(s.center.x, 260, 1e-9);
    CHECK_NEAR(s.center.y, 190, 1e-9);

    std::vector<grip_event> events = e.events();
    CHECK(events.size() >= 4);
    if (events.size() >= 4) {
        // BEGAN, CHANGED..., ENDED, then the step: COMMITTED
        CHECK_INT(events.front().kind, GRIP_EVENT_GESTURE_BEGAN);
        CHECK_INT(events[events.size() - 2].kind, GRIP_EVENT_GESTURE_ENDED);
        CHECK_INT(events[events.size() - 2].gesture, GRIP_GESTURE_MOVE);
        CHECK_INT(events.back().kind, GRIP_EVENT_COMMITTED);
        CHECK_INT(events.back().gesture, GRIP_GESTURE_MOVE);
        CHECK(events.back().box == b);
    }
    CHECK(e.events().empty());

    std::vector<grip_command> cmds = e.commands();
    CHECK_INT(cmds.size(), 11u);  // BOX, BORDER, 8 handles, rotate handle
    if (cmds.size() == 11) {
        CHECK_INT(cmds[0].kind, GRIP_CMD_BOX);
        CHECK_NEAR(cmds[0].transform.tx, 160, 1e-9);
        CHECK_NEAR(cmds[0].transform.ty, 140, 1e-9);
        CHECK_INT(cmds[1].kind, GRIP_CMD_BORDER);
        CHECK_INT(cmds[10].handle, GRIP_HANDLE_ROTATE);
        CHECK_NEAR(cmds[10].center.x, 260, 1e-9);
        CHECK_NEAR(cmds[10].center.y, 116, 1e-9);
    }
}

// A scripted constraint that always fails with a message of its own.
bool failing_constraint(void *, grip_box, const grip_geometry *, const grip_geometry *, grip_geometry *,
                        char *message, size_t capacity) {
    std::snprintf(message, capacity, "%s", "the page says no");
    return false;
}

// events() hands each COMMITTED / UNDONE / REDONE its step's changes and each SCRIPT_ERROR its
// message, so the two need not be read in the same poll loop (changes() after events() throws).
void events_carry_changes() {
    grip_engine_desc ed = grip::engine_desc(800, 600);
    grip::engine e(ed);
    grip_box a = e.add(grip::box_desc(100, 100, 80, 40));  // centre (140, 120)
    e.select(a);
    e.events();
    for (int i = 0; i < 2; i++) e.key(GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0.1 * i);
    e.key(GRIP_PHASE_UP, GRIP_KEY_RIGHT, 0.2);
    e.tick(1.5);  // the nudge run is committed 1 s after its last nudge
    grip::event_list events = e.events();
    int committed = 0;
    for (const grip::event &ev : events) {
        if (ev.kind != GRIP_EVENT_COMMITTED) {
            CHECK(ev.changes.empty());
            continue;
        }
        committed++;
        CHECK_INT(ev.changes.size(), 1u);
        if (ev.changes.size() == 1) {
            CHECK_INT(ev.changes[0].box, a);
            CHECK_NEAR(ev.changes[0].before.center.x, 140, 0);
            CHECK_NEAR(ev.changes[0].after.center.x, 142, 0);
        }
    }
    CHECK_INT(committed, 1);
    bool threw = false;
    try {
        e.changes();  // the queue is empty: no step polled last
    } catch (const grip::error &err) {
        threw = err.status() == GRIP_ERR_STATE;
    }
    CHECK(threw);

    CHECK(e.undo());
    CHECK(e.redo());
    events = e.events();
    CHECK_INT(events.size(), 2u);
    if (events.size() == 2) {
        CHECK_INT(events[0].kind, GRIP_EVENT_UNDONE);
        CHECK_INT(events[0].changes.size(), 1u);
        if (!events[0].changes.empty()) CHECK_NEAR(events[0].changes[0].after.center.x, 140, 0);  // the undo moved it back
        CHECK_INT(events[1].kind, GRIP_EVENT_REDONE);
        CHECK_INT(events[1].changes.size(), 1u);
    }
    // The plain list of 0.2 still comes out of the same call.
    e.key(GRIP_PHASE_DOWN, GRIP_KEY_LEFT, 2.0);
    e.key(GRIP_PHASE_UP, GRIP_KEY_LEFT, 2.1);
    e.tick(3.5);
    std::vector<grip_event> plain = e.events();
    CHECK(!plain.empty());
    if (!plain.empty()) CHECK_INT(plain.back().kind, GRIP_EVENT_COMMITTED);

    // A failing hook's SCRIPT_ERROR carries its message.
    grip_hooks h;
    grip_hooks_init(&h);
    h.constraint = failing_constraint;
    CHECK_STATUS(grip_engine_set_hooks(e.get(), &h), GRIP_OK);
    grip_box b = e.add(box_desc(300, 300, 100, 100, true));  // centre (350, 350)
    CHECK_STATUS(grip_box_set_hooks(e.get(), b, 0, true), GRIP_OK);
    e.events();
    e.pointer(GRIP_PHASE_DOWN, 1, 350, 350, 4.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 380, 350, 4.1);
    e.pointer(GRIP_PHASE_UP, 1, 380, 350, 4.2);
    bool reported = false;
    for (const grip::event &ev : e.events()) {
        if (ev.kind != GRIP_EVENT_SCRIPT_ERROR) {
            CHECK(ev.message.empty());
            continue;
        }
        reported = true;
        CHECK(ev.message.find("the page says no") != std::string::npos);
    }
    CHECK(reported);
    CHECK_STATUS(grip_engine_set_hooks(e.get(), nullptr), GRIP_OK);
}

}  // namespace

// Every other call of grip.h through the wrapper, checked against what the C calls give.
void whole_api() {
    CHECK_INT(grip::version(), (GRIP_VERSION_MAJOR << 16) | (GRIP_VERSION_MINOR << 8) | GRIP_VERSION_PATCH);
    grip_engine_desc ed = grip::engine_desc(800, 600);
    CHECK_NEAR(ed.touch_slop, 10, 0);
    CHECK_INT(ed.selection, GRIP_SELECTION_OFF);
    ed.selection = GRIP_SELECTION_POINTER;
    grip::engine e(ed);
    e.set_bounds(1000, 800);
    e.set_limits(2, 50, 0);
    grip_engine_desc limits = grip::engine_desc(1, 1);
    CHECK_STATUS(grip_engine_describe(e.get(), &limits), GRIP_OK);
    CHECK_INT(limits.max_boxes, 2u);
    CHECK_INT(limits.history_limit, 50u);
    CHECK_INT(e.info().history_bytes, 0u);
    bool refused = false;
    try {
        e.set_limits(2, 2000000, 0);
    } catch (const grip::error &err) {
        refused = err.status() == GRIP_ERR_ARG && std::strstr(err.what(), "history_limit") != nullptr;
    }
    CHECK(refused);
    e.set_limits(0, 100, 0);

    // describe + configure
    grip_box a = e.add(box_desc(100, 100, 200, 100, false));
    grip_box b = e.add(box_desc(400, 100, 100, 100, false));
    grip_box_desc d = e.describe(a);
    CHECK_NEAR(d.width, 200, 0);
    CHECK_NEAR(d.min_width, 10, 0);
    d.rotation = 0.5;
    d.user_data = 77;
    e.configure(a, d);
    CHECK_NEAR(e.state(a).rotation, 0.5, 0);
    CHECK_INT(e.describe(a).user_data, 77u);
    CHECK(!e.reset(a, false));  // already at its configured geometry: GRIP_DONE
    e.set_editing(b, true);
    CHECK(e.state(b).editing);

    // order and the box list: b was created last, so it is in front; BACK puts it first.
    std::vector<grip_box> all = e.boxes();
    CHECK_INT(all.size(), 2u);
    if (all.size() == 2) CHECK(all[0] == a && all[1] == b);
    e.order(b, GRIP_ORDER_BACK);
    all = e.boxes();
    if (all.size() == 2) CHECK(all[0] == b && all[1] == a);

    // region query: only b lies in x >= 390
    std::vector<grip_box> q = e.query(390, 0, 600, 300, false);
    CHECK_INT(q.size(), 1u);
    if (q.size() == 1) CHECK_INT(q[0], b);
    CHECK_INT(e.query(0, 0, 1000, 800, true).size(), 2u);

    // view: zoom 2 with a pan of (10, 20); the helpers are each other's inverse
    grip_affine view = {2, 0, 0, 2, 10, 20};
    e.set_view(view);
    grip_vec2 s = e.world_to_screen(grip_vec2{450, 150});
    CHECK_NEAR(s.x, 910, 1e-9);
    CHECK_NEAR(s.y, 320, 1e-9);
    grip_vec2 w = e.screen_to_world(grip_vec2{910, 320});
    CHECK_NEAR(w.x, 450, 1e-9);
    CHECK_NEAR(w.y, 150, 1e-9);
    grip_hit h = e.hit(450, 150);  // world coordinates
    CHECK_INT(h.box, b);
    CHECK_INT(h.handle, GRIP_HANDLE_NONE);
    e.set_view(grip_affine{1, 0, 0, 1, 0, 0});

    // selection: from the host, then by pointer (a tap on b selects it alone)
    CHECK_INT(e.events().size(), 1u);  // EDITING_CHANGED from set_editing
    e.select(a);
    e.select(b, GRIP_SELECT_ADD);
    std::vector<grip_box> sel = e.selection();
    CHECK_INT(sel.size(), 2u);
    if (sel.size() == 2) CHECK(sel[0] == a && sel[1] == b);
    grip_selection_state ss = e.selection_state();
    CHECK_INT(ss.count, 2u);
    CHECK_NEAR(ss.rotation, 0, 0);  // the members' rotations differ: axis-aligned
    grip_event ev;
    CHECK(e.poll(ev));
    CHECK_INT(ev.kind, GRIP_EVENT_SELECTION_CHANGED);
    CHECK(!e.poll(ev));
    e.clear_selection();
    CHECK_INT(e.selection_state().count, 0u);
    e.pointer(GRIP_PHASE_DOWN, 1, 450, 150, 1.0);
    e.pointer(GRIP_PHASE_UP, 1, 450, 150, 1.05);
    sel = e.selection();
    CHECK_INT(sel.size(), 1u);
    if (sel.size() == 1) CHECK_INT(sel[0], b);

    // magnify b by 1.5 about its centre: its scale follows
    e.magnify(GRIP_PHASE_DOWN, 1.0, 450, 150, 2.0);
    e.magnify(GRIP_PHASE_MOVE, 1.5, 450, 150, 2.1);
    e.magnify(GRIP_PHASE_UP, 1.5, 450, 150, 2.2);
    CHECK_NEAR(e.state(b).scale, 1.5, 1e-9);
    e.tick(3.0);
    grip::frame_view f = e.frame();
    CHECK_NEAR(f.time(), 3.0, 0);
    size_t borders = 0;
    for (const grip_command &c : f)
        if (c.kind == GRIP_CMD_BORDER) {
            ++borders;
            CHECK_INT(c.vertex_count, 4u);
            const grip_vec2 *v = f.vertices(c);  // 100 wide at scale 1.5, centre 450
            CHECK_NEAR((v[0].x + v[2].x) / 2, 450, 1e-9);
            CHECK_NEAR(v[1].x - v[0].x, 150, 1.01);  // (the ants run just outside the edge)
        }
    CHECK_INT(borders, 1u);
    e.destroy(a);
    CHECK_INT(e.boxes().size(), 1u);
    bool thrown = false;
    try {
        e.state(a);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_NOT_FOUND;
    }
    CHECK(thrown);

    // Lua: a script moves b through grip.host; an error throws GRIP_ERR_SCRIPT with the line.
    {
        grip::script lua(e);
        lua.exec("local e = grip.host\nlocal b = e:boxes()[1]\nb:configure{x = 0, y = 0}\n", "=move");
        CHECK_NEAR(e.state(b).center.x, 50, 1e-9);
        thrown = false;
        try {
            lua.exec("\nerror('nope')", "=bad");
        } catch (const grip::error &err) {
            thrown = err.status() == GRIP_ERR_SCRIPT && std::strstr(err.what(), "bad:2") != nullptr;
        }
        CHECK(thrown);
        // print goes to the host's function, one line per call, also after the script moved.
        std::vector<std::string> lines;
        lua.set_print([&lines](const std::string &line) { lines.push_back(line); });
        lua.exec("print('x =', 1.5) print()");
        grip::script moved(std::move(lua));
        CHECK(lua.get() == nullptr && moved.get() != nullptr);
        moved.exec("print(#grip.host:boxes())");
        CHECK_INT(lines.size(), 3u);
        if (lines.size() == 3) {
            CHECK(lines[0] == "x =\t1.5");
            CHECK(lines[1].empty());
            CHECK(lines[2] == "1");
        }
        moved.set_print([](const std::string &) { throw std::runtime_error("a console that throws"); });
        moved.exec("print('swallowed') ok = true");  // the script goes on
        moved.set_print(grip::script::print_function());
        grip_lua_desc ld = grip::lua_desc();
        CHECK_INT(ld.struct_size, sizeof(grip_lua_desc));
        CHECK(!ld.allow_io);
        grip::engine other(100, 100);
        ld.instruction_limit = 1000;
        grip::script small(other, &ld);
        thrown = false;
        try {
            small.exec("while true do end", "=spin");
        } catch (const grip::error &err) {
            thrown = err.status() == GRIP_ERR_LIMIT;
        }
        CHECK(thrown);
        small.exec("local x = 1 + 1");  // the next call has a fresh budget
        thrown = false;
        try {
            grip::script second(e);  // one state per engine
        } catch (const grip::error &err) {
            thrown = err.status() == GRIP_ERR_STATE;
        }
        CHECK(thrown);
    }
}

// Keys, history, changes, set_geometry, constraint functions and scene files.
void history_and_hooks() {
    bool thrown = false;
    grip_engine_desc ed = grip::engine_desc(1000, 800);
    ed.selection = GRIP_SELECTION_POINTER;
    grip::engine e(ed);
    grip_box a = e.add(grip::box_desc(100, 100, 80, 40));  // centre (140, 120)
    e.select(a);
    e.events();
    for (int i = 0; i < 3; i++) CHECK(e.key(GRIP_PHASE_DOWN, GRIP_KEY_RIGHT, 0.1 * i));
    e.key(GRIP_PHASE_UP, GRIP_KEY_RIGHT, 0.3);
    CHECK_NEAR(e.state(a).center.x, 143, 0);  // nudge_step 1, three times
    e.tick(1.5);                              // the run is committed 1 s after its last nudge
    bool committed = false;
    grip_event ev;
    while (e.poll(ev)) {
        if (ev.kind != GRIP_EVENT_COMMITTED) continue;
        committed = true;
        CHECK_INT(ev.gesture, GRIP_GESTURE_NUDGE);
        std::vector<grip_change> ch = e.changes();
        CHECK_INT(ch.size(), 1u);
        if (ch.size() == 1) {
            CHECK_INT(ch[0].box, a);
            CHECK_NEAR(ch[0].before.center.x, 140, 0);
            CHECK_NEAR(ch[0].after.center.x, 143, 0);
            CHECK_NEAR(ch[0].after.width, 80, 0);
        }
    }
    CHECK(committed);
    CHECK_INT(e.history_depth().first, 1u);
    CHECK(e.undo());
    CHECK_NEAR(e.state(a).center.x, 140, 0);
    CHECK(e.history_depth().first == 0 && e.history_depth().second == 1);
    CHECK(!e.undo());  // GRIP_DONE: nothing left
    CHECK(e.redo());
    CHECK_NEAR(e.state(a).center.x, 143, 0);
    e.clear_history();
    CHECK(!e.redo());

    // set_geometry puts a box exactly somewhere (here: a recorded "before")
    grip_geometry g = {GRIP_NO_BOX, {140, 120}, 80, 40, 0.5, 1, false, false};
    e.set_geometry(a, g);
    grip_box_state st = e.state(a);
    CHECK(st.center.x == 140 && st.center.y == 120 && st.rotation == 0.5);
    g.rotation = 0;
    e.set_geometry(a, g);

    // a constraint function: only horizontal moves
    int calls = 0;
    e.set_constraint(a, [&calls](grip_box, const grip_geometry &current, grip_geometry &proposed) {
        ++calls;
        proposed.center.y = current.center.y;
        return true;
    });
    e.pointer(GRIP_PHASE_DOWN, 1, 140, 120, 2.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 170, 140, 2.1);
    e.pointer(GRIP_PHASE_UP, 1, 170, 140, 2.2);
    CHECK(calls > 0);
    CHECK_NEAR(e.state(a).center.x, 170, 1e-9);
    CHECK_NEAR(e.state(a).center.y, 120, 1e-9);
    // one that throws: the step is refused, nothing escapes into the C library
    e.set_constraint(a, [](grip_box, const grip_geometry &, grip_geometry &) -> bool { throw std::runtime_error("no"); });
    e.pointer(GRIP_PHASE_DOWN, 1, 170, 120, 3.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 200, 150, 3.1);
    e.pointer(GRIP_PHASE_UP, 1, 200, 150, 3.2);
    CHECK_NEAR(e.state(a).center.x, 170, 1e-9);
    e.set_constraint(a, grip::engine::constraint());  // removed: moves freely again
    e.pointer(GRIP_PHASE_DOWN, 1, 170, 120, 4.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 200, 150, 4.1);
    e.pointer(GRIP_PHASE_UP, 1, 200, 150, 4.2);
    CHECK_NEAR(e.state(a).center.x, 200, 1e-9);
    CHECK_NEAR(e.state(a).center.y, 150, 1e-9);
    grip::engine moved(std::move(e));  // the functions move with the engine
    moved.set_constraint(a, [&calls](grip_box, const grip_geometry &, grip_geometry &) { return ++calls > 0; });
    moved.pointer(GRIP_PHASE_DOWN, 1, 200, 150, 5.0);
    moved.pointer(GRIP_PHASE_MOVE, 1, 220, 150, 5.1);
    moved.pointer(GRIP_PHASE_UP, 1, 220, 150, 5.2);
    CHECK_NEAR(moved.state(a).center.x, 220, 1e-9);

    // snapping: a grid of 50; a (180..260) dragged by 47 would end at 227..307: the right edge is 7
    // from the line at 300 (edges 23 and 27 from theirs, the centre 17): it snaps, centre 260
    grip_snap_desc sd = grip::snap_desc(GRIP_SNAP_GRID);
    CHECK_NEAR(sd.threshold, 8, 0);
    sd.grid_x = sd.grid_y = 50;
    moved.set_snapping(sd);
    moved.pointer(GRIP_PHASE_DOWN, 1, 200, 150, 6.0);
    moved.pointer(GRIP_PHASE_MOVE, 1, 247, 150, 6.1);
    moved.pointer(GRIP_PHASE_UP, 1, 247, 150, 6.2);
    CHECK_NEAR(moved.state(a).center.x, 260, 0);
    moved.snapping_off();
    moved.pointer(GRIP_PHASE_DOWN, 1, 260, 150, 7.0);
    moved.pointer(GRIP_PHASE_MOVE, 1, 280, 150, 7.1);
    moved.pointer(GRIP_PHASE_UP, 1, 280, 150, 7.2);
    CHECK_NEAR(moved.state(a).center.x, 280, 0);  // off: 260 + 20, as the pointer went
    sd.grid_x = -1;
    thrown = false;
    try {
        moved.set_snapping(sd);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG;
    }
    CHECK(thrown);

    // scene files
    grip_box_desc cd = grip::box_desc(5, 5, 20, 10, a);
    cd.user_data = 7;
    moved.add(cd);
    std::string text = moved.save();
    CHECK(text.find("\"grip_scene\": 1") != std::string::npos);
    moved.load(text);
    std::vector<grip_box> boxes = moved.boxes();
    CHECK_INT(boxes.size(), 2u);
    if (boxes.size() == 2) {
        CHECK(boxes[0] != a);  // new ids
        CHECK_NEAR(moved.state(boxes[0]).center.x, 280, 0);
        CHECK_INT(moved.describe(boxes[1]).user_data, 7u);
        CHECK_INT(moved.describe(boxes[1]).parent, boxes[0]);
    }
    CHECK(moved.save() == text);
    thrown = false;
    try {
        moved.load("{\"grip_scene\": 1, \"boxes\": [");
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG && std::strstr(err.what(), "line") != nullptr;
    }
    CHECK(thrown);
    CHECK_INT(moved.boxes().size(), 2u);  // a refused load changed nothing
}

// Arranging the selection: x 0..10, 30..50, 100..110 distributed puts the middle box at x 45
// (gaps of 35); aligned right to the key box C (x 100..110) every box ends at x 110; a flip
// mirrors about the frame's centre line; a quarter turn about its centre; one step each; the
// refusals throw with their status.
static void arrange() {
    grip::engine e(800, 600);
    grip_box a = e.add(grip::box_desc(0, 0, 10, 10));
    grip_box b = e.add(grip::box_desc(30, 0, 20, 10));
    grip_box c = e.add(grip::box_desc(100, 0, 10, 10));
    bool thrown = false;
    try {
        e.align(GRIP_ALIGN_LEFT);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_STATE && std::strstr(err.what(), "nothing is selected") != nullptr;
    }
    CHECK(thrown);
    e.select(a);
    e.select(b, GRIP_SELECT_ADD);
    e.select(c, GRIP_SELECT_ADD);
    e.events();
    CHECK(e.distribute(GRIP_AXIS_HORIZONTAL));
    CHECK_NEAR(e.state(b).center.x, 55, 0);
    CHECK(!e.distribute(GRIP_AXIS_HORIZONTAL));  // even already: GRIP_DONE
    int committed = 0;
    for (const grip_event &ev : e.events()) {
        if (ev.kind != GRIP_EVENT_COMMITTED) continue;
        committed++;
        CHECK_INT(ev.gesture, GRIP_GESTURE_DISTRIBUTE);
        CHECK_INT(ev.box, GRIP_SELECTION);
    }
    CHECK_INT(committed, 1);
    CHECK(e.align(GRIP_ALIGN_RIGHT, c));
    CHECK_NEAR(e.state(a).center.x, 105, 0);
    CHECK_NEAR(e.state(b).center.x, 100, 0);
    CHECK_NEAR(e.state(c).center.x, 105, 0);
    CHECK(e.undo());
    CHECK_NEAR(e.state(a).center.x, 5, 0);
    // The frame spans x 0..110 (centre 55): A's centre 5 goes to 105, mirrored.
    CHECK(e.flip(GRIP_AXIS_HORIZONTAL));
    CHECK_NEAR(e.state(a).center.x, 105, 0);
    CHECK(e.state(a).flipped_x);
    CHECK(e.undo());
    // About (55, 5): A's offset (-50, 0) turns to (0, -50).
    CHECK(e.rotate90());
    CHECK_NEAR(e.state(a).center.x, 55, 0);
    CHECK_NEAR(e.state(a).center.y, -45, 0);
    CHECK_NEAR(e.state(a).rotation, 3.14159265358979323846 / 2, 0);
    CHECK(!e.rotate90(4));
    CHECK_INT(e.history_depth().first, 2u);
    thrown = false;
    try {
        e.align(GRIP_ALIGN_LEFT, 12345);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_NOT_FOUND;
    }
    CHECK(thrown);
    thrown = false;
    try {
        e.flip(static_cast<grip_axis>(5));
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG && std::strstr(err.what(), "axis 5 is not a grip_axis") != nullptr;
    }
    CHECK(thrown);
}

// Recorded steps through grip::history_step: a committed guard is one undo step, a guard left by
// an exception cancels (the box back bit for bit, the created box gone), merged slider commits
// are one step, and a second begin throws GRIP_ERR_STATE.
void recorded_steps() {
    grip::engine e(grip::engine_desc(800, 600));
    grip_box a = e.add(grip::box_desc(100, 100, 40, 40));  // centre (120, 120)
    {
        grip::history_step step(e);
        grip_box_desc d = e.describe(a);
        d.width = 80;  // x = 100 kept: centre 140
        e.configure(a, d);
        CHECK(e.history_recording());
        CHECK(step.commit());
    }
    CHECK(!e.history_recording());
    CHECK_NEAR(e.state(a).width, 80, 0);
    CHECK_NEAR(e.state(a).center.x, 140, 0);
    CHECK_INT(e.history_depth().first, 1u);
    bool thrown = false;
    grip_box made = GRIP_NO_BOX;
    try {
        grip::history_step step(e);
        grip_box_desc d = e.describe(a);
        d.x = 300;
        e.configure(a, d);
        made = e.add(grip::box_desc(500, 500, 10, 10));
        d.width = -1;
        e.configure(a, d);  // throws: the guard cancels
        step.commit();
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG;
    }
    CHECK(thrown);
    CHECK(!e.history_recording());
    CHECK_NEAR(e.state(a).center.x, 140, 0);
    grip_box_state st;
    CHECK_INT(grip_box_state_get(e.get(), made, &st), GRIP_ERR_NOT_FOUND);
    CHECK_INT(e.history_depth().first, 1u);
    for (int i = 1; i <= 5; i++) {
        grip::history_step step(e, 42);
        grip_box_desc d = e.describe(a);
        d.height = 40 + i;
        e.configure(a, d);
        CHECK(step.commit());
    }
    CHECK_INT(e.history_depth().first, 2u);
    CHECK_NEAR(e.state(a).height, 45, 0);
    CHECK(e.undo());
    CHECK_NEAR(e.state(a).height, 40, 0);
    CHECK(e.undo());
    CHECK_NEAR(e.state(a).width, 40, 0);
    CHECK(e.redo() && e.redo());
    CHECK_NEAR(e.state(a).height, 45, 0);
    thrown = false;
    {
        grip::history_step step(e);
        try {
            e.history_begin();
        } catch (const grip::error &err) {
            thrown = err.status() == GRIP_ERR_STATE;
        }
        CHECK(!step.commit());  // nothing changed: no step
    }
    CHECK(thrown);
    CHECK_INT(e.history_depth().first, 2u);
}

// The selection kept inside an 800 x 600 page by one function of its frame: two boxes (x 100..200
// and 300..400) dragged 250 left would span -150..150; the function shifts the frame back to
// x 0..300, so both move 150 and keep their 200 spacing. One that throws refuses the step.
void selection_constraint() {
    grip_engine_desc ed = grip::engine_desc(800, 600);
    ed.selection = GRIP_SELECTION_OFF;
    grip::engine e(ed);
    grip_box a = e.add(grip::box_desc(100, 100, 100, 50));
    grip_box b = e.add(grip::box_desc(300, 100, 100, 50));
    e.select(a);
    e.select(b, GRIP_SELECT_ADD);
    int calls = 0;
    grip_geometry seen_before = {};
    e.set_selection_constraint([&](const grip_geometry &before, grip_geometry &proposed) {
        ++calls;
        seen_before = before;
        double half = proposed.width / 2;
        if (proposed.center.x - half < 0) proposed.center.x = half;
        return true;
    });
    e.pointer(GRIP_PHASE_DOWN, 1, 350, 125, 1.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 100, 125, 1.1);
    e.pointer(GRIP_PHASE_UP, 1, 100, 125, 1.2);
    CHECK_INT(calls, 1);
    CHECK_NEAR(seen_before.center.x, 250, 0);  // the frame x 100..400 when the drag began
    CHECK_NEAR(seen_before.width, 300, 0);
    CHECK_NEAR(e.state(a).center.x, 50, 0);
    CHECK_NEAR(e.state(b).center.x, 250, 0);
    // Throwing refuses the step; nothing escapes into the C library.
    e.set_selection_constraint([](const grip_geometry &, grip_geometry &) -> bool { throw std::runtime_error("no"); });
    e.pointer(GRIP_PHASE_DOWN, 1, 250, 125, 2.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 300, 125, 2.1);
    e.pointer(GRIP_PHASE_UP, 1, 300, 125, 2.2);
    CHECK_NEAR(e.state(b).center.x, 250, 0);
    // Set during a gesture on the selection: GRIP_ERR_STATE, thrown.
    bool thrown = false;
    e.pointer(GRIP_PHASE_DOWN, 1, 250, 125, 3.0);
    e.pointer(GRIP_PHASE_MOVE, 1, 280, 125, 3.1);
    try {
        e.set_selection_constraint(grip::engine::selection_constraint());
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_STATE;
    }
    CHECK(thrown);
    e.pointer(GRIP_PHASE_UP, 1, 280, 125, 3.2);
    e.set_selection_constraint(grip::engine::selection_constraint());  // removed: moves freely
    grip::engine moved(std::move(e));
    moved.pointer(GRIP_PHASE_DOWN, 1, 250, 125, 4.0);
    moved.pointer(GRIP_PHASE_MOVE, 1, 280, 125, 4.1);
    moved.pointer(GRIP_PHASE_UP, 1, 280, 125, 4.2);
    CHECK_NEAR(moved.state(b).center.x, 280, 0);
}

// Keys, the change feed, another peer's changes and presence through the wrapper: two peers end
// with the same scene, remote changes are not echoed, the live feed answers once per change.
static void multiplayer() {
    grip_engine_desc d = grip::engine_desc(800, 600);
    d.peer = 1;
    grip::engine a(d);
    d.peer = 2;
    grip::engine b(d);
    a.feed_enable(1024);
    b.feed_enable(1024);
    grip_box box = a.add(box_desc(100, 100, 100, 50, false));
    uint64_t k = a.box_key(box);
    CHECK_INT(k, (1ull << 32) | 1);  // peer 1, its first box
    a.pointer(GRIP_PHASE_DOWN, 1, 150, 125, 0.0);
    a.pointer(GRIP_PHASE_MOVE, 1, 170, 125, 0.1);
    std::vector<grip_live_box> live;
    CHECK(a.feed_live(live));
    CHECK_INT(live.size(), 1);
    CHECK_INT(live[0].key, k);
    CHECK_NEAR(live[0].geometry.center.x, 170, 0);
    CHECK(!a.feed_live(live));  // nothing changed since
    CHECK_INT(live.size(), 1);  // (left as it was)
    a.pointer(GRIP_PHASE_UP, 1, 180, 125, 0.2);
    bool lost = true;
    std::vector<grip_feed_change> changes = a.feed_read(&lost);
    CHECK(!lost);
    CHECK_INT(changes.size(), 2);  // CREATED, then the drag's CHANGED
    CHECK_INT(b.remote_apply(changes), 2);
    grip_box there = b.find(k);
    CHECK(there != GRIP_NO_BOX);
    CHECK_NEAR(a.state(box).center.x, 170, 0);  // (the release does not move it: the last move did)
    CHECK_NEAR(b.state(there).center.x, 170, 0);
    CHECK_INT(b.feed_read().size(), 0);  // not echoed as local
    CHECK(a.save() == b.save());
    CHECK(b.find(12345) == GRIP_NO_BOX);
    bool thrown = false;
    try {
        a.set_box_key(box, 0);
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG;
    }
    CHECK(thrown);
    // Peer 1's pointer and selection drawn in b's frame, tagged with the peer and its colour.
    grip_vec2 at = {300, 200};
    std::vector<uint64_t> selected(1, k);
    b.peer_set(1, 7, selected, &at);
    int outlines = 0, cursors = 0;
    for (const grip_command &c : b.frame()) {
        if (c.kind == GRIP_CMD_PEER_OUTLINE && c.peer == 1 && c.user_data == 7) outlines++;
        if (c.kind == GRIP_CMD_PEER_CURSOR && c.peer == 1 && c.user_data == 7) cursors++;
    }
    CHECK_INT(outlines, 1);
    CHECK_INT(cursors, 1);
    CHECK(b.peer_remove(1));
    CHECK(!b.peer_remove(1));
    thrown = false;
    try {
        b.peer_set(2, 0, std::vector<uint64_t>(), nullptr);  // b's own id
    } catch (const grip::error &err) {
        thrown = err.status() == GRIP_ERR_ARG;
    }
    CHECK(thrown);
}

int main() {
    ownership();
    history_and_hooks();
    errors_throw();
    drag_and_frame();
    whole_api();
    events_carry_changes();
    arrange();
    recorded_steps();
    selection_constraint();
    multiplayer();
    return check_summary("C++ ABI tests");
}
