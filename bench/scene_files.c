/* Scene files at size, in two processes so that each peak is its own:
 *   grip-scene-files save N FILE   builds bench_scene.h's scene of N random rotated boxes, saves
 *                                  it to FILE and prints: boxes N  bytes B (per box)  save_text T ms
 *                                  (grip_scene_save_text: one call)  save S ms (grip_scene_save's
 *                                  two calls: the length, then the text)
 *   grip-scene-files load FILE     reads FILE, loads it into a new engine, saves it again and
 *                                  prints: load L ms  load peak +M MB (x the text); exits 1 when
 *                                  the second save differs from the file (a load gives back what
 *                                  was saved)
 * "load peak" is how far the process's peak resident memory rose during grip_scene_load (the text
 * and the empty engine were already resident), also as a multiple of the text's size.
 * scripts/bench runs both with N = 100,000 (docs/performance.md). */
#define _POSIX_C_SOURCE 200809L
#include "bench_scene.h"
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static const char usage[] = "usage: grip-scene-files save N FILE | load FILE   (scene files timed)\n";

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double peak_mb(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0; /* kilobytes on Linux */
}

/* The engine's scene as a malloc'd text, as api-guide.md says: the length first, then the text
 * into a buffer one byte larger; *query_ms is how long the first call took. */
static char *save(grip_engine *e, size_t *length, double *query_ms) {
    double t0 = now_ms();
    if (grip_scene_save(e, NULL, 0, length) != GRIP_ERR_LIMIT) { /* the length alone */
        fprintf(stderr, "grip_scene_save: %s\n", grip_engine_errmsg(e));
        exit(1);
    }
    *query_ms = now_ms() - t0;
    char *text = (char *)malloc(*length + 1);
    if (text == NULL) exit(1);
    CHECK(grip_scene_save(e, text, *length + 1, length));
    return text;
}

static int save_mode(int n, const char *path) {
    grip_engine *e = world_4000();
    grip_box target;
    add_scene_boxes(e, n - 1, false, &target);
    drain(e);
    size_t length;
    double query;
    double t0 = now_ms();
    char *text = save(e, &length, &query);
    double t1 = now_ms();
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(text, 1, length, f) != length || fclose(f) != 0) {
        fprintf(stderr, "grip-scene-files: cannot write %s\n", path);
        return 1;
    }
    /* The one-call save: one pass, the library's own buffer. */
    char *once = NULL;
    size_t once_length = 0;
    double t2 = now_ms();
    CHECK(grip_scene_save_text(e, &once, &once_length));
    double t3 = now_ms();
    if (once_length != length || memcmp(once, text, length) != 0) {
        fprintf(stderr, "grip-scene-files: grip_scene_save_text differs from grip_scene_save\n");
        return 1;
    }
    grip_free(once);
    printf("boxes %d  bytes %zu (%.0f per box)  save_text %.1f ms  save %.1f ms (the length %.1f ms, then the text "
           "%.1f ms)\n",
           n, length, (double)length / n, t3 - t2, t1 - t0, query, t1 - t0 - query);
    free(text);
    grip_engine_destroy(e);
    return 0;
}

static int load_mode(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "grip-scene-files: cannot read %s\n", path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size_t length = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = (char *)malloc(length + 1);
    if (text == NULL || fread(text, 1, length, f) != length) return 1;
    fclose(f);
    grip_engine *e = world_4000();
    double before = peak_mb();
    double t0 = now_ms();
    CHECK(grip_scene_load(e, text, length));
    double t1 = now_ms();
    double rise = peak_mb() - before;
    size_t again_length;
    double query;
    char *again = save(e, &again_length, &query);
    int same = again_length == length && memcmp(text, again, length) == 0;
    printf("load %.1f ms  load peak +%.1f MB (%.2fx the text)%s\n", t1 - t0, rise,
           rise * 1048576.0 / (double)length, same ? "" : "  SECOND SAVE DIFFERS");
    free(text);
    free(again);
    grip_engine_destroy(e);
    return same ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "save") == 0 && atoi(argv[2]) >= 1) return save_mode(atoi(argv[2]), argv[3]);
    if (argc == 3 && strcmp(argv[1], "load") == 0) return load_mode(argv[2]);
    fputs(usage, stderr);
    return 2;
}
