-- The sandbox's load (run with grip-cli run --sandbox): text chunks load with mode "t", "bt" or
-- none; mode "b" refuses a text chunk as stock Lua does; binary chunks are refused whatever the
-- mode (the sandbox runs text only).
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
check(load("return 1 + 1")() == 2, "no mode: text loads")
check(load("return 2", "x", "t")() == 2, "mode t: text loads")
check(load("return 3", "x", "bt")() == 3, "mode bt: text loads")
local f, err = load("return 4", "x", "b")
check(f == nil and err == "attempt to load a text chunk (mode is 'b')", "mode b refuses text: " .. tostring(err))
local pieces = {"return ", "5"}
f, err = load(function() return table.remove(pieces, 1) end, "reader", "b")
check(f == nil and err:find("attempt to load a text chunk (mode is 'b')", 1, true), "mode b refuses a reader's text")
local binary = "\27Lua\84\0\25\147\13\10\26\10"
f, err = load(binary, "bin", "b")
check(f == nil and err:find("attempt to load a binary chunk (mode is 'b')", 1, true), "mode b refuses binary: " .. tostring(err))
f, err = load(binary, "bin", "bt")
check(f == nil and err:find("binary chunk", 1, true), "mode bt refuses binary in the sandbox: " .. tostring(err))
f, err = load(binary)
check(f == nil and err:find("binary chunk", 1, true), "no mode refuses binary in the sandbox: " .. tostring(err))
print(string.format("sandbox/load_modes.lua: %d checks passed", passed))
