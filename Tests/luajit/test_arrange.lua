-- Arranging the selection through the LuaJIT binding: e:align, e:distribute, e:flip and
-- e:rotate90 with the numbers grip.h's rules give, one step each, and their refusals.
-- Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok, "expected an error matching '" .. pattern .. "'")
  check(tostring(err):find(pattern, 1, true) ~= nil, "error '" .. tostring(err) .. "' should contain '" .. pattern .. "'")
end
local function committed(e)
  local n, last = 0, nil
  for ev in e:events() do if ev.kind == "committed" then n = n + 1; last = ev end end
  return n, last
end

local e = grip.new{width = 800, height = 600}
-- x 0..10, 30..50, 100..110: gaps of (100 - 10 - 20) / 2 = 35 put the middle box at x 45
local a = e:box{x = 0, y = 0, width = 10, height = 10}
local b = e:box{x = 30, y = 0, width = 20, height = 10}
local c = e:box{x = 100, y = 0, width = 10, height = 10}
fails("nothing is selected", e.align, e, "left")
e:select(a); e:select(b, "add"); e:select(c, "add")
committed(e)
check(e:distribute("horizontal") == true, "distribute moved a box")
check(b:state().center.x == 55, "the middle box at x 45")
local n, ev = committed(e)
check(n == 1 and ev.gesture == "distribute" and ev.box == "selection" and #ev.changes == 3, "one COMMITTED step")
check(e:distribute("horizontal") == false, "even already: nothing to do")
-- aligned right to the key box c (x 100..110)
check(e:align("right", c) == true, "align to a key")
check(a:state().center.x == 105 and b:state().center.x == 100 and c:state().center.x == 105, "right edges on 110")
check(e:undo() and a:state().center.x == 5, "undone")
-- mirrored across x 55: a's centre 5 goes to 105, flipped
check(e:flip("horizontal") and a:state().center.x == 105 and a:state().flipped_x, "flip")
check(e:undo() and not a:state().flipped_x, "flip undone")
-- a quarter turn about (55, 5): a's offset (-50, 0) turns to (0, -50)
check(e:rotate90() and a:state().center.x == 55 and a:state().center.y == -45, "quarter turn")
check(a:state().rotation == math.pi / 2, "turned by pi / 2")
check(e:rotate90(-1) and a:state().rotation == 0 and a:state().center.y == 5, "and back")
check(e:rotate90(4) == false, "a whole turn does nothing")
check(e:rotate90(2) and a:state().center.x == 105, "a half turn")
fails("quarter turns must be an integer", e.rotate90, e, 0.5)
fails("unknown value 'diagonal' for axis", e.flip, e, "diagonal")
fails("unknown value 'side' for edge", e.align, e, "side")
fails("axis 9 is not a grip_axis", e.distribute, e, 9)
local outside = e:box{x = 400, y = 400, width = 10, height = 10}
fails("is not selected", e.align, e, "left", outside)
local other = grip.new{width = 100, height = 100}
fails("a box of another engine", e.align, e, "left", other:box{})
print(("test_arrange.lua: %d checks passed"):format(passed))
