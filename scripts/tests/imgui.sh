# shellcheck shell=bash
# Suite imgui (scripts/test imgui): the Dear ImGui adapter and level editor.
# imgui_tests: the adapter against a headless ImGui context (Tests/imgui), then the level editor
# under Xvfb with a screenshot that must not be blank, and again on a level of one editing
# 1e9-unit box (Tests/imgui/huge_box_level.json).
imgui_tests() {
    if ! pkg-config --exists imgui; then
        record 1 "ImGui: no imgui.pc (scripts/setup installs libimgui-dev)"
        return
    fi
    # shellcheck disable=SC2046 # pkg-config's flags are lists
    abi_test test_grip_imgui "ImGui adapter tests" \
        "$CXX" -std=c++11 "${warn[@]}" -Wno-pedantic -g -IInclude -ITests/c -Iintegrations/imgui $(pkg-config --cflags imgui sdl2) \
        Tests/imgui/test_grip_imgui.cpp integrations/imgui/grip_imgui.cpp "$out/check.o" "${link[@]}" $(pkg-config --libs imgui)
    echo "== ImGui level editor"
    local editor="$libdir/grip-imgui-editor" shot="$out/imgui-editor.png" status=0
    if [ ! -x "$editor" ]; then
        record 1 "ImGui level editor: $editor was not built (libimgui-dev and libsdl2-dev: scripts/setup)"
        return
    fi
    rm -f "$shot"
    run "$out/imgui-editor.log" timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" "$editor" --screenshot "$shot" || status=$?
    [ "$status" -eq 0 ] && [ -s "$shot" ] && { png_not_blank "$shot" "$out/imgui-png.log" || status=$?; } || status=1
    record "$status" "ImGui level editor: screenshot $shot $([ "$status" -eq 0 ] && echo "is not blank" || echo "missing or blank")"
    # A valid level of one editing box 1e9 units a side, its top edge across the scene: the editor
    # draws only the dashes that show (every dash of it once took all memory and crashed).
    shot="$out/imgui-editor-huge.png" status=0
    rm -f "$shot"
    run "$out/imgui-editor-huge.log" timeout 60 xvfb-run -a -s "-screen 0 1280x1024x24" "$editor" \
        --level Tests/imgui/huge_box_level.json --screenshot "$shot" || status=$?
    [ "$status" -eq 0 ] && [ -s "$shot" ] && { png_not_blank "$shot" "$out/imgui-huge-png.log" || status=$?; } || status=1
    record "$status" "ImGui level editor: an editing 1e9-unit box drawn (status $status, screenshot $shot)"
}

ensure_check_o || true
imgui_tests
