// test_abi.cpp: the C++11 test program: grip.h compiles as C++ and its types behave as C++
// types should; a RAII wrapper (grip.hpp) owns engines, moves them, and turns failures into
// exceptions; a drag and a frame read through it.
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

#include "check.h"
#include "grip.hpp"

int grip::engine::live_ = 0;

// The header's constants are usable in constant expressions, and enums are 32-bit.
static_assert(GRIP_HANDLES_ALL8 == 0x1FEu, "all 8 handle bits");
static_assert(GRIP_HANDLE_BIT(GRIP_HANDLE_ROTATE) == 0x200u, "rotate bit");
static_assert(GRIP_ALLOW_ALL == 0x7Fu, "allow mask");
static_assert(sizeof(grip_handle) == 4 && sizeof(grip_phase) == 4, "32-bit enums");
static_assert(std::is_trivially_copyable<grip_command>::value, "commands copy as bytes");
static_assert(std::is_standard_layout<grip_box_desc>::value, "C layout");
static_assert(!std::is_copy_constructible<grip::engine>::value, "engines are not copied");
static_assert(std::is_nothrow_move_constructible<grip::engine>::value, "engines move");

namespace {

grip_box_desc box_desc(double x, double y, double w, double h, bool editing) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.x = x;
    d.y = y;
    d.width = w;
    d.height = h;
    d.editing = editing;
    return d;
}

void ownership() {
    CHECK_INT(grip::engine::live(), 0);
    {
        grip::engine a(800, 600);
        grip::engine b(400, 300);
        CHECK_INT(grip::engine::live(), 2);
        grip_engine *raw = a.get();
        CHECK(raw != nullptr && raw != b.get());

        grip::engine c(std::move(a));
        CHECK(a.get() == nullptr);
        CHECK(c.get() == raw);
        CHECK_INT(grip::engine::live(), 2);

        b = std::move(c);  // b's old engine is destroyed, b takes c's
        CHECK(b.get() == raw && c.get() == nullptr);
        CHECK_INT(grip::engine::live(), 1);
        CHECK_STR(grip_engine_errmsg(b.get()), "");
    }
    CHECK_INT(grip::engine::live(), 0);
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
    CHECK_INT(grip::engine::live(), 0);

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

}  // namespace

int main() {
    ownership();
    errors_throw();
    drag_and_frame();
    return check_summary("C++ ABI tests");
}
