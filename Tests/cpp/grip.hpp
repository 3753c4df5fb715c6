// grip.hpp: a small C++11 RAII wrapper over grip.h, used by the C++ ABI test.
// grip::engine owns one grip_engine (moved, never copied); failures throw grip::error.
#ifndef GRIP_TEST_GRIP_HPP
#define GRIP_TEST_GRIP_HPP

#include <stdexcept>
#include <string>
#include <vector>

#include "grip.h"

namespace grip {

class error : public std::runtime_error {
public:
    error(grip_status status, const char *message)
        : std::runtime_error(std::string(grip_status_string(status)) + ": " + message), status_(status) {}
    grip_status status() const { return status_; }

private:
    grip_status status_;
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
        ++live_;
    }
    ~engine() { reset(); }
    engine(const engine &) = delete;
    engine &operator=(const engine &) = delete;
    engine(engine &&other) noexcept : e_(other.e_) { other.e_ = nullptr; }
    engine &operator=(engine &&other) noexcept {
        if (this != &other) {
            reset();
            e_ = other.e_;
            other.e_ = nullptr;
        }
        return *this;
    }

    grip_engine *get() const { return e_; }
    // Engines owned by wrappers right now.
    static int live() { return live_; }

    grip_box add(const grip_box_desc &d) {
        grip_box b = GRIP_NO_BOX;
        check(grip_box_create(e_, &d, &b));
        return b;
    }
    grip_box_state state(grip_box b) {
        grip_box_state s;
        check(grip_box_state_get(e_, b, &s));
        return s;
    }
    // Returns whether a box consumed the event.
    bool pointer(grip_phase phase, uint32_t id, double x, double y, double time) {
        grip_pointer_event ev = {phase, id, x, y, time, 0};
        bool consumed = false;
        check(grip_dispatch_pointer(e_, &ev, &consumed));
        return consumed;
    }
    std::vector<grip_event> events() {
        std::vector<grip_event> all;
        grip_event ev;
        while (check(grip_event_poll(e_, &ev)) == GRIP_OK) all.push_back(ev);
        return all;
    }
    // A copy of the frame's commands (the engine's arrays live only until the next call).
    std::vector<grip_command> commands() {
        grip_frame f;
        check(grip_frame_get(e_, &f));
        return std::vector<grip_command>(f.commands, f.commands + f.command_count);
    }

private:
    void reset() {
        if (e_ == nullptr) return;
        grip_engine_destroy(e_);
        e_ = nullptr;
        --live_;
    }
    grip_status check(grip_status s) const {
        if (s < 0) throw error(s, grip_engine_errmsg(e_));
        return s;
    }

    grip_engine *e_;
    static int live_;
};

}  // namespace grip

#endif
