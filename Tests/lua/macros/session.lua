-- One session of every macro (pinch under a rotated view, with pan and distance; drags with
-- modifiers; drag_handle of a corner and the rotate handle; tap, double_tap, hold, advance, nudge,
-- marquee), printing every event and every box's state with all their bits. session.expected was
-- printed by the macros as they were written in Swift; Tests/lua/run.sh (grip-cli and lua5.4) and
-- Tests/luajit/run.sh compare this script's output with it byte for byte.
local grip = grip or require "grip"
local out = {}
local function f(x) return string.format("%.17g", x) end
local function dump(e, tag)
  for ev in e:events() do
    out[#out+1] = table.concat({tag, ev.kind, ev.gesture, f(ev.time), f(ev.position.x), f(ev.position.y)}, " ")
  end
  for _, b in ipairs(e:boxes()) do
    local s = b:state()
    out[#out+1] = table.concat({tag, f(s.center.x), f(s.center.y), f(s.width), f(s.height), f(s.rotation), f(s.scale), tostring(s.flipped_x)}, " ")
  end
  out[#out+1] = tag .. " time " .. f(e:time())
end
local e = grip.new{width = 800, height = 600}
e:set_view{a = 1.3, b = 0.2, c = -0.2, d = 1.3, tx = 13.7, ty = -5.1}
local b = e:box{x = 100, y = 100, width = 213, height = 97, rotation = 0.37, editing = true, allow = "all"}
local c = e:box{x = 400, y = 300, width = 120, height = 80, rotation = -1.1, scale = 1.7}
e:pinch{box = b, scale = 1.37, rotate = 0.61, pan = {3.3, -7.1}, steps = 7, duration = 0.33}
dump(e, "p1")
e:pinch{box = c, scale = 0.71, rotate = -0.3, distance = 37.3, steps = 13}
dump(e, "p2")
e:drag{from = {200, 170}, by = {33.3, -12.7}, steps = 9, duration = 0.31, mods = {"shift"}}
dump(e, "d1")
e:drag_handle(b, "bottom_right", 17.1, 9.3, {steps = 5})
dump(e, "h1")
e:drag_handle(b, "rotate", 40, 10)
dump(e, "h2")
e:tap(500, 400) dump(e, "t1")
e:advance(1.1) dump(e, "a1")
e:double_tap(500, 400) dump(e, "dt")
e:advance(0.7)
e:hold(500, 400, 0.77) dump(e, "ho")
e:nudge{key = "right", times = 3, mods = {"shift"}} dump(e, "n1")
e:advance(1.3) dump(e, "a2")
e:marquee{from = {5, 5}, to = {700, 550}, steps = 4} dump(e, "m1")
print(table.concat(out, "\n"))
