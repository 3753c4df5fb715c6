-- Arranging the selection from Lua: e:align, e:distribute, e:flip and e:rotate90, with rotated
-- and nested boxes, the COMMITTED step each makes (its gesture name and changes), undo and redo
-- bit for bit, allow bits, and the errors of bad names, keys and states.
-- Runs hosted (grip-cli run) and standalone (lua5.4 with grip.so on package.cpath).
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function near(a, b, eps) return math.abs(a - b) <= (eps or 1e-9) end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok, "expected an error matching '" .. pattern .. "'")
  check(tostring(err):find(pattern, 1, true) ~= nil, "error '" .. tostring(err) .. "' should contain '" .. pattern .. "'")
end
local function steps(e)
  local seen = {}
  for ev in e:events() do if ev.kind == "committed" then seen[#seen + 1] = ev end end
  return seen
end
local function same(s, t)
  return s.center.x == t.center.x and s.center.y == t.center.y and s.rotation == t.rotation
    and s.flipped_x == t.flipped_x and s.flipped_y == t.flipped_y and s.width == t.width
end

local e = grip.new{width = 1000, height = 1000}
-- x 0..10, 30..50, 100..110: gap (100 - 10 - 20) / 2 = 35, so the middle box at x 45.
local a = e:box{x = 0, y = 0, width = 10, height = 10}
local b = e:box{x = 30, y = 0, width = 20, height = 10}
local c = e:box{x = 100, y = 0, width = 10, height = 10}
fails("nothing is selected", e.distribute, e, "horizontal")
e:select(a); e:select(b, "add"); e:select(c, "add")
steps(e)
local before = {a:state(), b:state(), c:state()}
check(e:distribute("horizontal") == true, "distribute did something")
check(b:state().center.x == 55, "the middle box at x 45")
local s = steps(e)
check(#s == 1 and s[1].gesture == "distribute" and s[1].box == "selection" and #s[1].changes == 3, "one step")
check(e:distribute("horizontal") == false, "even already")
check(e:undo() and same(b:state(), before[2]), "undone bit for bit")
check(e:redo() and b:state().center.x == 55, "redone")
check(e:undo())

-- Align to the selection's bounds (x 0..110) and to a key box.
check(e:align("center") and a:state().center.x == 55 and b:state().center.x == 55 and c:state().center.x == 55,
      "centres on x 55")
check(e:undo())
check(e:align("left", b) and a:state().center.x == 35 and c:state().center.x == 35 and same(b:state(), before[2]),
      "left edges on the key's x 30")
check(e:undo())
check(e:align("bottom") == false, "bottoms aligned already (all at y 10)")

-- A rotated box (40 x 20 turned 90 degrees about (300, 300): x 290..310) and a nested one
-- (10 x 10 at (10, 10) inside a box scaled 2 about (550, 350): world x 470..490).
local r = e:box{x = 280, y = 290, width = 40, height = 20, rotation = math.pi / 2}
local p = e:box{x = 500, y = 300, width = 100, height = 100, scale = 2}
local n = e:box{parent = p, x = 10, y = 10, width = 10, height = 10}
e:select(r); e:select(n, "add")
check(e:align("left"), "align the rotated and the nested box")
check(near(r:state().center.x, 300), "the rotated box stays (it is the leftmost)")
check(near(n:state().corners[1].x, 290) and near(n:state().center.x, 15 - 90), "the nested box moves 180 world units, 90 of its parent's")
check(e:undo())

-- Flip: across the frame's centre line x 55; the box mirrored (flipped_x, rotation mirrored).
e:select(a); e:select(b, "add"); e:select(c, "add")
check(e:flip("horizontal") and a:state().center.x == 105 and a:state().flipped_x, "flip")
s = steps(e)
check(s[#s].gesture == "flip" and s[#s].changes[1].after.flipped_x == true, "the step carries the flip")
check(e:undo() and same(a:state(), before[1]), "flip undone")
check(e:flip("vertical") and a:state().flipped_y and a:state().center.y == 5, "vertical: centres on y 5 stay")
check(e:undo())

-- Quarter turns about (55, 5): a's offset (-50, 0) goes to (0, -50) clockwise, (0, 50) counter.
check(e:rotate90() and a:state().center.x == 55 and a:state().center.y == -45 and a:state().rotation == math.pi / 2,
      "clockwise")
check(e:undo())
check(e:rotate90(-1) and a:state().center.y == 55 and a:state().rotation == -math.pi / 2, "counter-clockwise")
check(e:undo())
check(e:rotate90(-3) and a:state().center.y == -45, "-3 is one clockwise")
check(e:undo())
check(e:rotate90(0) == false and e:rotate90(8) == false, "whole turns do nothing")
s = steps(e)
check(s[#s].gesture == "rotate90", "the step's gesture")

-- Allow bits: a box that may not move stays (the others align to the frame it is part of).
b:configure{allow = {"resize", "rotate"}}
check(e:align("right") and a:state().center.x == 105 and same(b:state(), before[2]), "b may not move: it stays")
check(e:undo())

-- Errors.
fails("axis: unknown value 'diagonal'", e.flip, e, "diagonal")
fails("edge: unknown value 'side'", e.align, e, "side")
fails("quarter turns must be an integer", e.rotate90, e, 1.5)
local outside = e:box{x = 800, y = 800, width = 10, height = 10}
fails("is not selected", e.align, e, "left", outside)
local other = grip.new{width = 100, height = 100}
fails("the key box belongs to another engine", e.align, e, "left", other:box{})
outside:destroy()
fails("box was destroyed", e.align, e, "left", outside)
check(same(a:state(), before[1]) and same(c:state(), before[3]), "refusals changed nothing")

print("test_arrange.lua: " .. passed .. " checks passed")
