/* Private to the Lua bindings (the files of CLuaShim that implement the module, its userdata and
 * every lua_CFunction; see internal.h for the rest of CLuaShim).
 *
 * Each lua_CFunction is a trampoline: it reads its Lua arguments into plain C (raising a Lua
 * error on bad arguments, before any Swift frame exists), calls Swift once through gripl_call
 * (a gl_call with the op's typed arguments, CLuaShim.h), and only after Swift has returned raises
 * the error Swift reported, or builds the Lua results. The calls in the other direction (hooks,
 * `on` handlers) run the Lua side under lua_pcall (events.c, hooks.c). */
#ifndef GL_BINDINGS_H
#define GL_BINDINGS_H

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grip_names.h"

#define ENGINE_MT            "grip.engine"
#define BOX_MT               "grip.box"
#define MAX_CUSTOM_HANDLES   16
#define MAX_INDICATOR_POINTS 65536

typedef struct engine_ud {
    void *eng;
} engine_ud;
typedef struct box_ud {
    uint64_t id;
} box_ud;

/* registry: lightuserdata(LuaEngine) -> engine userdata (weak) */
extern const char gl_engines_key;

/* The name tables are generated from schema/grip.toml (Sources/CNames, scripts/gen). */
#define handle_names  gn_handle_names
#define allow_names   gn_allow_names
#define event_names   gn_event_names
#define gesture_names gn_gesture_names
#define command_names gn_command_names
#define select_names  gn_select_names
#define phase_names   gn_phase_names
#define mod_names     gn_mod_names
#define state_names   gn_state_names
#define order_names   gn_order_names
#define key_names     gn_key_names
#define snap_names    gn_snap_names
#define align_names   gn_align_names
#define axis_names    gn_axis_names

/* A zeroed gl_call named c. */
#define CALL_INIT(c) \
    gl_call c;       \
    memset(&c, 0, sizeof c)

/* values.c: names, argument readers (each raises a Lua error on a bad value), value tables */
int name_index(const char *const *names, const char *s);
int count_names(const char *const *names);
void push_name(lua_State *L, const char *const *names, long v);
double num_value(lua_State *L, int idx, const char *what);
lua_Integer int_value(lua_State *L, int idx, const char *what);
bool bool_value(lua_State *L, int idx, const char *what);
int enum_value(lua_State *L, int idx, const char *const *names, const char *what);
uint32_t mask_value(lua_State *L, int idx, const char *const *names, int shift, uint32_t all, const char *what);
void push_mask(lua_State *L, uint32_t m, const char *const *names, int shift);
void point_value(lua_State *L, int idx, double *x, double *y, const char *what);
int opt_field(lua_State *L, int idx, const char *key);
double opt_number(lua_State *L, int idx, const char *key, double def);
lua_Integer opt_integer(lua_State *L, int idx, const char *key, lua_Integer def);
void check_keys(lua_State *L, int idx, const char *const *allowed, const char *what);
void read_fields(lua_State *L, int idx, int eidx, const gn_field *fields, void *base, const char *what);
void push_fields(lua_State *L, int eidx, const gn_field *fields, const void *base);
void read_desc(lua_State *L, int idx, int eidx, grip_box_desc *d);
void push_desc(lua_State *L, int eidx, const grip_box_desc *d);
void push_vec(lua_State *L, double x, double y);
void push_affine(lua_State *L, const grip_affine *m);
void set_num(lua_State *L, const char *k, double v);
void set_int(lua_State *L, const char *k, lua_Integer v);
void push_state(lua_State *L, const grip_box_state *s);
void push_geom(lua_State *L, const gl_geom *g);
void read_geom(lua_State *L, int idx, const gl_geom *base, gl_geom *out, const char *what);
int opt_enum(lua_State *L, int idx, const char *key, const char *const *names, int def);
uint32_t mods_value(lua_State *L, int idx);
uint32_t opt_pointer(lua_State *L, int idx);
uint32_t opt_mods(lua_State *L, int idx);

/* userdata.c: calling Swift (swift_try returns its code; swift_call raises it), the userdata */
int swift_try(lua_State *L, gl_call *c);
void raise_if(lua_State *L, int rc, gl_call *c);
void swift_call(lua_State *L, gl_call *c);
engine_ud *check_engine(lua_State *L, int idx);
void *check_box(lua_State *L, int idx, uint64_t *id);
engine_ud *new_engine_ud(lua_State *L);
void register_engine(lua_State *L, int idx);
int push_engine_by_ptr(lua_State *L, void *eng);
void push_data(lua_State *L, int eidx, const char *field);
void push_box(lua_State *L, int eidx, uint64_t id);
int push_box_hooks(lua_State *L, int eidx, uint64_t id, int create);
void push_handle(lua_State *L, int eidx, uint64_t id, long h);
int simple_engine_op(lua_State *L, int op, gl_call *c);
long handle_value(lua_State *L, int idx, int eidx, uint64_t id);

/* engine_methods.c: grip.new and the engine methods */
int l_new(lua_State *L);
int l_engine_box(lua_State *L);
int l_pointer(lua_State *L);
int l_magnify(lua_State *L);
int l_tick(lua_State *L);
int l_time(lua_State *L);
int l_set_bounds(lua_State *L);
int l_set_view(lua_State *L);
int l_set_snapping(lua_State *L);
int l_hit(lua_State *L);
int l_boxes(lua_State *L);
int l_query(lua_State *L);
int l_screen_to_world(lua_State *L);
int l_select(lua_State *L);
int l_selection(lua_State *L);
int l_selection_state(lua_State *L);
int l_align(lua_State *L);
int l_distribute(lua_State *L);
int l_flip(lua_State *L);
int l_rotate90(lua_State *L);
int l_world_to_screen(lua_State *L);
int l_close(lua_State *L);
int l_engine_gc(lua_State *L);
int l_engine_tostring(lua_State *L);
int l_key(lua_State *L);
int l_undo(lua_State *L);
int l_redo(lua_State *L);
int l_history(lua_State *L);
int l_clear_history(lua_State *L);
int l_history_begin(lua_State *L);
int l_box_key(lua_State *L);
int l_box_set_key(lua_State *L);
int l_find(lua_State *L);
int l_feed_enable(lua_State *L);
int l_feed_read(lua_State *L);
int l_remote_apply(lua_State *L);
int l_peer_set(lua_State *L);
int l_peer_remove(lua_State *L);
int l_set_selection_constraint(lua_State *L);
int l_history_commit(lua_State *L);
int l_history_cancel(lua_State *L);
int l_recording(lua_State *L);
int l_record(lua_State *L);
int l_save(lua_State *L);
int l_load(lua_State *L);
int l_describe(lua_State *L);
int l_view(lua_State *L);

/* macros.c: the session macros (bindings/lua/grip_macros.lua), put in the engine methods table
 * at `methods`; the chunk's text (macros_chunk.c, generated by scripts/gen). */
void gl_open_macros(lua_State *L, int methods);
extern const char gl_macros_chunk[];
extern const size_t gl_macros_chunk_length;

/* box_methods.c: the box methods */
int l_box_state(lua_State *L);
int l_box_describe(lua_State *L);
int l_box_configure(lua_State *L);
int l_box_set_editing(lua_State *L);
int l_box_reset(lua_State *L);
int l_box_order(lua_State *L);
int l_box_exists(lua_State *L);
int l_box_id(lua_State *L);
int l_box_destroy(lua_State *L);
int l_box_close(lua_State *L);
int l_box_gc(lua_State *L);
int l_box_eq(lua_State *L);
int l_box_tostring(lua_State *L);
int l_box_on(lua_State *L);
int l_box_add_handle(lua_State *L);
int l_box_set_constraint(lua_State *L);
int l_box_set_indicator(lua_State *L);

/* frames.c */
int l_box_handle_center(lua_State *L);

/* frames.c */
int l_frame(lua_State *L);

/* events.c (and gl_fire_event, CLuaShim.h) */
int l_events(lua_State *L);

#endif
