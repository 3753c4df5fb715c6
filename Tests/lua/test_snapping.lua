-- Snapping from Lua: e:set_snapping (flags by name, grid, threshold, bypass), moves snapping to
-- edges and the grid, the guide and gap commands, and the errors of bad settings.
-- Runs hosted (grip-cli run) and standalone (lua5.4 with grip.so on package.cpath).
local grip = grip or require "grip"
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
local function count(e, kind)
  local n = 0
  for _, c in ipairs(e:frame().commands) do if c.kind == kind then n = n + 1 end end
  return n
end

local e = grip.new{width = 4000, height = 4000}
e:set_snapping{flags = {"grid", "edges", "centers"}, grid_x = 8, grid_y = 8, threshold = 6}
e:box{x = 507, y = 0, width = 20, height = 40}
local b = e:box{x = 100, y = 400, width = 100, height = 100}
-- Left edge at 503: the target at 507 (4 away) beats the grid line at 504 (1 away).
e:pointer("down", 1, 150, 450, 0.0)
e:pointer("move", 1, 150, 480, 0.1)
e:pointer("move", 1, 553, 450, 0.2)
local s = b:state()
check(s.center.x - s.width / 2 == 507, "the left edge snaps to the target's left edge, got " .. (s.center.x - s.width / 2))
check(count(e, "guide") == 1, "one guide through the aligned edges")
-- 7 away from any target (threshold 6): the grid (8) takes the edges and centre.
e:pointer("move", 1, 150 + 1000 + 3, 450 + 3, 0.3)
s = b:state()
check(s.center.x == 1152 and s.center.y == 454, "grid snap: centre at (1152, 454), got " .. s.center.x .. ", " .. s.center.y)
check(count(e, "guide") == 0, "grid snaps draw no guide")
-- ctrl held: no snapping.
e:pointer("move", 1, 553, 450, 0.4, {"ctrl"})
check(b:state().center.x == 553, "ctrl bypasses snapping")
e:pointer("up", 1, 553, 450, 0.5)
check(count(e, "guide") == 0, "the guide leaves with the gesture")

-- Equal gaps.
local g = grip.new{width = 4000, height = 4000}
g:set_snapping{flags = {"gaps"}}
g:box{x = 100, y = 400, width = 100, height = 60}
g:box{x = 400, y = 420, width = 100, height = 60}
local m = g:box{x = 0, y = 410, width = 100, height = 40}
g:drag{from = {50, 430}, to = {50 + 246, 430}, steps = 4, duration = 0.1}
check(m:state().center.x == 300, "centred in the gap, got " .. m:state().center.x)

-- Off again, and bad settings.
e:set_snapping(nil)
e:pointer("down", 1, 553, 450, 1.0)
e:pointer("move", 1, 553, 480, 1.1)
e:pointer("move", 1, 552, 450, 1.2)
check(b:state().center.x == 552, "no snapping after set_snapping(nil)")
e:pointer("up", 1, 552, 450, 1.3)
fails("grid_x", e.set_snapping, e, {grid_x = 0})
fails("threshold", e.set_snapping, e, {threshold = -1})
fails("unknown value 'corners'", e.set_snapping, e, {flags = {"corners"}})
fails("grid_y", e.set_snapping, e, {grid_y = 0 / 0})

print("test_snapping.lua: " .. passed .. " checks passed")
