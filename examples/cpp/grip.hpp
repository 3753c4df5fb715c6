// grip.hpp: a small header-only C++11 RAII wrapper over grip.h (adapted from Tests/cpp/grip.hpp).
//   grip::engine owns one grip_engine: moved, never copied, destroyed with the object.
//   Every failing call throws grip::error (status + the engine's one-line message).
// Copy it into your project; it needs nothing but grip.h and libgrip.so.
#ifndef GRIP_HPP
#define GRIP_HPP

#include <stdexcept>
#include <string>
#include <vector>

#include <grip.h>

namespace grip {

class error : public std::runtime_error {
public:
    error(grip_status status, const char *message)
        : std::runtime_error(std::string(grip_status_string(status)) + ": " + (message ? message : "")),
          status_(status) {}
    grip_status status() const { return status_; }

private:
    grip_status status_;
};

// A box description with the library's defaults filled in.
inline grip_box_desc box_desc(double x, double y, double width, double height, grip_box parent = GRIP_NO_BOX) {
    grip_box_desc d;
    grip_box_desc_init(&d);
    d.parent = parent;
    d.x = x;
    d.y = y;
    d.width = width;
    d.height = height;
    return d;
}

// A read-only view of the engine's frame: valid until the next frame() or the engine's end.
struct frame_view {
    grip_frame f;
    const grip_command *begin() const { return f.commands; }
    const grip_command *end() const { return f.commands + f.command_count; }
    size_t size() const { return f.command_count; }
    uint64_t serial() const { return f.serial; }
    // The polyline of a BORDER, INDICATOR or GUIDE command.
    const grip_vec2 *vertices(const grip_command &c) const { return f.vertices + c.first_vertex; }
};

class engine {
public:
    engine(double width, double height) : e_(nullptr) {
        grip_engine_desc d;
        grip_engine_desc_init(&d);
        d.width = width;
        d.height = height;
        grip_status s = grip_engine_create(&d, &e_);
        if (s != GRIP_OK) throw error(s, grip_engine_errmsg(nullptr));
    }
    ~engine() { grip_engine_destroy(e_); }
    engine(const engine &) = delete;
    engine &operator=(const engine &) = delete;
    engine(engine &&other) noexcept : e_(other.e_) { other.e_ = nullptr; }
    engine &operator=(engine &&other) noexcept {
        if (this != &other) {
            grip_engine_destroy(e_);
            e_ = other.e_;
            other.e_ = nullptr;
        }
        return *this;
    }

    // The C handle, for calls this wrapper does not cover.
    grip_engine *get() const { return e_; }

    grip_box add(const grip_box_desc &d) {
        grip_box b = GRIP_NO_BOX;
        check(grip_box_create(e_, &d, &b));
        return b;
    }
    void destroy(grip_box b) { check(grip_box_destroy(e_, b)); }
    void set_editing(grip_box b, bool editing) { check(grip_box_set_editing(e_, b, editing)); }
    grip_box_state state(grip_box b) {
        grip_box_state s;
        check(grip_box_state_get(e_, b, &s));
        return s;
    }
    grip_hit hit(double x, double y) {
        grip_hit h;
        check(grip_hit_test(e_, x, y, &h));
        return h;
    }

    // Input. Each returns whether a box consumed the event.
    bool pointer(grip_phase phase, uint32_t id, double x, double y, double time, uint32_t modifiers = 0) {
        grip_pointer_event ev = {phase, id, x, y, time, modifiers};
        bool consumed = false;
        check(grip_dispatch_pointer(e_, &ev, &consumed));
        return consumed;
    }
    bool magnify(grip_phase phase, double factor, double x, double y, double time) {
        grip_magnify_event ev = {phase, factor, x, y, time};
        bool consumed = false;
        check(grip_dispatch_magnify(e_, &ev, &consumed));
        return consumed;
    }
    void tick(double time) { check(grip_dispatch_timer(e_, time)); }

    std::vector<grip_event> events() {
        std::vector<grip_event> all;
        grip_event ev;
        while (check(grip_event_poll(e_, &ev)) == GRIP_OK) all.push_back(ev);
        return all;
    }
    frame_view frame() {
        frame_view v;
        check(grip_frame_get(e_, &v.f));
        return v;
    }

private:
    grip_status check(grip_status s) const {
        if (s < 0) throw error(s, grip_engine_errmsg(e_));
        return s;
    }

    grip_engine *e_;
};

}  // namespace grip

#endif
