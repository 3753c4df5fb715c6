-- Constraint functions through grip_box_set_constraint and the binding's one shared FFI callback:
-- what they receive, what their answers do (adjust, keep, refuse), failures that refuse the step
-- and come out as script_error events without unwinding the library, nudges, lifetimes (replaced,
-- removed, box or parent destroyed, scene loaded, engine collected) and many boxes (test_jit_hooks.lua:
-- dispatches LuaJIT compiled before a constraint appears). Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function errors(e)
  local t = {}
  for ev in e:events() do if ev.kind == "script_error" then t[#t + 1] = ev end end
  return t
end
local function count(t) local n = 0 for _ in pairs(t) do n = n + 1 end return n end

-- a 100 x 100 box with its centre at (150, 150); the view is the identity
local e = grip.new{width = 800, height = 600}
local b = e:box{x = 100, y = 100, width = 100, height = 100, editing = true}

-- what the function gets, and an adjusted answer: x clamped to 200
local first
b:set_constraint(function(p, c)
  first = first or {p = p, c = c}
  if p.center.x > 200 then p.center.x = 200 end
  return p
end)
e:drag{from = {150, 150}, by = {200, 40}, steps = 10}
local s = b:state()
check(s.center.x == 200 and s.center.y == 190, "x clamped at 200, y followed the drag (150 + 40): " .. s.center.x .. ", " .. s.center.y)
check(first.c.center.x == 150 and first.c.center.y == 150 and first.c.width == 100, "current: the box before the step")
check(first.p.center.x == 170 and first.p.center.y == 154, "proposed: the first step of ten (150 + 20, 150 + 4)")
check(first.p.scale == 1 and first.p.rotation == 0 and first.p.flipped_x == false, "scale, rotation, flips")
check(#errors(e) == 0, "no failures")

-- fields left out keep proposed's: only the centre's y is answered
b:set_constraint(function(p) return {center = {x = p.center.x, y = 190}} end)
e:drag{from = {200, 190}, by = {-60, 80}}
s = b:state()
check(s.center.x == 140 and s.center.y == 190 and s.width == 100, "y held at 190, x moved 60 left")

-- false refuses every step
b:set_constraint(function() return false end)
e:drag{from = {140, 190}, by = {50, 50}}
s = b:state()
check(s.center.x == 140 and s.center.y == 190, "refused steps leave the box where it was")
check(#errors(e) == 0, "a refusal is no failure")

-- a function that raises: steps refused, one script_error per run of the same failure
b:set_constraint(function() error("boom") end)
e:drag{from = {140, 190}, by = {30, 0}}
s = b:state()
check(s.center.x == 140, "a failing constraint refuses the step")
local errs = errors(e)
check(#errs == 1, "one report for the run of failures, not one per step (" .. #errs .. ")")
check(errs[1].box == b and errs[1].message:find("boom", 1, true) ~= nil, "the report names the box and the error: " .. errs[1].message)
-- a later run of the same failure is reported again once it worked in between
local fail = true
b:set_constraint(function(p) if fail then error("boom") end return p end)
e:drag{from = {140, 190}, by = {30, 0}}
fail = false
e:drag{from = {140, 190}, by = {30, 0}}
fail = true
e:drag{from = {170, 190}, by = {30, 0}}
check(#errors(e) == 2, "a failure after a success is reported again")
check(b:state().center.x == 170, "only the run that worked moved the box")

-- answers that are not geometries
local bad = {
  {function() end, "must return a geometry table or false (got nil)"},
  {function() return 3 end, "(got number)"},
  {function(p) p.colour = 1 return p end, "unknown field 'colour'"},
  {function(p) p.width = "wide" return p end, "width must be a number"},
  {function(p) p.center = 5 return p end, "center must be {x, y}"},
  {function(p) p.flipped_x = 1 return p end, "flipped_x must be a boolean"},
  {function() return e:hit(1, 1) end, "GRIP_ERR_STATE"},   -- the engine is busy while it runs
}
for _, case in ipairs(bad) do
  b:set_constraint(case[1])
  e:drag{from = {170, 190}, by = {25, 0}}
  errs = errors(e)
  check(b:state().center.x == 170, "refused: " .. case[2])
  check(#errs == 1 and errs[1].message:find(case[2], 1, true) ~= nil, "reported: " .. case[2] .. " / " .. tostring(errs[1] and errs[1].message))
end
-- an error object whose __tostring raises: reported, never raised through the callback (it used
-- to escape the binding's pcall and abort the process)
b:set_constraint(function() error(setmetatable({}, {__tostring = function() error("no text") end})) end)
e:drag{from = {170, 190}, by = {25, 0}}
errs = errors(e)
check(b:state().center.x == 170, "refused: an error object that cannot be shown")
check(#errs == 1 and errs[1].message == "constraint: (error object is a table value)", "reported: " .. tostring(errs[1] and errs[1].message))
-- a geometry the box cannot have (below the minimum size, NaN) is refused by the library
b:set_constraint(function(p) p.width = 2 return p end)
e:drag{from = {170, 190}, by = {25, 0}}
check(b:state().center.x == 170 and b:state().width == 100, "below the minimum width: refused")
b:set_constraint(function(p) p.center.x = 0 / 0 return p end)
e:drag{from = {170, 190}, by = {25, 0}}
check(b:state().center.x == 170, "NaN: refused")
errors(e)

-- nudges go through it too
e:select(b)
b:set_constraint(function() return false end)
e:nudge{key = "right", times = 3}
check(b:state().center.x == 170, "a refused nudge")
e:advance(1.5)   -- the run ends (a run's steps propose its start plus all its arrows so far)
b:set_constraint(function(p) p.center.y = 190 return p end)
e:nudge{key = "down", times = 2}
e:nudge{key = "right", times = 2}
e:advance(1.5)
check(b:state().center.x == 172 and b:state().center.y == 190, "nudges constrained: right 2, down held")
e:select(nil)

-- removed: the drag goes through unconstrained
b:set_constraint(nil)
check(count(e.hooks_.constraints_) == 0, "set_constraint(nil) drops the function")
e:drag{from = {172, 190}, by = {-12, 10}}
check(b:state().center.x == 160 and b:state().center.y == 200, "no constraint after removal")
check(not pcall(b.set_constraint, b, 3), "set_constraint takes a function or nil")

-- lifetimes: a destroyed box (and its children) and a loaded scene drop their functions
local parent = e:box{x = 400, y = 300, width = 100, height = 100, editing = true}
local child = e:box{parent = parent, x = 10, y = 10, width = 30, height = 30, editing = true}
child:set_constraint(function(p) return p end)
parent:set_constraint(function(p) return p end)
b:set_constraint(function(p) return p end)
check(count(e.hooks_.constraints_) == 3, "three constraints")
parent:destroy()
check(count(e.hooks_.constraints_) == 1, "destroying a parent drops its and its child's")
e:load(e:save())
check(count(e.hooks_.constraints_) == 0, "a loaded scene drops them all")
local nb = e:boxes()[1]
e:drag{from = {160, 200}, by = {-30, 0}}
check(nb:state().center.x == 130, "the loaded box moves freely")

-- an engine whose constraint refers to it is still collected (the callback holds no engine)
do
  local weak = setmetatable({}, {__mode = "v"})
  local tmp = grip.new{width = 100, height = 100}
  local tb = tmp:box{x = 10, y = 10, width = 20, height = 20, editing = true}
  tb:set_constraint(function(p) local _ = tmp; return p end)
  tmp:drag{from = {20, 20}, by = {5, 5}}
  weak[1] = tmp
  tmp, tb = nil, nil
  collectgarbage(); collectgarbage()
  check(weak[1] == nil, "an engine with constraints is collected")
end
-- closed: later calls raise, nothing crashes
do
  local tmp = grip.new{width = 100, height = 100}
  local tb = tmp:box{x = 10, y = 10, width = 20, height = 20, editing = true}
  tb:set_constraint(function(p) return p end)
  tmp:close()
  check(not pcall(tb.set_constraint, tb, nil), "set_constraint on a closed engine raises")
end

-- many boxes share the one callback (LuaJIT has a few hundred callback slots)
local many = grip.new{width = 4000, height = 4000, max_boxes = 4000}
local boxes = {}
for i = 1, 3000 do
  local x = (i - 1) % 60 * 60
  local y = math.floor((i - 1) / 60) * 60
  boxes[i] = many:box{x = x, y = y, width = 50, height = 50, editing = true, user_data = i}
  boxes[i]:set_constraint(function(p) p.center.y = y + 25 return p end)
end
many:drag{from = {60 * 59 + 25, 60 * 49 + 25}, by = {3, 30}}
s = boxes[3000]:state()
check(s.center.x == 60 * 59 + 28 and s.center.y == 60 * 49 + 25, "box 3000's own constraint ran (x moved 3, y held)")

print(("test_hooks.lua: %d checks passed"):format(passed))
