/* The names of grip.h's enum values and the fields of grip_box_desc, as the Lua module, scene
 * files and replay logs spell them: enum values in lowercase without their prefix, masks as lists
 * of those names, fields by their C names. Private to Grip (the gn_ prefix is not exported). */
#ifndef GRIP_NAMES_H
#define GRIP_NAMES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Name tables: names[v] is the name of value v (of bit v for masks), NULL-terminated. */
extern const char *const gn_handle_names[];
extern const char *const gn_allow_names[];
extern const char *const gn_resize_names[];
extern const char *const gn_indicator_names[];

/* How a field of grip_box_desc is written. */
typedef enum gn_field_kind {
    GN_NUMBER,  /* double */
    GN_BOOL,    /* bool */
    GN_MASK,    /* uint32_t bit mask: bit (first + i) is names[i] */
    GN_ENUM,    /* a 32-bit enum: value i is names[i] */
    GN_U64,     /* uint64_t */
    GN_BOX      /* grip_box */
} gn_field_kind;

typedef struct gn_field {
    const char *name;           /* the C field name */
    gn_field_kind kind;
    size_t offset;              /* offsetof(grip_box_desc, name) */
    const char *const *names;   /* GN_MASK, GN_ENUM: the value names */
    int first;                  /* GN_MASK: the bit of names[0] */
} gn_field;

/* Every field of grip_box_desc but struct_size, in declaration order; ends with a NULL name. */
extern const gn_field gn_box_desc_fields[];

#ifdef __cplusplus
}
#endif

#endif
