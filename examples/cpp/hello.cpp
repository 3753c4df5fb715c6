// hello.cpp: Grip from C++ through the RAII wrapper in grip.hpp.
// An editing box resized by its bottom-right handle, a child box dragged inside a rotated
// parent, and a long press filling its indicator; prints the events and the final frame, and
// exits non-zero if the boxes did not end up where they should.
//   c++ -std=c++11 hello.cpp $(pkg-config --cflags --libs grip) -o hello_cpp
#include <cmath>
#include <cstdio>

#include "grip.hpp"

namespace {

const char *event_name(grip_event_kind k) {
    static const char *const names[] = {"?", "gesture began", "gesture changed", "gesture ended",
                                        "gesture cancelled", "tap", "double tap", "reset",
                                        "long press began", "long press triggered",
                                        "long press cancelled", "editing changed", "script error"};
    return k >= 1 && k <= 12 ? names[k] : "?";
}

const char *command_name(grip_command_kind k) {
    static const char *const names[] = {"?", "BOX", "BORDER", "HANDLE", "INDICATOR", "GUIDE"};
    return k >= 1 && k <= 5 ? names[k] : nullptr;  // kinds only grow: unknown ones are skipped
}

// A world point of box b, given in its own box space.
grip_vec2 world_point(const grip_box_state &s, double x, double y) {
    grip_vec2 p = {s.world.a * x + s.world.c * y + s.world.tx, s.world.b * x + s.world.d * y + s.world.ty};
    return p;
}

int failures = 0;
void expect(bool ok, const char *what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok) ++failures;
}

}  // namespace

int main() {
    try {
        grip::engine e(800, 600);
        double t = 0;

        // 1. An editing box resized by its bottom-right handle, at (300, 220): +40 x +30.
        grip_box_desc d = grip::box_desc(100, 100, 200, 120);
        d.editing = true;
        d.user_data = 1;
        grip_box editor = e.add(d);
        e.pointer(GRIP_PHASE_DOWN, 1, 300, 220, t);
        for (int i = 1; i <= 10; ++i) e.pointer(GRIP_PHASE_MOVE, 1, 300 + 4 * i, 220 + 3 * i, t += 1.0 / 60);
        e.pointer(GRIP_PHASE_UP, 1, 340, 250, t += 1.0 / 60);
        grip_box_state s = e.state(editor);
        expect(std::fabs(s.width - 240) < 1e-6 && std::fabs(s.height - 150) < 1e-6,
               "the handle drag made the box 240 x 150");
        expect(std::fabs(s.corners[0].x - 100) < 1e-6 && std::fabs(s.corners[0].y - 100) < 1e-6,
               "its top-left corner stayed at (100, 100)");

        // 2. A child inside a parent rotated 30 degrees: the grabbed point follows the pointer.
        d = grip::box_desc(420, 260, 260, 180);
        d.rotation = std::acos(-1.0) / 6;
        d.user_data = 2;
        grip_box parent = e.add(d);
        d = grip::box_desc(40, 40, 120, 80, parent);
        d.rotation = 0;
        d.user_data = 3;
        grip_box child = e.add(d);
        grip_vec2 grab = world_point(e.state(child), 60, 40);
        t += 0.5;
        e.pointer(GRIP_PHASE_DOWN, 2, grab.x, grab.y, t);
        for (int i = 1; i <= 10; ++i) e.pointer(GRIP_PHASE_MOVE, 2, grab.x + 5 * i, grab.y + 2 * i, t += 1.0 / 60);
        e.pointer(GRIP_PHASE_UP, 2, grab.x + 50, grab.y + 20, t += 1.0 / 60);
        grip_vec2 now = world_point(e.state(child), 60, 40);
        expect(std::fabs(now.x - (grab.x + 50)) < 1e-6 && std::fabs(now.y - (grab.y + 20)) < 1e-6,
               "the nested child's grabbed point ended under the pointer");

        // 3. A long press, held half of its second: the indicator is half full.
        d = grip::box_desc(120, 380, 160, 120);
        d.allow = GRIP_ALLOW_ALL;
        d.indicator = GRIP_INDICATOR_ROUNDED_RECT;
        d.user_data = 4;
        e.add(d);
        t += 0.5;
        e.pointer(GRIP_PHASE_DOWN, 3, 200, 440, t);
        e.tick(t += 0.5);

        for (const grip_event &ev : e.events())
            std::printf("  event %-20s box %llu (user_data %llu) at (%.1f, %.1f), t = %.3f\n", event_name(ev.kind),
                        static_cast<unsigned long long>(ev.box), static_cast<unsigned long long>(ev.user_data),
                        ev.position.x, ev.position.y, ev.time);

        grip::frame_view f = e.frame();
        double progress = -1;
        int counts[6] = {0, 0, 0, 0, 0, 0};
        for (const grip_command &c : f) {
            if (!command_name(c.kind)) continue;
            ++counts[c.kind];
            if (c.kind == GRIP_CMD_INDICATOR) progress = c.progress;
        }
        std::printf("frame serial %llu: %zu commands\n", static_cast<unsigned long long>(f.serial()), f.size());
        for (int k = 1; k <= 5; ++k)
            if (counts[k]) std::printf("  %-9s x %d\n", command_name(static_cast<grip_command_kind>(k)), counts[k]);
        expect(std::fabs(progress - 0.5) < 1e-6, "the long-press indicator is half full after 0.5 s");

        e.tick(t += 0.6);
        bool triggered = false;
        for (const grip_event &ev : e.events()) triggered |= ev.kind == GRIP_EVENT_LONG_PRESS_TRIGGERED;
        expect(triggered, "holding past 1 s triggered the long press");
        e.pointer(GRIP_PHASE_UP, 3, 200, 440, t += 0.1);
    } catch (const grip::error &err) {
        std::fprintf(stderr, "hello_cpp: %s\n", err.what());
        return 1;
    }
    std::printf("hello_cpp: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
