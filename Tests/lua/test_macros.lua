-- Session macros: drag, drag_handle, pinch, tap, double_tap, hold, advance. Each synthesizes a
-- whole gesture over timer time, starting at the engine's time and advancing it.
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function near(a, b, eps) return math.abs(a - b) <= (eps or 1e-6) end
local function kinds(e)
  local t = {}
  for ev in e:events() do t[#t + 1] = ev.kind end
  return table.concat(t, ",")
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok and tostring(err):find(pattern, 1, true), "expected error '" .. pattern .. "', got " .. tostring(err))
end

local e = grip.new{width = 800, height = 600}
local b = e:box{x = 100, y = 100, width = 200, height = 100, editing = true}

-- drag: the grabbed point follows the pointer; time advances by the duration
e:drag{from = {200, 150}, to = {260, 190}}
local s = b:state()
check(near(s.center.x, 260) and near(s.center.y, 190), "drag moves the box by the delta")
check(near(e:time(), 0.2), "drag takes 0.2 s by default")
check(kinds(e):find("gesture_began,gesture_changed") == 1, "drag emits began, changed...")
e:drag{from = {260, 190}, by = {-60, -40}, steps = 3, duration = 1}
s = b:state()
check(near(s.center.x, 200) and near(s.center.y, 150), "drag by = {dx, dy}")
check(near(e:time(), 1.2), "drag duration")
fails("steps must be", e.drag, e, {from = {0, 0}, to = {1, 1}, steps = 0})
fails("drag needs", e.drag, e, {to = {1, 1}})

-- drag_handle: the opposite corner stays put
e:drag_handle(b, "bottom_right", 40, 30)
s = b:state()
check(near(s.width, 240) and near(s.height, 130), "drag_handle bottom_right resizes")
check(near(s.corners[1].x, 100) and near(s.corners[1].y, 100), "the top-left corner stays")
-- an edge handle changes one dimension
e:drag_handle(b, "top", 0, 20)
s = b:state()
check(near(s.width, 240) and near(s.height, 110), "edge handle")
-- flip: the left edge dragged past the right one
local right = s.corners[2].x
e:drag_handle(b, "left", s.width + 50, 0)
s = b:state()
check(s.flipped_x == true and near(s.width, 50), "dragging past the opposite edge flips")
check(near(math.min(s.corners[1].x, s.corners[2].x), right), "the fixed edge stays")
-- uniform
local u = e:box{x = 400, y = 300, width = 100, height = 50, editing = true, resize_mode = "uniform"}
e:drag_handle(u, "bottom_right", 100, 0)
s = u:state()
check(near(s.width / s.height, 2) and s.width > 100, "uniform keeps the aspect ratio")
-- shift toggles uniform for a freeform box
local v = e:box{x = 400, y = 420, width = 100, height = 50, editing = true}
e:drag_handle(v, "bottom_right", 100, 0, {mods = {"shift"}})
s = v:state()
check(near(s.width / s.height, 2), "shift held: uniform")
-- rotate handle
local r = e:box{x = 500, y = 100, width = 100, height = 60, editing = true}
e:drag_handle(r, "rotate", 100, 24 + 30)
check(near(r:state().rotation, math.pi / 2), "rotate handle turns about the centre")
fails("unknown handle 'knob'", e.drag_handle, e, r, "knob", 1, 1)
local plain = e:box{x = 650, y = 300, width = 100, height = 100}
fails("is not shown", e.drag_handle, e, plain, "top", 1, 1)

-- pinch: scale and rotation about the fingers' centroid
local p = e:box{x = 100, y = 350, width = 200, height = 150}
e:pinch{box = p, scale = 2, rotate = math.pi / 4}
s = p:state()
check(near(s.scale, 2) and near(s.rotation, math.pi / 4), "pinch scales and rotates")
check(near(s.center.x, 200) and near(s.center.y, 425), "pinch about the centre stays put")
e:pinch{box = p, scale = 0.5, rotate = -math.pi / 4, pan = {20, -10}}
s = p:state()
check(near(s.scale, 1) and near(s.rotation, 0, 1e-9), "pinch back")
check(near(s.center.x, 220) and near(s.center.y, 415), "pinch pans")
fails("scale must be > 0", e.pinch, e, {box = p, scale = -1})

-- tap
kinds(e)
local t0 = e:time()
e:tap(200, 425)
check(kinds(e) == "tap", "tap")
check(e:time() > t0, "tap advances time")
e:tap(5, 5)
check(kinds(e) == "", "tap on nothing")

-- double tap resets (animated over 0.2 s of timer time)
e:advance(1)
e:double_tap(220, 415)
check(kinds(e) == "tap,tap,double_tap", "double_tap")
e:advance(0.25)
check(kinds(e) == "reset,committed", "the reset animation ends with RESET, then its step")
s = p:state()
check(near(s.center.x, 200) and near(s.center.y, 425) and near(s.scale, 1), "reset to the created geometry")

-- hold: long press fills over timer time and triggers
local lp = e:box{x = 600, y = 450, width = 100, height = 100, allow = {"move", "long_press"}}
e:hold(650, 500, 0.5)
check(kinds(e) == "long_press_began,long_press_cancelled,tap", "a short hold is a tap")
e:advance(1)
e:hold(650, 500, 1.2)
check(kinds(e) == "long_press_began,long_press_triggered", "hold triggers")
e:hold(650, 500, 0.5, {pointer = 3, release = false})
local f = e:frame()
local progress
for _, c in ipairs(f.commands) do if c.kind == "indicator" and c.box == lp then progress = c.progress end end
check(progress and near(progress, 0.5, 0.02), "a held press shows its indicator")
e:pointer("up", 3, 650, 500)
check(kinds(e) == "long_press_began,long_press_cancelled,tap", "releasing it later")

-- advance
local t1 = e:time()
e:advance(0.75)
check(near(e:time(), t1 + 0.75), "advance")
fails("duration must be", e.advance, e, -1)

-- a macro that fails half-way cancels its pointer
e:pointer("down", 1, 5, 5)
fails("already down", e.drag, e, {from = {200, 425}, to = {300, 425}})
e:pointer("up", 1, 5, 5)
e:drag{from = {200, 425}, to = {230, 425}}
check(near(p:state().center.x, 230), "later macros work")

-- a handler that fails during a macro: the error reaches the script as raised, and the pointer the
-- macro put down is cancelled (pointer 1 can go down again)
local hb = e:box{x = 500, y = 20, width = 100, height = 60}
hb:on("gesture_began", function() error({why = "handler"}) end)
local ok, err = pcall(e.drag, e, {from = {550, 50}, to = {600, 50}})
check(not ok and type(err) == "table" and err.why == "handler", "a handler's error object comes through as is")
check(e:pointer("down", 1, 5, 5) ~= nil, "the macro's pointer was cancelled")
e:pointer("up", 1, 5, 5)
hb:on("gesture_began", nil)
kinds(e)
-- errors raised inside the macros are positioned at the script's call
local line
ok, err = pcall(function() line = debug and debug.getinfo(1, "l").currentline; e:drag{from = {0, 0}} end)
check(not ok and err:find("drag needs to = {x, y} or by = {dx, dy}", 1, true), "message: " .. tostring(err))
check(not err:find("grip macros", 1, true), "no position inside the macros: " .. err)
check(not line or err:find(":" .. line .. ": ", 1, true), "the script's position: " .. err)
fails("unknown field 'too'", e.drag, e, {from = {0, 0}, too = {1, 1}})
fails("steps must be in 1...100000", e.nudge, e, {key = "left", times = 0})
fails("nudge: key must be left, right, up or down", e.nudge, e, {key = "escape"})
fails("modifiers: unknown value 'hyper'", e.tap, e, 1, 1, {mods = {"hyper"}})
fails("pinch needs box = a box", e.pinch, e, {scale = 2})

-- what the macros read through the API: settings, the view, where a handle is drawn
local d = e:describe()
check(d.width == 800 and d.height == 600 and d.double_tap_interval == 0.3 and d.selection == "off", "e:describe()")
check(grip.new(d):describe().max_boxes == d.max_boxes, "grip.new takes what describe gives")
e:set_view{a = 2, d = 2, tx = -10}
local v = e:view()
check(v.a == 2 and v.b == 0 and v.c == 0 and v.d == 2 and v.tx == -10 and v.ty == 0, "e:view()")
local hx, hy = r:handle_center("rotate")
local want
for _, c in ipairs(e:frame().commands) do
  if c.kind == "handle" and c.box == r and c.handle == "rotate" then want = c.center end
end
check(want and hx == want.x and hy == want.y, "handle_center: where the frame draws it (" .. hx .. ", " .. hy .. ")")
check(plain:handle_center("top") == nil, "handle_center: nil when not shown")
e:set_view{}

-- the macros take nothing from the globals a script can change
local saved = {math.sin, math.cos, pcall, error, type, string.format}
math.sin, math.cos, pcall, error, type, string.format = nil, nil, nil, nil, nil, nil
local ok2 = rawequal(e:pinch{box = p, scale = 1}, nil)
math.sin, math.cos, pcall, error, type, string.format = table.unpack(saved)
check(ok2, "a pinch with math.sin, pcall, error and type gone")

print(string.format("test_macros.lua: %d checks passed", passed))
