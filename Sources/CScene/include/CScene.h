/*
 * CScene: scene files as text, read and written here (read.c, write.c) with numbers in the "C"
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

/* Writes a scene file of `count` boxes (descs: grip_box_desc[count], in draw order, parents
 * before children) into a new malloc'd, NUL-terminated text *out (the caller frees it) of
 * *length bytes. A box whose x + width / 2, y + height / 2 (what a reader computes) is not its
 * exact centre (entries' center_x, center_y) also gets "center": {"x": .., "y": ..}. Returns
 * false when out of memory. */
bool gs_write(double width, double height, const void *descs, const gs_entry *entries, size_t count,
              char **out, size_t *length);

/* A scene file read and checked field by field (not yet against the engine's limits). */
typedef struct gs_scene {
    bool has_bounds;
    double width, height;
    size_t bounds_offset, boxes_offset; /* where those values start in the text */
    size_t count;
    bool over_limit;    /* the file has more than max_boxes boxes: box `count` is the first left out */
    size_t over_offset; /* where that box starts */
    void *descs;        /* grip_box_desc[count], every field the file leaves out at its default */
    gs_entry *entries;  /* [count]; has_center where the file's "center" agrees with its x and y */
    bool nomem;         /* gs_read failed for want of memory */
    char message[400];  /* why gs_read failed: "line L, column C: ..." */
} gs_scene;

/* Reads a scene file, storing at most max_boxes boxes (0: no limit; over_limit says more were
 * there). false: bad JSON, a newer major version or a bad field (message says which and where),
 * or no memory (nomem). Free with gs_free either way. Time and memory are linear in the text. */
bool gs_read(const char *json, size_t length, size_t max_boxes, gs_scene *out);
void gs_free(gs_scene *scene);

/* The 1-based line and column (counting characters, not bytes) of offset p of the text. */
void gs_line_column(const char *json, size_t length, size_t p, size_t *line, size_t *column);

/* Frees a text gs_write made. */
void gs_free_text(char *text);

#ifdef __cplusplus
}
#endif

#endif
