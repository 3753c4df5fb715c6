-- Draw order, the box list, region queries, the view helpers, the 0.2 box fields and engine
-- settings. Runs hosted (grip-cli run) and standalone (lua5.4 with grip.so on package.cpath).
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
local function same(list, want, msg)
  check(#list == #want, msg .. ": " .. #list .. " boxes, expected " .. #want)
  for i = 1, #want do check(rawequal(list[i], want[i]), msg .. ": entry " .. i) end
end

-- engine settings of 0.2
local e = grip.new{width = 800, height = 600, selection = "pointer", marquee_rule = "contain",
                   group_resize = "member_axes", history_limit = 5, nudge_step = 2, nudge_step_large = 20,
                   rotate_handle_offset = 30}
fails("unknown value 'lasso'", grip.new, {selection = "lasso"})
fails("unknown value 'touch'", grip.new, {marquee_rule = "touch"})
fails("unknown value 'stretch'", grip.new, {group_resize = "stretch"})
fails("history_limit", grip.new, {history_limit = -1})
fails("grip_engine_desc.nudge_step", grip.new, {nudge_step = 0})
fails("grip_engine_desc.rotate_handle_offset", grip.new, {rotate_handle_offset = -3})
fails("must be a number", grip.new, {rotate_handle_offset = "far"})

-- the rotate handle at rotate_handle_offset screen units, whatever the zoom
local r = e:box{x = 100, y = 100, width = 200, height = 100, editing = true, scale = 2}
local function rotate_handle(box)
  for _, c in ipairs(e:frame().commands) do
    if c.kind == "handle" and c.box == box and c.handle == "rotate" then return c.center end
  end
end
local top = r:state().corners
local h = rotate_handle(r)
check(near(h.x, (top[1].x + top[2].x) / 2) and near(h.y, top[1].y - 30), "rotate handle 30 above the top")
e:set_view{a = 0.5, d = 0.5, tx = 10, ty = 20}
h = rotate_handle(r)
local sx, sy = e:world_to_screen(top[1].x, top[1].y)
check(near(h.y, sy - 30), "still 30 screen units at zoom 0.5")
e:set_view{}
r:destroy()

-- box fields of 0.2
local a = e:box{x = 100, y = 100, width = 200, height = 200}
local da = a:describe()
check(da.selectable == true and da.snap_target == true and da.pass_through == false and da.hit_outset == 0, "defaults")
local glass = e:box{x = 150, y = 150, width = 100, height = 100, pass_through = true, selectable = false,
                    snap_target = false}
local dg = glass:describe()
check(dg.pass_through == true and dg.selectable == false and dg.snap_target == false, "fields round-trip")
check(e:hit(200, 200) == a, "a pass-through box is not hit")
glass:configure{pass_through = false, hit_outset = 8}
check(e:hit(200, 200) == glass and e:hit(200, 257) == glass and e:hit(200, 259) == a, "hit_outset")
check(glass:describe().hit_outset == 8, "hit_outset round-trips")
fails("hit_outset", glass.configure, glass, {hit_outset = -1})
fails("must be a boolean", glass.configure, glass, {pass_through = 1})

-- draw order
local b = e:box{x = 200, y = 200, width = 200, height = 200}
local child = e:box{parent = a, x = 150, y = 150, width = 100, height = 100}
same(e:boxes(), {a, child, glass, b}, "boxes: parents first, siblings back to front")
check(e:hit(330, 330) == b, "b on top")
a:order("front")
same(e:boxes(), {glass, b, a, child}, "front: the child comes along")
check(e:hit(330, 330) == child, "the child over b now")
a:order("backward")
same(e:boxes(), {glass, a, child, b}, "backward")
a:order("back")
same(e:boxes(), {a, child, glass, b}, "back")
glass:order("forward")
same(e:boxes(), {a, child, b, glass}, "forward")
glass:order("front")
same(e:boxes(), {a, child, b, glass}, "already in front: unchanged")
local kinds = {}
for _, c in ipairs(e:frame().commands) do
  if c.kind == "box" then kinds[#kinds + 1] = c.box end
end
same(kinds, {a, child, b, glass}, "the frame's BOX commands follow")
fails("unknown value 'top'", a.order, a, "top")
fails("must be a string", a.order, a, 1)
e:pointer("down", 1, 370, 370, 1.0)
e:pointer("move", 1, 390, 370, 1.1)
fails("gesture", b.order, b, "back")
e:pointer("up", 1, 390, 370, 1.2)
b:order("back")
same(e:boxes(), {b, a, child, glass}, "order after the gesture")

-- queries
local q = e:query{x0 = 0, y0 = 0, x1 = 800, y1 = 600}
same(q, {glass, child, a, b}, "query: topmost first")
same(e:query{x0 = 800, y0 = 600, x1 = 0, y1 = 0, contain = true}, {glass, child, a, b}, "corners either way")
same(e:query{x0 = 120, y0 = 120, x1 = 130, y1 = 130}, {a}, "a small rectangle")
same(e:query{x0 = 700, y0 = 500, x1 = 790, y1 = 590}, {}, "nothing there")
same(e:query{x0 = 140, y0 = 140, x1 = 260, y1 = 260, contain = true}, {glass}, "contain")
local rot = e:box{x = 500, y = 100, width = 100, height = 100, rotation = math.pi / 4}
same(e:query{x0 = 500, y0 = 100, x1 = 510, y1 = 110}, {}, "exact for rotated boxes (the bounds' corner)")
same(e:query{x0 = 545, y0 = 145, x1 = 555, y1 = 155}, {rot}, "over the rotated box")
fails("finite", e.query, e, {x0 = 0 / 0, y0 = 0, x1 = 1, y1 = 1})
fails("finite", e.query, e, {x0 = 0, y0 = math.huge, x1 = 1, y1 = 1})
fails("y1 is missing", e.query, e, {x0 = 0, y0 = 0, x1 = 1})
fails("unknown field 'z'", e.query, e, {x0 = 0, y0 = 0, x1 = 1, y1 = 1, z = 2})
fails("must be a boolean", e.query, e, {x0 = 0, y0 = 0, x1 = 1, y1 = 1, contain = 1})
-- many boxes: lists longer than the bindings' first buffer
local many = grip.new{width = 2000, height = 2000}
for i = 1, 150 do many:box{x = (i % 15) * 100, y = (i // 15) * 100, width = 50, height = 50} end
check(#many:boxes() == 150, "150 boxes listed")
check(#many:query{x0 = 0, y0 = 0, x1 = 2000, y1 = 2000} == 150, "150 boxes found")
check(#many:query{x0 = 0, y0 = 0, x1 = 149, y1 = 149} == 3, "3 boxes in a corner (no box at 0, 0)")
many:close()

-- view helpers
e:set_view{a = 2, d = 2, tx = 100, ty = 50}
local x, y = e:world_to_screen(10, 20)
check(x == 120 and y == 90, "world_to_screen")
x, y = e:screen_to_world(120, 90)
check(near(x, 10) and near(y, 20), "screen_to_world")
fails("finite", e.screen_to_world, e, 0 / 0, 0)
fails("must be a number", e.world_to_screen, e, "x", 0)

print("test_queries.lua: " .. passed .. " checks passed")
