# shellcheck shell=bash
# Suite sdl (scripts/test sdl): the SDL demo under Xvfb, its screenshot not blank.
# sdl_demo_test: grip-sdl-demo under Xvfb with examples/lua/demo_session.lua (when there is one,
# else the built-in scene and a scripted drag), --screenshot, and a check that the picture is not
# blank: decoded here, it must have many colours and much drawn over the canvas.
sdl_demo_test() {
    echo "== SDL demo"
    local demo="$libdir/grip-sdl-demo" shot="$out/sdl-demo.png" args=() status=0
    if [ ! -x "$demo" ]; then
        record 1 "SDL demo: $demo was not built (is libsdl2-dev installed? scripts/setup does it)"
        return
    fi
    if ! command -v xvfb-run >/dev/null; then
        record 1 "SDL demo: no xvfb-run (scripts/setup installs xvfb)"
        return
    fi
    [ -f examples/lua/demo_session.lua ] && args=(--script examples/lua/demo_session.lua)
    rm -f "$shot"
    run "$out/sdl-demo.log" timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" \
        "$demo" "${args[@]}" --screenshot "$shot" || status=$?
    if [ "$status" -ne 0 ] || [ ! -s "$shot" ]; then
        record 1 "SDL demo: grip-sdl-demo ${args[*]} exited with status $status"
        return
    fi
    if command -v python3 >/dev/null; then
        run "$out/sdl-png.log" python3 scripts/tests/png_sdl_demo.py "$shot" || status=$?
    else
        grep -qE 'distinct colours' "$out/sdl-demo.log" || status=1
    fi
    record "$status" "SDL demo: ${args[*]:-built-in scene}, screenshot $shot $([ "$status" -eq 0 ] && echo "is not blank" || echo "looks blank")"
}

sdl_demo_test
