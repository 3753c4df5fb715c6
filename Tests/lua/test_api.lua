-- The Lua API: engines, boxes, descriptions, state, input, frames, events, userdata behaviour.
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
  return err
end
local function drain(e)
  local t = {}
  for ev in e:events() do t[#t + 1] = ev end
  return t
end

-- module
check(type(grip.new) == "function", "grip.new")
check(type(grip.version) == "string" and grip.version:match("^%d+%.%d+%.%d+$"), "grip.version")
if grip.host then check(tostring(grip.host) == "grip.engine (host)", "grip.host is the host's engine") end
check(rawget(_G, "grip") == nil or grip.host ~= nil, "require sets no global")

-- engines
local e = grip.new{width = 800, height = 600}
check(tostring(e):find("grip.engine") == 1, "engine __tostring")
check(getmetatable(e) == "grip.engine", "engine metatable is protected")
fails("unknown engine field 'widht'", grip.new, {widht = 3})
fails("must be a number", grip.new, {width = "wide"})
fails("grip_engine_desc.width must be finite and > 0", grip.new, {width = -1, height = 10})
check(e:time() == 0, "time starts at 0")

-- boxes: creation, names, masks, enums
local b = e:box{x = 100, y = 100, width = 200, height = 120, editing = true, resize_mode = "uniform",
                contain = true, inset_top = 8, allow = {"move", "long_press"}, user_data = 42,
                handles = {"top_left", "bottom_right", "rotate"}, indicator = "rounded_rect"}
check(tostring(b):find("grip.box(", 1, true) == 1, "box __tostring")
check(getmetatable(b) == "grip.box", "box metatable is protected")
check(math.type(b:id()) == "integer" and b:id() ~= 0, "box id")
local d = b:describe()
check(d.x == 100 and d.y == 100 and d.width == 200 and d.height == 120, "describe geometry")
check(d.resize_mode == "uniform" and d.indicator == "rounded_rect" and d.contain == true, "describe enums")
check(#d.allow == 2 and d.allow[1] == "move" and d.allow[2] == "long_press", "allow mask as a list")
check(#d.handles == 3 and d.handles[1] == "top_left" and d.handles[3] == "rotate", "handles mask as a list")
check(d.user_data == 42 and d.parent == nil and d.inset_top == 8, "describe user_data, parent, insets")
fails("unknown box field 'colour'", e.box, e, {colour = "red"})
fails("unknown value 'diagonal'", e.box, e, {resize_mode = "diagonal"})
fails("unknown value 'fly'", e.box, e, {allow = {"move", "fly"}})
fails("must be a boolean", e.box, e, {editing = 1})
fails("min_width", e.box, e, {width = 2, height = 2})
local all = e:box{allow = "all", x = 600, y = 400}
check(#all:describe().allow == 7, "allow = \"all\"")

-- configure is partial: fields not given keep their values
b:configure{width = 180}
d = b:describe()
check(d.width == 180 and d.height == 120 and d.user_data == 42 and d.resize_mode == "uniform", "partial configure")

-- state
local s = b:state()
check(near(s.center.x, 190) and near(s.center.y, 160), "state centre")
check(s.width == 180 and s.height == 120 and s.scale == 1 and s.rotation == 0, "state size")
check(s.flipped_x == false and s.editing == true and s.gesture_active == false, "state flags")
check(#s.corners == 4 and near(s.corners[1].x, 100) and near(s.corners[3].y, 220), "state corners")
check(s["local"].a == 1 and s.world.tx == 100, "state transforms")

-- nesting
local child = e:box{parent = b, x = 10, y = 10, width = 40, height = 30}
check(child:describe().parent == b, "parent round-trips as the same box")
local other = grip.new()
fails("another engine", other.box, other, {parent = b})

-- hit test
local hb, hh = e:hit(190, 160)
check(hb == b and hh == "none", "hit the body")
local hbox = e:box{x = 600, y = 100, width = 100, height = 100, editing = true}
hb, hh = e:hit(702, 203)
check(hb == hbox and hh == "bottom_right", "hit a handle")
hb, hh = e:hit(5, 5)
check(hb == nil and hh == "none", "hit nothing")
check(rawequal(e:hit(190, 160), b), "the same userdata while it is alive")

-- pointer input and events
drain(e)
check(e:pointer("down", 1, 150, 150, 0.0) == true, "down on a box is consumed")
e:pointer("move", 1, 180, 170, 0.1)
e:pointer("up", 1, 180, 170, 0.2)
local evs = drain(e)
check(evs[1].kind == "long_press_began" and evs[2].kind == "long_press_cancelled", "the box allows long presses")
table.remove(evs, 1)
table.remove(evs, 1)
check(#evs >= 3, "events were queued")
check(evs[1].kind == "gesture_began" and evs[1].gesture == "move" and evs[1].box == b, "began")
check(evs[#evs - 1].kind == "gesture_ended" and evs[1].user_data == 42 and evs[1].pointer == 1, "ended")
check(evs[#evs].kind == "committed" and evs[#evs].gesture == "move" and evs[#evs].box == b, "then one step")
check(#evs[#evs].changes == 1 and evs[#evs].changes[1].box == b, "the step lists the box")
check(evs[#evs].changes[1].before.center.x == 190 and evs[#evs].changes[1].after.center.x == 220, "before and after")
check(type(evs[1].position.x) == "number" and evs[1].time == 0.1, "event position and time")
check(near(b:state().center.x, 220) and near(b:state().center.y, 180), "moved by the pointer delta")
check(e:pointer("down", 2, 5, 5, 0.3) == false, "down on nothing is not consumed")
e:pointer("up", 2, 5, 5, 0.3)
fails("went up without going down", e.pointer, e, "up", 9, 0, 0, 0.4)
fails("time went backwards", e.pointer, e, "move", 1, 0, 0, 0.1)
fails("unknown value 'press'", e.pointer, e, "press", 1, 0, 0)
fails("must be a number", e.pointer, e, "down", 1, "x", 0)
-- modifiers as a list and as one name
e:pointer("down", 3, 5, 5, 0.5, {"shift", "alt"})
e:pointer("up", 3, 5, 5, 0.5, "shift")
fails("unknown value 'hyper'", e.pointer, e, "down", 4, 5, 5, 0.6, {"hyper"})
-- time may be omitted: the engine's time
e:pointer("move", 5, 700, 10)
check(e:time() == 0.5, "pointer without time uses the engine's")

-- magnify and tick
local m = e:box{x = 400, y = 100, width = 100, height = 100}
check(e:magnify("down", 1, 450, 150, 1.0) == true, "magnify began on a box")
e:magnify("move", 2, 450, 150, 1.1)
e:magnify("up", 2, 450, 150, 1.2)
check(near(m:state().scale, 2), "magnify commits the factor")
e:tick(2.0)
check(e:time() == 2.0, "tick moves time")
fails("backwards", e.tick, e, 1.0)

-- on handlers: per kind, "any", removal, errors propagate
local seen = {}
m:on("gesture_began", function(ev) seen[#seen + 1] = "began:" .. ev.gesture end)
m:on("any", function(ev) seen[#seen + 1] = "any:" .. ev.kind end)
fails("unknown event kind", m.on, m, "gesture_exploded", print)
e:drag{from = {450, 150}, to = {470, 160}}
check(seen[1] == "began:move" and seen[2] == "any:gesture_began", "handlers run in order")
m:on("gesture_began", nil)
seen = {}
e:drag{from = {470, 160}, to = {450, 150}}
check(seen[1] == "any:gesture_began", "removed handler does not run")
m:on("gesture_ended", function() error("handler says no") end)
fails("handler says no", e.drag, e, {from = {450, 150}, to = {480, 150}})
check(not m:state().gesture_active, "the failed macro left no gesture behind")
m:on("gesture_ended", nil)

-- frames
local f = e:frame()
check(type(f.serial) == "number" and f.time == e:time(), "frame header")
local kinds = {}
for _, c in ipairs(f.commands) do kinds[c.kind] = (kinds[c.kind] or 0) + 1 end
check(kinds.box == 5 and kinds.border >= 1 and kinds.handle >= 3, "frame command kinds")
local border
for _, c in ipairs(f.commands) do if c.kind == "border" and c.box == b then border = c end end
check(border and border.dash_on == 6 and border.dash_off == 6 and border.vertex_count == 4, "border dashes")
check(f.vertices[border.first_vertex + 1].x ~= nil, "first_vertex indexes vertices (0-based, as in C)")
local boxcmd = f.commands[1]
check(boxcmd.kind == "box" and boxcmd.transform.a == 1 and boxcmd.width > 0, "box command")
for _, c in ipairs(f.commands) do
  if c.kind == "handle" then check(c.radius == 5 and c.inner_radius == 3 and type(c.handle) == "string", "handle marks") break end
end

-- reset
check(b:reset(false) == true, "reset to the configured geometry")
check(b:reset(false) == false, "nothing to reset")

-- editing
b:set_editing(false)
check(b:state().editing == false, "set_editing")
fails("must be a boolean", b.set_editing, b, "no")

-- bounds and view
e:set_bounds(1000, 800)
e:set_view{a = 2, d = 2}
hb = e:hit(190, 160)
check(hb == b, "hit takes world coordinates")
e:set_view{}
fails("unknown field 'zoom'", e.set_view, e, {zoom = 2})

-- destroy, exists, use after destroy, __eq, __close
local gone = e:box{x = 10, y = 500, width = 50, height = 50}
local alias = e:hit(35, 525)
check(alias == gone, "__eq")
gone:destroy()
check(gone:exists() == false and b:exists() == true, "exists")
fails("box was destroyed", gone.state, gone)
fails("box was destroyed", gone.configure, gone, {width = 30})
fails("box was destroyed", gone.set_editing, gone, true)
fails("box was destroyed", gone.destroy, gone)
fails("box was destroyed", gone.on, gone, "tap", print)
fails("box was destroyed", gone.add_handle, gone, {position = function() return 0, 0 end})
fails("box was destroyed", e.drag_handle, e, gone, "top", 1, 1)
local closed
do
  local tmp <close> = e:box{x = 300, y = 500, width = 40, height = 40}
  closed = tmp
  check(tmp:exists(), "alive inside its scope")
end
check(closed:exists() == false, "__close destroys the box")
do
  local e2 = grip.new{}
  local kept = e2:box{}
  e2:close()
  check(kept:exists() == false, "a box of a closed engine does not exist")
end

-- closing an engine
local e2 = grip.new()
local b2 = e2:box{}
e2:close()
fails("engine was destroyed", e2.box, e2, {})
fails("engine was destroyed", b2.state, b2)
local e4 = grip.new()
local b4 = e4:box{x = 10, y = 10, width = 100, height = 100}
b4:on("gesture_began", function() e4:close() end)
fails("re-entrant call", e4.drag, e4, {from = {50, 50}, to = {90, 90}})
e4:close()
do
  local e3 <close> = grip.new()
  e3:box{}
end
collectgarbage()

print(string.format("test_api.lua: %d checks passed", passed))
