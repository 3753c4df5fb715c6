/*
 * CScene: scene files as text, read and written here (read.c; write.c, over write.h) with numbers in the "C"
 * locale (numbers.c), needing only the C library.
 *
 * This header is what Swift imports. grip_box_desc travels as a void pointer (an array of
 * grip_box_desc) so that the type has one definition, CGrip's.
 */
#ifndef CSCENE_H
#define CSCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The major version of the format this library writes and reads. */
#define GS_VERSION 1

/* What a box is besides its grip_box_desc (whose parent field the file does not use). */
typedef struct gs_entry {
    int64_t parent;  /* index of the parent among the boxes (always earlier), -1 at top level */
    bool has_center; /* center_x, center_y hold the box's exact centre */
    double center_x, center_y;
    size_t offset; /* where the box starts in the text read (0 for a box to write) */
    uint64_t key;  /* the box's key (grip_box_get_key); 0: none in the file (a load gives a fresh one) */
} gs_entry;

/* What gs_read hands each value it reads, with ctx. Each returns 0 (GRIP_OK) to accept, or a
 * status (a grip_status) that refuses the value, writing why into message (NUL-terminated,
 * capacity bytes): the refusal is ranked with the file's own errors at the value's place.
 *   bounds: the file's "bounds", when they are two numbers.
 *   box:    box `index` (a grip_box_desc, its parent field unused; every field the file leaves
 *           out at its default), its entry (parent index, centre, where it starts) and its
 *           nesting depth (0: top level), called in order while no earlier check failed and the
 *           box limit allows; the box pointers are valid during the call only. */
typedef struct gs_reader {
    int (*bounds)(void *ctx, double width, double height, char *message, size_t capacity);
    int (*box)(void *ctx, size_t index, const void *desc, const gs_entry *entry, unsigned depth, char *message,
               size_t capacity);
    void *ctx;
} gs_reader;

/* A scene file read and checked (its boxes handed to a gs_reader as they are read). */
typedef struct gs_scene {
    bool has_bounds;
    double width, height;
    size_t bounds_offset, boxes_offset; /* where those values start in the text */
    size_t count;                       /* boxes read and accepted */
    bool over_limit;                    /* the file has more than max_boxes boxes: box `count` is the first left out */
    size_t over_offset;                 /* where that box starts */
    bool nomem;                         /* gs_read failed for want of memory */
    int status;                         /* a refusal's grip_status: GRIP_ERR_ARG, or what the gs_reader gave */
    char message[400];                  /* why gs_read failed: "line L, column C: ..." */
} gs_scene;

/* Reads a scene file, handing at most max_boxes boxes to reader (0: no limit; over_limit says
 * more were there). false: bad JSON, a newer major version, a bad field or a value the reader
 * refused (message says which and where, status how), or no memory (nomem). Time is linear in
 * the text; the memory it takes beside the reader's is at most a few bytes per box plus the
 * file's ids (an open-addressed table of at most 4 slots of 17 bytes per box). */
bool gs_read(const char *json, size_t length, size_t max_boxes, const gs_reader *reader, gs_scene *out);

/* The 1-based line and column (counting characters, not bytes) of offset p of the text. */
void gs_line_column(const char *json, size_t length, size_t p, size_t *line, size_t *column);

#ifdef __cplusplus
}
#endif

#endif
