/*
 * grip (built as grip-cli, installed as bin/grip): runs editing-session scripts against an engine.
 *
 *   grip run FILE.lua [--sandbox] [--size WxH]
 *   grip render FILE.lua --svg OUT.svg [--sandbox] [--size WxH]
 *   grip replay [-v] LOG     replays an event log (Tests/replay/FORMAT.md), printing a digest of
 *                            every frame: the same log prints the same bytes everywhere
 *
 * The script runs in a hosted state bound to a fresh engine (`grip.host`, 800 x 600 unless --size
 * says otherwise). `run` gives it the whole standard library (it is the user's own tool;
 * --sandbox runs it in the sandbox a host gets by default); `render` then writes the engine's
 * final frame as SVG (the C example's writer, examples/c/svg.c).
 *
 * A plain C client of libgrip.so: it uses nothing but grip.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "GripReplay.h"
#include "grip.h"
#include "svg.h"

static void usage(void) {
    fputs("usage: grip run FILE.lua [--sandbox] [--size WxH]\n"
          "       grip render FILE.lua --svg OUT.svg [--sandbox] [--size WxH]\n"
          "       grip replay [-v] LOG\n",
          stderr);
    exit(2);
}

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

int main(int argc, char **argv) {
    const char *positional[2] = {NULL, NULL};
    const char *svg_path = NULL;
    int npositional = 0, sandbox = 0, render, i;
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
        if (strcmp(argv[i], "--svg") == 0) {
            if (++i >= argc) usage();
            svg_path = argv[i];
        } else if (strcmp(argv[i], "--sandbox") == 0) {
            sandbox = 1;
        } else if (strcmp(argv[i], "--size") == 0) {
            if (++i >= argc || !parse_size(argv[i], &width, &height)) usage();
        } else if (strncmp(argv[i], "--", 2) == 0 || npositional == 2) {
            usage();
        } else {
            positional[npositional++] = argv[i];
        }
    }
    if (npositional != 2) usage();
    render = strcmp(positional[0], "render") == 0;
    if (!render && strcmp(positional[0], "run") != 0) usage();
    if (render && svg_path == NULL) usage();

    grip_engine_desc_init(&desc);
    desc.width = width;
    desc.height = height;
    if (grip_engine_create(&desc, &engine) != GRIP_OK) fail(grip_engine_errmsg(NULL), NULL);

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

    status = grip_lua_exec_file(lua, positional[1]);
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
        if (svg_save_frame(svg_path, &frame, width, height) != 0) {
            grip_lua_destroy(lua);
            grip_engine_destroy(engine);
            fail("cannot write", svg_path);
        }
    }

    grip_lua_destroy(lua);
    grip_engine_destroy(engine);
    return 0;
}
