/* The tables of grip_names.h. */
#include "grip_names.h"

#include "../../Include/grip.h"

const char *const gn_handle_names[] = {"none", "top_left", "top", "top_right", "right", "bottom_right",
                                       "bottom", "bottom_left", "left", "rotate", NULL};
const char *const gn_allow_names[] = {"move", "resize", "rotate", "pinch", "magnify", "double_tap_reset",
                                      "long_press", NULL};
const char *const gn_resize_names[] = {"freeform", "uniform", NULL};
const char *const gn_indicator_names[] = {"circle", "rounded_rect", "rect", "custom", NULL};

#define F(n, k) {#n, k, offsetof(grip_box_desc, n), NULL, 0}
#define NAMED(n, k, t, first) {#n, k, offsetof(grip_box_desc, n), t, first}
const gn_field gn_box_desc_fields[] = {
    F(parent, GN_BOX), F(x, GN_NUMBER), F(y, GN_NUMBER), F(width, GN_NUMBER), F(height, GN_NUMBER),
    F(rotation, GN_NUMBER), F(scale, GN_NUMBER), F(editing, GN_BOOL),
    NAMED(allow, GN_MASK, gn_allow_names, 0), NAMED(handles, GN_MASK, gn_handle_names + 1, 1),
    NAMED(resize_mode, GN_ENUM, gn_resize_names, 0), F(centered, GN_BOOL), F(allow_flip, GN_BOOL),
    F(min_width, GN_NUMBER), F(min_height, GN_NUMBER), F(min_scale, GN_NUMBER), F(max_scale, GN_NUMBER),
    F(contain, GN_BOOL), F(inset_top, GN_NUMBER), F(inset_left, GN_NUMBER), F(inset_bottom, GN_NUMBER),
    F(inset_right, GN_NUMBER), F(long_press_duration, GN_NUMBER),
    NAMED(indicator, GN_ENUM, gn_indicator_names, 0), F(corner_radius, GN_NUMBER),
    F(rotation_snap, GN_NUMBER), F(snap_tolerance, GN_NUMBER), F(user_data, GN_U64),
    F(flipped_x, GN_BOOL), F(flipped_y, GN_BOOL), F(selectable, GN_BOOL), F(snap_target, GN_BOOL),
    F(pass_through, GN_BOOL), F(hit_outset, GN_NUMBER), {NULL, GN_NUMBER, 0, NULL, 0}};
