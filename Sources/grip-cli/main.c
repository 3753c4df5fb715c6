/*
 * grip (built as grip-cli, installed as bin/grip): runs editing-session scripts against an engine.
 *
 *   grip run FILE.lua [--scene IN.json] [--save OUT.json] [--sandbox] [--size WxH]
 *   grip render FILE.lua --svg OUT.svg [--scene IN.json] [--sandbox] [--size WxH]
 *   grip render IN.json --svg OUT.svg [--size WxH]
 *   grip replay [-v] LOG     replays an event log (Tests/replay/FORMAT.md), printing a digest of
 *                            every frame: the same log prints the same bytes everywhere
 *
 * The script runs in a hosted state bound to a fresh engine (`grip.host`, 800 x 600 unless --size
 * says otherwise). `run` gives it the whole standard library (it is the user's own tool;
 * --sandbox runs it in the sandbox a host gets by default); `render` then writes the engine's
 * final frame as SVG (the C example's writer, examples/c/svg.c). --scene loads a scene file
 * (grip_scene_load) into the engine before the script runs, --save writes the engine's scene
 * (grip_scene_save) after it, so a macro edits a scene file; `render` of a .json file draws the
 * scene with no script. With a scene and no --size, the SVG is the scene's bounds. Both --save
 * and --svg replace their file whole (replace_file.h): a failed write leaves the old file as it
 * was, and a symbolic link at the path is replaced rather than written through.
 *
 * A plain C client of libgrip.so: it uses nothing but grip.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "GripReplay.h"
#include "grip.h"
#include "replace_file.h"
#include "svg.h"

/* Prints the usage to out and exits with code: stdout and 0 for --help (with how saves write
 * their files), stderr and 2 for a command line the CLI does not take. */
static void usage_to(FILE *out, int code) {
    fputs("usage: grip run FILE.lua [--scene IN.json] [--save OUT.json] [--sandbox] [--size WxH]\n"
          "       grip render FILE.lua --svg OUT.svg [--scene IN.json] [--sandbox] [--size WxH]\n"
          "       grip render IN.json --svg OUT.svg [--size WxH]\n"
          "       grip replay [-v] LOG\n"
          "       grip --help\n",
          out);
    if (code == 0)
        fputs("\n"
              "--save and --svg replace the file they name whole: the new contents go into a\n"
              "temporary file in the same directory, synced, then renamed over it, so a failed\n"
              "write leaves the old file as it was. A symbolic link at that path is replaced by\n"
              "the new file; the file it pointed to is not written. A replaced file keeps its\n"
              "permissions; a new one gets 0666 less the umask.\n",
              out);
    exit(code);
}

static void usage(void) { usage_to(stderr, 2); }

static void fail(const char *message, const char *detail) {
    if (detail != NULL)
        fprintf(stderr, "grip: %s [%s]\n", message, detail);
    else
        fprintf(stderr, "grip: %s\n", message);
    exit(1);
}

/* A finite number > 0 spelled by the whole of text. */
static int positive(const char *text, double *out) {
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !(v > 0) || v > 1e9) return 0;
    *out = v;
    return 1;
}

/* "WxH" with both parts positive numbers. */
static int parse_size(const char *text, double *width, double *height) {
    char buffer[64];
    char *x;
    if (strlen(text) >= sizeof buffer) return 0;
    strcpy(buffer, text);
    x = strchr(buffer, 'x');
    if (x == NULL || strchr(x + 1, 'x') != NULL) return 0;
    *x = '\0';
    return positive(buffer, width) && positive(x + 1, height);
}

/* The whole of a file, NUL-terminated, malloc'd; NULL when it cannot be read. */
static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t n = 0, cap = 0, got;
    if (f == NULL) return NULL;
    do {
        if (n + 4096 + 1 > cap) {
            char *grown;
            cap = cap ? cap * 2 : 65536;
            grown = (char *)realloc(text, cap);
            if (grown == NULL) break;
            text = grown;
        }
        got = fread(text + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0);
    if (ferror(f) || text == NULL || n + 1 > cap) {
        free(text);
        text = NULL;
    } else {
        text[n] = '\0';
        *length = n;
    }
    fclose(f);
    return text;
}

/* Loads the scene file at path into engine; exits with the message when it cannot. */
static void load_scene(grip_engine *engine, const char *path) {
    size_t length = 0;
    char *text = read_file(path, &length);
    if (text == NULL) fail("cannot read", path);
    if (grip_scene_load(engine, text, length) != GRIP_OK) {
        fprintf(stderr, "grip: %s: %s\n", path, grip_engine_errmsg(engine));
        exit(1);
    }
    free(text);
}

/* Writes the engine's scene to path, replacing the file whole (replace_file.h); 0 on success,
 * -1 after printing why (the file at path is then as it was). */
static int save_scene(grip_engine *engine, const char *path) {
    size_t length = 0;
    char *text;
    replace_file file;
    FILE *f;
    if (grip_scene_save(engine, NULL, 0, &length) != GRIP_ERR_LIMIT ||
        (text = (char *)malloc(length + 1)) == NULL) {
        fprintf(stderr, "grip: cannot save the scene to %s: out of memory; %s is unchanged\n", path, path);
        return -1;
    }
    if (grip_scene_save(engine, text, length + 1, &length) != GRIP_OK) {
        fprintf(stderr, "grip: cannot save the scene to %s: %s; %s is unchanged\n", path, grip_engine_errmsg(engine),
                path);
        free(text);
        return -1;
    }
    f = replace_file_begin(&file, path);
    if (f != NULL && fwrite(text, 1, length, f) != length) replace_file_fail(&file, errno);
    free(text);
    if (f == NULL || replace_file_commit(&file) != 0) {
        replace_file_report(&file);
        return -1;
    }
    return 0;
}

/* Writes the frame as SVG to path, replacing the file whole; 0 on success, -1 after printing
 * why (the file at path is then as it was). */
static int save_svg(const char *path, const grip_frame *frame, double width, double height) {
    replace_file file;
    FILE *f = replace_file_begin(&file, path);
    if (f != NULL && svg_write_frame(f, frame, width, height) != 0) replace_file_fail(&file, errno);
    if (f == NULL || replace_file_commit(&file) != 0) {
        replace_file_report(&file);
        return -1;
    }
    return 0;
}

/* The bounds the engine's scene file states (the engine's own), for the SVG's size. */
static void scene_bounds(grip_engine *engine, double *width, double *height) {
    size_t length = 0;
    char *text, *at;
    if (grip_scene_save(engine, NULL, 0, &length) != GRIP_ERR_LIMIT) return;
    text = (char *)malloc(length + 1);
    if (text != NULL && grip_scene_save(engine, text, length + 1, &length) == GRIP_OK &&
        (at = strstr(text, "\"bounds\": {\"width\": ")) != NULL)
        sscanf(at, "\"bounds\": {\"width\": %lf, \"height\": %lf", width, height);
    free(text);
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

int main(int argc, char **argv) {
    const char *positional[2] = {NULL, NULL};
    const char *svg_path = NULL, *scene_path = NULL, *save_path = NULL, *script;
    int npositional = 0, sandbox = 0, sized = 0, render, i;
    double width = 800, height = 600;
    grip_engine_desc desc;
    grip_engine *engine = NULL;
    grip_lua_desc ldesc;
    grip_lua *lua = NULL;
    grip_status status;

    /* `replay` hands its arguments to the replayer as they are; it names itself "grip replay" in
     * its usage line and errors (the installed name). */
    if (argc >= 2 && strcmp(argv[1], "replay") == 0) {
        argv[1] = (char *)"grip replay";
        return replay_main(argc - 1, argv + 1);
    }

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage_to(stdout, 0);
        } else if (strcmp(argv[i], "--svg") == 0) {
            if (++i >= argc) usage();
            svg_path = argv[i];
        } else if (strcmp(argv[i], "--scene") == 0) {
            if (++i >= argc) usage();
            scene_path = argv[i];
        } else if (strcmp(argv[i], "--save") == 0) {
            if (++i >= argc) usage();
            save_path = argv[i];
        } else if (strcmp(argv[i], "--sandbox") == 0) {
            sandbox = 1;
        } else if (strcmp(argv[i], "--size") == 0) {
            if (++i >= argc || !parse_size(argv[i], &width, &height)) usage();
            sized = 1;
        } else if (argv[i][0] == '-' || npositional == 2) { /* an unknown option, or a third word */
            usage();
        } else {
            positional[npositional++] = argv[i];
        }
    }
    if (npositional != 2) usage();
    render = strcmp(positional[0], "render") == 0;
    if (!render && strcmp(positional[0], "run") != 0) usage();
    if (render && svg_path == NULL) usage();
    script = positional[1];
    if (render && ends_with(script, ".json")) { /* render a scene file itself */
        if (scene_path != NULL) usage();
        scene_path = script;
        script = NULL;
    }

    grip_engine_desc_init(&desc);
    desc.width = width;
    desc.height = height;
    /* One fixed peer id: the boxes a run makes, or gives keys to (a scene file without them), get
     * the same keys every run, so a script's saved output is reproducible. */
    desc.peer = 1;
    if (grip_engine_create(&desc, &engine) != GRIP_OK) fail(grip_engine_errmsg(NULL), NULL);
    if (scene_path != NULL) {
        load_scene(engine, scene_path);
        if (!sized) scene_bounds(engine, &width, &height);
    }

    grip_lua_desc_init(&ldesc);
    ldesc.allow_io = !sandbox;
    if (!sandbox) {
        ldesc.memory_limit = (size_t)1 << 30;
        ldesc.instruction_limit = (uint64_t)1 << 50;
    }
    if (grip_lua_create(engine, &ldesc, &lua) != GRIP_OK) {
        grip_engine_destroy(engine);
        fail(grip_lua_errmsg(NULL), NULL);
    }

    status = script != NULL ? grip_lua_exec_file(lua, script) : GRIP_OK;
    if (status != GRIP_OK) {
        /* The message lives in the state: print it before the state goes. */
        fprintf(stderr, "grip: %s [%s]\n", grip_lua_errmsg(lua), grip_status_string(status));
        grip_lua_destroy(lua);
        grip_engine_destroy(engine);
        return 1;
    }

    if (render) {
        grip_frame frame;
        if (grip_frame_get(engine, &frame) != GRIP_OK) fail(grip_engine_errmsg(engine), NULL);
        if (save_svg(svg_path, &frame, width, height) != 0) {
            grip_lua_destroy(lua);
            grip_engine_destroy(engine);
            return 1;
        }
    }

    if (save_path != NULL && save_scene(engine, save_path) != 0) {
        grip_lua_destroy(lua);
        grip_engine_destroy(engine);
        return 1;
    }

    grip_lua_destroy(lua);
    grip_engine_destroy(engine);
    return 0;
}
