// grip.hpp: the C++ API of Grip, a header-only C++11 layer over grip.h (installed beside it).
//
//   grip::engine owns one grip_engine: moved, never copied, destroyed with the object (with the
//   constraint functions it holds for it).
//   grip::script owns one grip_lua state bound to an engine (destroy it before its engine).
//   Every call that fails throws grip::error, which carries the grip_status and the engine's
//   one-line message; on failure nothing changed (grip.h's rule). Calls whose C function may
//   answer GRIP_DONE return bool (false: GRIP_DONE, nothing happened).
//
// The wrapper holds no state of its own: get() hands out the C handle, so C calls and wrapper
// calls mix freely. Everything is inline; link with -lgrip (pkg-config grip, or CMake's grip::grip).
#ifndef GRIP_HPP
#define GRIP_HPP

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grip.h"

namespace grip {

// An event as grip::engine::events() gives it: the grip_event, plus what went with it when it was
// polled, kept as long as you like: the step's changes (COMMITTED, UNDONE, REDONE; empty for other
// kinds) and the failed hook's message (SCRIPT_ERROR; empty for other kinds).
struct event : grip_event {
    std::vector<grip_change> changes;
    std::string message;
    event() : grip_event() {}
};

// What grip::engine::events() returns: the events with their changes and messages, which also
// converts to the plain std::vector<grip_event> that events() returned before 0.3.
struct event_list : std::vector<event> {
    operator std::vector<grip_event>() const { return std::vector<grip_event>(begin(), end()); }
};

// A failed call: status() is the grip_status (< 0), what() "GRIP_ERR_...: message".
class error : public std::runtime_error {
  public:
    error(grip_status status, const char *message)
        : std::runtime_error(std::string(grip_status_string(status)) + ": " + (message ? message : "")),
          status_(status) {}
    grip_status status() const { return status_; }

  private:
    grip_status status_;
};

// (major << 16) | (minor << 8) | patch of the library actually loaded.
inline uint32_t version() { return grip_version(); }

// An engine description with the library's defaults (grip_engine_desc_init).
inline grip_engine_desc engine_desc(double width = 1024, double height = 768) {
    grip_engine_desc d;
    grip_engine_desc_init(&d);
    d.width = width;
    d.height = height;
    return d;
}

// A box description with the library's defaults filled in (grip_box_desc_init), then the geometry.
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

// Snapping settings with the library's defaults (grip_snap_desc_init), then flags (GRIP_SNAP_*).
inline grip_snap_desc snap_desc(uint32_t flags = 0) {
    grip_snap_desc d;
    grip_snap_desc_init(&d);
    d.flags = flags;
    return d;
}

// A read-only view of an engine's frame. Its arrays are the engine's own memory: valid until the
// next frame() / grip_frame_get or the engine's end; copy what you keep longer.
struct frame_view {
    grip_frame f;
    const grip_command *begin() const { return f.commands; }
    const grip_command *end() const { return f.commands + f.command_count; }
    size_t size() const { return f.command_count; }
    const grip_command &operator[](size_t i) const { return f.commands[i]; }
    uint64_t serial() const { return f.serial; }
    double time() const { return f.time; }
    // The first of the vertex_count vertices of a BORDER, INDICATOR, GUIDE, OUTLINE, MARQUEE or GAP.
    const grip_vec2 *vertices(const grip_command &c) const { return f.vertices + c.first_vertex; }
};

class engine {
  public:
    // An engine of the given description (grip::engine_desc() for the defaults).
    explicit engine(const grip_engine_desc &desc) : e_(nullptr) {
        grip_status s = grip_engine_create(&desc, &e_);
        if (s != GRIP_OK) throw error(s, grip_engine_errmsg(nullptr));
    }
    // An engine with default behaviour and root bounds width x height.
    engine(double width, double height) : engine(engine_desc(width, height)) {}
    ~engine() { grip_engine_destroy(e_); }
    engine(const engine &) = delete;
    engine &operator=(const engine &) = delete;
    engine(engine &&other) noexcept
        : e_(other.e_), hooks_(std::move(other.hooks_)), selection_hook_(std::move(other.selection_hook_)) {
        other.e_ = nullptr;
    }
    // Destroys the engine held so far and takes other's.
    engine &operator=(engine &&other) noexcept {
        if (this != &other) {
            grip_engine_destroy(e_);
            e_ = other.e_;
            other.e_ = nullptr;
            hooks_ = std::move(other.hooks_);
            selection_hook_ = std::move(other.selection_hook_);
        }
        return *this;
    }

    // The C handle (nullptr once moved from), for mixing C calls with the wrapper's.
    grip_engine *get() const { return e_; }
    // The last call's message ("" after success).
    const char *errmsg() const { return grip_engine_errmsg(e_); }

    // ---- Engine
    void set_bounds(double width, double height) { check(grip_engine_set_bounds(e_, width, height)); }
    // max_boxes, history_limit and history_bytes_limit of the live engine (0 for max_boxes and the
    // byte limit: the defaults); lower history limits trim the history at once.
    void set_limits(uint32_t max_boxes, uint32_t history_limit, uint64_t history_bytes_limit) {
        check(grip_engine_set_limits(e_, max_boxes, history_limit, history_bytes_limit));
    }
    // What the engine is doing and holding now (time, box count, history and unread event bytes).
    grip_engine_info info() const {
        grip_engine_info i;
        grip_engine_info_init(&i);
        check(grip_engine_get_info(e_, &i));
        return i;
    }
    // The camera, world -> screen (must be invertible).
    void set_view(const grip_affine &world_to_screen) { check(grip_engine_set_view(e_, &world_to_screen)); }
    grip_vec2 screen_to_world(grip_vec2 screen) {
        grip_vec2 w;
        check(grip_screen_to_world(e_, screen, &w));
        return w;
    }
    grip_vec2 world_to_screen(grip_vec2 world) {
        grip_vec2 s;
        check(grip_world_to_screen(e_, world, &s));
        return s;
    }

    // ---- Boxes
    grip_box add(const grip_box_desc &d) {
        grip_box b = GRIP_NO_BOX;
        check(grip_box_create(e_, &d, &b));
        return b;
    }
    // Destroys b and its descendants.
    void destroy(grip_box b) {
        check(grip_box_destroy(e_, b));
        if (hooks_) hooks_->erase(b);
    }
    void configure(grip_box b, const grip_box_desc &d) { check(grip_box_configure(e_, b, &d)); }
    // The box's current description (geometry included), as configure takes it.
    grip_box_desc describe(grip_box b) {
        grip_box_desc d;
        grip_box_desc_init(&d);
        check(grip_box_describe(e_, b, &d));
        return d;
    }
    void set_editing(grip_box b, bool editing) { check(grip_box_set_editing(e_, b, editing)); }
    // False when the box is already at its configured geometry (nothing happens).
    bool reset(grip_box b, bool animated = true) { return check(grip_box_reset(e_, b, animated)) == GRIP_OK; }
    void order(grip_box b, grip_order where) { check(grip_box_order(e_, b, where)); }
    grip_box_state state(grip_box b) {
        grip_box_state s;
        check(grip_box_state_get(e_, b, &s));
        return s;
    }
    // Every live box: parents before children, siblings back to front.
    std::vector<grip_box> boxes() {
        std::vector<grip_box> out;
        size_t count = 0;
        check(grip_boxes_list(e_, nullptr, 0, &count));
        out.resize(count);
        check(grip_boxes_list(e_, out.data(), out.size(), &count));
        out.resize(count < out.size() ? count : out.size());
        return out;
    }
    // The boxes meeting (contain: inside) the world rectangle (x0, y0)-(x1, y1), topmost first.
    std::vector<grip_box> query(double x0, double y0, double x1, double y1, bool contain = false) {
        std::vector<grip_box> out;
        size_t count = 0;
        check(grip_boxes_query(e_, x0, y0, x1, y1, contain, nullptr, 0, &count));
        out.resize(count);
        check(grip_boxes_query(e_, x0, y0, x1, y1, contain, out.data(), out.size(), &count));
        out.resize(count < out.size() ? count : out.size());
        return out;
    }
    // The topmost box or handle at a world point (box GRIP_NO_BOX: nothing there).
    grip_hit hit(double x, double y) {
        grip_hit h;
        check(grip_hit_test(e_, x, y, &h));
        return h;
    }

    // ---- Selection
    void select(grip_box b, grip_select_op op = GRIP_SELECT_REPLACE) { check(grip_select(e_, b, op)); }
    void clear_selection() { check(grip_select(e_, GRIP_NO_BOX, GRIP_SELECT_REPLACE)); }
    // The selected boxes in the order they were selected.
    std::vector<grip_box> selection() {
        std::vector<grip_box> out;
        size_t count = 0;
        check(grip_selection_get(e_, nullptr, 0, &count));
        out.resize(count);
        check(grip_selection_get(e_, out.data(), out.size(), &count));
        out.resize(count < out.size() ? count : out.size());
        return out;
    }
    grip_selection_state selection_state() {
        grip_selection_state s = grip_selection_state();
        s.struct_size = sizeof s;
        check(grip_selection_state_get(e_, &s));
        return s;
    }

    // ---- Arranging the selection: each is one undo step. True when a box changed, false when
    // none did (GRIP_DONE); throws grip::error for an empty selection, a gesture in progress, an
    // unknown or unselected key box, or an unknown enum value.
    bool align(grip_align edge, grip_box key = GRIP_NO_BOX) {
        return check(grip_selection_align(e_, edge, key)) == GRIP_OK;
    }
    bool distribute(grip_axis axis) { return check(grip_selection_distribute(e_, axis)) == GRIP_OK; }
    bool flip(grip_axis axis) { return check(grip_selection_flip(e_, axis)) == GRIP_OK; }
    // Quarter turns clockwise (negative: counter-clockwise) about the selection frame's centre.
    bool rotate90(int32_t quarter_turns = 1) { return check(grip_selection_rotate90(e_, quarter_turns)) == GRIP_OK; }

    // ---- Input. Each returns whether a box (or the engine's selection) consumed the event.
    bool pointer(const grip_pointer_event &ev) {
        bool consumed = false;
        check(grip_dispatch_pointer(e_, &ev, &consumed));
        return consumed;
    }
    bool pointer(grip_phase phase, uint32_t id, double x, double y, double time, uint32_t modifiers = 0) {
        grip_pointer_event ev = {phase, id, x, y, time, modifiers};
        return pointer(ev);
    }
    bool magnify(const grip_magnify_event &ev) {
        bool consumed = false;
        check(grip_dispatch_magnify(e_, &ev, &consumed));
        return consumed;
    }
    bool magnify(grip_phase phase, double factor, double x, double y, double time) {
        grip_magnify_event ev = {phase, factor, x, y, time};
        return magnify(ev);
    }
    // Advances animations, long presses and the marching ants to time.
    void tick(double time) { check(grip_dispatch_timer(e_, time)); }

    // ---- Events
    // The oldest event into out; false when the queue is empty. What goes with the event
    // (changes(), the SCRIPT_ERROR message) is readable until the next poll.
    bool poll(grip_event &out) { return check(grip_event_poll(e_, &out)) == GRIP_OK; }
    // The oldest event with what goes with it (grip::event); false when the queue is empty.
    bool poll(event &out) {
        grip_event ev;
        if (!poll(ev)) return false;
        static_cast<grip_event &>(out) = ev;
        out.changes.clear();
        out.message.clear();
        if (ev.kind == GRIP_EVENT_COMMITTED || ev.kind == GRIP_EVENT_UNDONE || ev.kind == GRIP_EVENT_REDONE)
            out.changes = changes();
        else if (ev.kind == GRIP_EVENT_SCRIPT_ERROR)
            out.message = grip_engine_errmsg(e_);
        return true;
    }
    // Every queued event, oldest first, each with its step's changes and its message (the queue is
    // left empty): for (const grip::event &ev : e.events()) ... ev.changes ...
    event_list events() {
        event_list all;
        event ev;
        while (poll(ev)) all.push_back(ev);
        return all;
    }

    // ---- Frames
    frame_view frame() {
        frame_view v;
        check(grip_frame_get(e_, &v.f));
        return v;
    }
    // A copy of the frame's commands, kept as long as you like.
    std::vector<grip_command> commands() {
        frame_view v = frame();
        return std::vector<grip_command>(v.begin(), v.end());
    }

    // ---- Snapping (grip::snap_desc(GRIP_SNAP_GRID | ...)); snapping_off() turns it off.
    void set_snapping(const grip_snap_desc &d) { check(grip_engine_set_snapping(e_, &d)); }
    void snapping_off() { check(grip_engine_set_snapping(e_, nullptr)); }

    // ---- Keys: arrows nudge the selection, Escape cancels, Tab walks, modifiers re-evaluate.
    // Each returns whether the key did something.
    bool key(const grip_key_event &ev) {
        bool consumed = false;
        check(grip_dispatch_key(e_, &ev, &consumed));
        return consumed;
    }
    bool key(grip_phase phase, grip_key k, double time, uint32_t modifiers = 0) {
        grip_key_event ev = {phase, k, modifiers, time};
        return key(ev);
    }

    // ---- History
    // False when there was no step to undo / redo.
    bool undo() { return check(grip_undo(e_)) == GRIP_OK; }
    bool redo() { return check(grip_redo(e_)) == GRIP_OK; }
    void clear_history() { check(grip_history_clear(e_)); }
    // The steps there are to undo (first) and to redo (second).
    std::pair<size_t, size_t> history_depth() {
        size_t u = 0, r = 0;
        check(grip_history_depth(e_, &u, &r));
        return std::make_pair(u, r);
    }
    // The step of the COMMITTED, UNDONE or REDONE event polled last (GRIP_ERR_STATE after others).
    std::vector<grip_change> changes() {
        std::vector<grip_change> out;
        size_t count = 0;
        check(grip_event_changes(e_, nullptr, 0, &count));
        out.resize(count);
        check(grip_event_changes(e_, out.data(), out.size(), &count));
        out.resize(count < out.size() ? count : out.size());
        return out;
    }
    // Puts b exactly at g (how a host's own undo puts a grip_change back).
    void set_geometry(grip_box b, const grip_geometry &g) { check(grip_box_set_geometry(e_, b, &g)); }
    // Recorded steps (grip_history_begin): the host's own edits between begin and commit become one
    // undo step; a nonzero merge_key merges commits into one step (a slider). commit returns false
    // when nothing changed (no step). cancel puts back everything since begin. history_step below
    // is the guard that pairs them.
    void history_begin(uint64_t merge_key = 0) { check(grip_history_begin(e_, merge_key)); }
    bool history_commit() { return check(grip_history_commit(e_)) == GRIP_OK; }
    void history_cancel() { check(grip_history_cancel(e_)); }
    bool history_recording() const { return grip_history_recording(e_); }

    // ---- Constraint hooks
    // fn(box, current, proposed) runs at every step of a gesture or nudge on b: it may change
    // proposed and returns true to accept it, false to refuse the step. It runs inside the
    // dispatch (calls back into the engine fail); an exception it throws refuses the step and is
    // swallowed (it cannot cross the C library). An empty function removes the hook. The engine
    // object keeps the function until then, or until destroy(b) or the engine's end.
    using constraint = std::function<bool(grip_box, const grip_geometry &, grip_geometry &)>;
    void set_constraint(grip_box b, constraint fn) {
        if (!fn) {
            check(grip_box_set_constraint(e_, b, nullptr, nullptr));
            if (hooks_) hooks_->erase(b);
            return;
        }
        if (!hooks_) hooks_.reset(new std::map<grip_box, std::unique_ptr<constraint>>());
        std::unique_ptr<constraint> held(new constraint(std::move(fn)));
        check(grip_box_set_constraint(e_, b, &engine::call_constraint, held.get()));
        (*hooks_)[b] = std::move(held);
    }

    // fn(before, proposed) constrains the selection as a whole (grip_selection_set_constraint): at
    // every step of a gesture, nudge, flip or quarter turn of the selected boxes it gets the
    // selection frame when the gesture began and the one the step proposes (world space); it may
    // change proposed (centre, size, rotation) and returns true to accept it, false to refuse the
    // step. The map from the proposed frame to its answer moves every selected box alike. Same
    // rules as set_constraint: inside the call (calls back into the engine fail), an exception
    // refuses the step and is swallowed; an empty function removes it. The engine object keeps the
    // function until then. Throws (GRIP_ERR_STATE) during a gesture on the selection.
    using selection_constraint = std::function<bool(const grip_geometry &, grip_geometry &)>;
    void set_selection_constraint(selection_constraint fn) {
        if (!fn) {
            check(grip_selection_set_constraint(e_, nullptr, nullptr));
            selection_hook_.reset();
            return;
        }
        std::unique_ptr<selection_constraint> held(new selection_constraint(std::move(fn)));
        check(grip_selection_set_constraint(e_, &engine::call_selection_constraint, held.get()));
        selection_hook_ = std::move(held);
    }

    // ---- Scene files
    // The scene as JSON (grip_scene_save_text: one pass; the library's text is freed here).
    std::string save() {
        char *text = nullptr;
        size_t length = 0;
        check(grip_scene_save_text(e_, &text, &length));
        struct freed {
            char *p;
            ~freed() { grip_free(p); }
        } owner{text};
        return std::string(text, length);
    }
    // Replaces every box with the scene's (new ids; constraint functions of the old boxes dropped).
    void load(const std::string &json) {
        check(grip_scene_load(e_, json.data(), json.size()));
        if (hooks_) hooks_->clear();
    }

    // ---- Multiplayer (docs/multiplayer.md): keys, the change feed, other peers' changes, presence
    // The box's key, shared by every peer.
    uint64_t box_key(grip_box b) {
        uint64_t k = 0;
        check(grip_box_get_key(e_, b, &k));
        return k;
    }
    // Gives b the host's own key (while its CREATED change is unread, with the feed on).
    void set_box_key(grip_box b, uint64_t k) { check(grip_box_set_key(e_, b, k)); }
    // The live box with key k, or GRIP_NO_BOX when none has it.
    grip_box find(uint64_t k) {
        grip_box b = GRIP_NO_BOX;
        grip_status s = grip_box_find(e_, k, &b);
        if (s == GRIP_ERR_NOT_FOUND) return GRIP_NO_BOX;
        check(s);
        return b;
    }
    // Starts the change feed keeping at most limit changes unread (0 stops it).
    void feed_enable(uint32_t limit) { check(grip_feed_enable(e_, limit)); }
    // Every unread change, oldest first (the feed is left empty); *lost (may be nullptr) says
    // whether changes were lost since the last read (then resync from a save).
    std::vector<grip_feed_change> feed_read(bool *lost = nullptr) {
        std::vector<grip_feed_change> out;
        bool any_lost = false;
        size_t n = 0;
        do {
            size_t at = out.size();
            out.resize(at + 256);
            bool batch_lost = false;
            check(grip_feed_read(e_, out.data() + at, 256, &n, &batch_lost));
            out.resize(at + n);
            any_lost = any_lost || batch_lost;
        } while (n == 256);
        if (lost) *lost = any_lost;
        return out;
    }
    // Where the boxes local gestures drive are now, into out; false (out untouched) when nothing
    // it would list changed since the last call.
    bool feed_live(std::vector<grip_live_box> &out) {
        size_t boxes = 0, count = 0;
        check(grip_boxes_list(e_, nullptr, 0, &boxes));
        std::vector<grip_live_box> live(boxes ? boxes : 1);
        if (check(grip_feed_live(e_, live.data(), live.size(), &count)) == GRIP_DONE) return false;
        live.resize(count < live.size() ? count : live.size());
        out.swap(live);
        return true;
    }
    // Applies other peers' changes in the sync engine's order (never in the local history or feed);
    // returns how many were taken. A refused change throws, naming its index.
    size_t remote_apply(const std::vector<grip_feed_change> &changes) {
        size_t applied = 0;
        check(grip_remote_apply(e_, changes.data(), changes.size(), &applied));
        return applied;
    }
    // Everything the engine knows of another peer: its colour number, selection (keys), pointer
    // (world; nullptr: not over the scene) and live boxes (what its feed_live gave). Frames then
    // draw it (GRIP_CMD_PEER_*). The vectors are copied.
    void peer_set(uint32_t peer, uint32_t color, const std::vector<uint64_t> &selection, const grip_vec2 *pointer,
                  const std::vector<grip_live_box> &live = std::vector<grip_live_box>()) {
        grip_peer_presence p;
        grip_peer_presence_init(&p);
        p.peer = peer;
        p.color = color;
        p.selection = selection.empty() ? nullptr : selection.data();
        p.selection_count = selection.size();
        p.has_pointer = pointer != nullptr;
        if (pointer) p.pointer = *pointer;
        p.live = live.empty() ? nullptr : live.data();
        p.live_count = live.size();
        check(grip_peer_set(e_, &p));
    }
    // Forgets a peer that left; false when it was not known.
    bool peer_remove(uint32_t peer) { return check(grip_peer_remove(e_, peer)) == GRIP_OK; }

  private:
    grip_status check(grip_status s) const {
        if (s < 0) throw error(s, grip_engine_errmsg(e_));
        return s;
    }
    static bool call_constraint(void *context, grip_box box, const grip_geometry *current, grip_geometry *proposed) {
        try {
            return (*static_cast<constraint *>(context))(box, *current, *proposed);
        } catch (...) {
            return false;
        }
    }

    static bool call_selection_constraint(void *context, const grip_geometry *before, grip_geometry *proposed) {
        try {
            return (*static_cast<selection_constraint *>(context))(*before, *proposed);
        } catch (...) {
            return false;
        }
    }

    grip_engine *e_;
    std::unique_ptr<std::map<grip_box, std::unique_ptr<constraint>>> hooks_;  // set_constraint's functions
    std::unique_ptr<selection_constraint> selection_hook_;                    // set_selection_constraint's
};

// Lua state settings with the library's defaults (grip_lua_desc_init).
inline grip_lua_desc lua_desc() {
    grip_lua_desc d;
    grip_lua_desc_init(&d);
    return d;
}

// A recorded step for the lifetime of the guard: the constructor begins it (grip_history_begin),
// commit() ends it as one undo step, and a guard destroyed without commit() (an exception thrown
// by the edits, an early return) cancels it, putting back everything the edits changed. Not
// copyable; the engine must outlive it.
//
//   { grip::history_step step(e, slider_id); e.configure(b, d); step.commit(); }
class history_step {
  public:
    explicit history_step(engine &e, uint64_t merge_key = 0) : e_(&e) { e.history_begin(merge_key); }
    history_step(const history_step &) = delete;
    history_step &operator=(const history_step &) = delete;
    ~history_step() {
        if (e_) grip_history_cancel(e_->get());
    }
    // Ends the step: true when it changed something (one step, COMMITTED), false when nothing did.
    bool commit() {
        engine *e = e_;
        e_ = nullptr;
        return e->history_commit();
    }
    // Ends the step putting everything back as it was at the begin.
    void cancel() {
        engine *e = e_;
        e_ = nullptr;
        e->history_cancel();
    }

  private:
    engine *e_;
};

// A Lua state bound to an engine (grip_lua_create): scripts see it as grip.host. Destroy the
// script before its engine (declare it after the engine, or reset it first).
class script {
  public:
    // desc nullptr: defaults (sandboxed, 64 MiB, 100 million instructions per entry).
    explicit script(engine &host, const grip_lua_desc *desc = nullptr) : l_(nullptr) {
        grip_status s = grip_lua_create(host.get(), desc, &l_);
        if (s != GRIP_OK) throw error(s, grip_lua_errmsg(nullptr));
    }
    ~script() { grip_lua_destroy(l_); }
    script(const script &) = delete;
    script &operator=(const script &) = delete;
    script(script &&other) noexcept : l_(other.l_), print_(std::move(other.print_)) { other.l_ = nullptr; }
    script &operator=(script &&other) noexcept {
        if (this != &other) {
            grip_lua_destroy(l_);
            l_ = other.l_;
            print_ = std::move(other.print_);
            other.l_ = nullptr;
        }
        return *this;
    }

    grip_lua *get() const { return l_; }
    const char *errmsg() const { return grip_lua_errmsg(l_); }
    // Runs a text chunk; a Lua error throws grip::error with GRIP_ERR_SCRIPT and the chunk's line.
    void exec(const std::string &source, const std::string &chunk_name = "=script") {
        check(grip_lua_exec(l_, chunk_name.c_str(), source.data(), source.size()));
    }
    void exec_file(const std::string &path) { check(grip_lua_exec_file(l_, path.c_str())); }
    // Where the scripts' print goes: fn(line) once per print call (tab-separated, no newline),
    // inside the script; an exception it throws is swallowed (it cannot cross the C library). An
    // empty function restores stdout. The script object keeps the function.
    using print_function = std::function<void(const std::string &)>;
    void set_print(print_function fn) {
        if (!fn) {
            check(grip_lua_set_print(l_, nullptr, nullptr));
            print_.reset();
            return;
        }
        std::unique_ptr<print_function> held(new print_function(std::move(fn)));
        check(grip_lua_set_print(l_, &script::print_trampoline, held.get()));
        print_ = std::move(held);
    }

  private:
    void check(grip_status s) const {
        if (s < 0) throw error(s, grip_lua_errmsg(l_));
    }
    static void print_trampoline(void *context, const char *text, size_t length) {
        try {
            (*static_cast<print_function *>(context))(std::string(text, length));
        } catch (...) {
        }
    }

    grip_lua *l_;
    std::unique_ptr<print_function> print_;
};

}  // namespace grip

#endif
