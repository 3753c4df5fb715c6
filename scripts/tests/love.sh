# shellcheck shell=bash
# Suite love (scripts/test love): the LÖVE example.
# love_test: the LÖVE example under Xvfb with the built library, its screenshot not blank, and
# its scripted touch checks (--touch-test).
love_test() {
    echo "== LÖVE example"
    local shot="$out/love-garden.png" status=0
    if ! command -v love >/dev/null; then
        record 1 "LÖVE example: no love (scripts/setup installs it)"
        return
    fi
    rm -f "$shot"
    GRIP_LIBRARY="$lib" run "$out/love.log" timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" \
        love examples/love --screenshot "$shot" || status=$?
    [ "$status" -eq 0 ] && [ -s "$shot" ] && { png_not_blank "$shot" "$out/love-png.log" || status=$?; } || status=1
    record "$status" "LÖVE example: screenshot $shot $([ "$status" -eq 0 ] && echo "is not blank" || echo "missing or blank")"
    # touches through love.touchpressed / moved / released: a pinch, a drag, the playing game's
    status=0
    GRIP_LIBRARY="$lib" run "$out/love-touch.log" timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" \
        love examples/love --touch-test || status=$?
    local line
    line=$(grep -E '^grip-love: touch test: [0-9]+ checks passed, 0 failed$' "$out/love-touch.log" || true)
    [ -n "$line" ] || status=1
    record "$status" "LÖVE example: ${line#grip-love: }${line:+ }(status $status)"
}

love_test
