-- Custom behaviour: add_handle, set_indicator, set_constraint, and their fallbacks. A hook that
-- errors or returns nonsense is disabled for the rest of that gesture (or press), a
-- script_error event carries the message, and the built-in behaviour goes on.
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function near(a, b, eps) return math.abs(a - b) <= (eps or 1e-6) end
local function script_errors(e)
  local t = {}
  for ev in e:events() do if ev.kind == "script_error" then t[#t + 1] = ev.message end end
  return t
end
local function handle_cmd(e, box, name)
  for _, c in ipairs(e:frame().commands) do
    if c.kind == "handle" and c.box == box and c.handle == name then return c end
  end
end

local e = grip.new{width = 800, height = 600}

-- custom handle: position in box space, drag returns the geometry fields to change
local b = e:box{x = 100, y = 100, width = 200, height = 100, editing = true}
local name = b:add_handle{name = "knob",
  position = function(s) return s.width + 30, s.height / 2 end,
  drag = function(s, x, y) return {width = math.max(10, x - 30)} end}
check(name == "knob", "add_handle returns the name")
local c = handle_cmd(e, b, "knob")
check(c and near(c.center.x, 330) and near(c.center.y, 150), "the custom handle is in the frame")
local hb, hh = e:hit(330, 150)
check(hb == b and hh == "knob", "hit reports the custom handle by name")
local began
for ev in e:events() do end
e:drag_handle(b, "knob", 50, 0)
for ev in e:events() do if ev.kind == "gesture_began" then began = ev end end
check(began and began.gesture == "handle" and began.handle == "knob", "a custom handle drag is a 'handle' gesture")
check(near(b:state().width, 250), "the drag function sets the geometry")
-- unnamed handles are custom_<n>; handles can be given as names to drag_handle
check(b:add_handle{position = function(s) return -30, s.height / 2 end} == "custom_1", "default name")
e:drag_handle(b, "custom_1", -20, 0)
check(near(b:state().width, 250), "a handle without drag does nothing")
check(#script_errors(e) == 0, "no script errors so far")
for i = 3, 16 do b:add_handle{position = function() return 0, 0 end} end
local ok, err = pcall(b.add_handle, b, {position = function() return 0, 0 end})
check(not ok and err:find("at most 16"), "at most 16 custom handles")
ok, err = pcall(b.add_handle, b, {name = "top", position = function() return 0, 0 end})
check(not ok and err:find("built-in", 1, true), "built-in names are taken")

-- custom handle fallbacks: a position that errors hides the handle, a drag that errors or
-- returns nonsense stops for that gesture while the box stays usable
local h2 = e:box{x = 100, y = 300, width = 200, height = 100, editing = true}
h2:add_handle{name = "bad", position = function() error("no position") end}
check(handle_cmd(e, h2, "bad") == nil, "a failing position hides the handle")
local errs = script_errors(e)
check(#errs >= 1 and errs[1]:find("no position", 1, true), "script_error carries the message")
local h3 = e:box{x = 450, y = 300, width = 200, height = 100, editing = true}
h3:add_handle{name = "nan", position = function(s) return s.width / 2, s.height + 30 end,
              drag = function() return {width = 0 / 0} end}
e:drag_handle(h3, "nan", 0, 40)
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("unusable geometry", 1, true), "a NaN geometry is refused")
check(near(h3:state().width, 200), "the box is unchanged")
h3:add_handle{name = "typo", position = function(s) return s.width / 2, -40 end,
              drag = function() return {widht = 3} end}
e:drag_handle(h3, "typo", 0, -20)
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("unknown field 'widht'", 1, true), "unknown fields are nonsense")
e:drag{from = {550, 350}, to = {600, 350}}
check(near(h3:state().center.x, 600), "built-in moves go on")

-- custom indicator: a box-space polyline, trimmed to the progress by the engine
local ind = e:box{x = 100, y = 450, width = 100, height = 100, allow = {"move", "long_press"}}
ind:set_indicator(function(progress, s) return {{0, 0}, {s.width, 0}, {s.width, s.height}} end)
check(ind:describe().indicator == "custom", "set_indicator switches to the custom shape")
e:hold(150, 500, 0.5, {release = false})
local f = e:frame()
local icmd
for _, k in ipairs(f.commands) do if k.kind == "indicator" and k.box == ind then icmd = k end end
check(icmd and icmd.vertex_count == 2, "half of the outline ends at its corner")
local last = f.vertices[icmd.first_vertex + icmd.vertex_count]
check(near(last.x, 200) and near(last.y, 450), "trimmed at half its length, in world coordinates")
e:pointer("up", 1, 150, 500)
e:advance(0.5)
-- fallback: an indicator that errors is replaced by the built-in circle for that press
ind:set_indicator(function() return {{0, 0}, "oops"} end)
e:hold(150, 500, 0.5, {release = false})
f = e:frame()
for _, k in ipairs(f.commands) do if k.kind == "indicator" and k.box == ind then icmd = k end end
check(icmd.vertex_count > 2, "the built-in circle is drawn instead")
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("custom indicator", 1, true), "and reported")
e:pointer("up", 1, 150, 500)
e:advance(0.5)
ind:set_indicator(nil)
check(ind:describe().indicator == "circle", "set_indicator(nil) goes back to the circle")
-- switching the indicator leaves the reset target alone: a moved box still resets to where it was made
local home = e:box{x = 300, y = 450, width = 100, height = 100, allow = {"move", "double_tap_reset"}}
e:drag{from = {350, 500}, to = {420, 500}}
home:set_indicator(function(progress, s) return {{0, 0}, {s.width, 0}} end)
e:double_tap(420, 500)
e:advance(0.5)
check(near(home:state().center.x, 350), "a reset after set_indicator goes back to the created geometry")

-- constraint: like Konva's boundBoxFunc, on every gesture's proposed geometry
local k = e:box{x = 500, y = 100, width = 100, height = 100, editing = true}
k:set_constraint(function(proposed, current)
  if proposed.width > 150 then proposed.width = 150 end
  return proposed
end)
e:drag_handle(k, "right", 200, 0)
check(near(k:state().width, 150), "the constraint clamps the width")
local kx = k:state().center.x  -- the centre stayed where the proposal put it
k:set_constraint(function(proposed) return {center = {x = proposed.center.x, y = 150}} end)
e:drag{from = {kx, 150}, to = {kx, 250}}
check(near(k:state().center.y, 150), "a constraint may return only some fields")
-- fallbacks
k:set_constraint(function() error("constraint exploded") end)
e:drag{from = {kx, 150}, to = {kx, 250}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("constraint exploded", 1, true), "one error per gesture")
check(near(k:state().center.y, 250), "the built-in move went on")
k:set_constraint(function(p) return {width = -5} end)
e:drag{from = {kx, 250}, to = {kx, 200}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("unusable", 1, true), "a negative width is refused")
k:set_constraint(function(p) return 42 end)
e:drag{from = {kx, 200}, to = {kx, 150}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("geometry table", 1, true), "a number is refused")
-- re-entrancy: a hook may not dispatch, reconfigure or read the engine
k:set_constraint(function(p) e:tick(100) return p end)
e:drag{from = {kx, 150}, to = {kx, 120}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("re-entrant", 1, true), "dispatching from a hook is refused")
k:set_constraint(function(p) k:configure{width = 20} return p end)
e:drag{from = {kx, 120}, to = {kx, 140}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("re-entrant", 1, true), "configuring from a hook is refused")
k:set_constraint(function(p) e:frame() return p end)
e:drag{from = {kx, 140}, to = {kx, 160}}
errs = script_errors(e)
check(#errs == 1 and errs[1]:find("re-entrant", 1, true), "building a frame from a hook is refused")
k:set_constraint(nil)
e:drag{from = {kx, 160}, to = {kx, 190}}
check(#script_errors(e) == 0 and near(k:state().center.y, 190), "set_constraint(nil) removes it")

-- destroying a box with hooks forgets them
k:destroy()
check(not pcall(k.set_constraint, k, function(p) return p end), "hooks of a destroyed box")

print(string.format("test_hooks.lua: %d checks passed", passed))
