-- The LuaJIT FFI binding (bindings/luajit/grip.lua) under Debian's luajit: engines, boxes,
-- descriptions, state, input, macros, events, frames, hits, queries, selection, the view and
-- errors, with the numbers the rules give. Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local ffi = require "ffi"
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
local function drain(e)
  local t = {}
  for ev in e:events() do t[#t + 1] = ev end
  return t
end

-- the FFI calls the sized desc init: the struct it gets is the one the cdef declares
check(type(grip.version) == "string" and grip.version:match("^%d+%.%d+%.%d+$") ~= nil, "version string")
check(ffi.sizeof("grip_box_desc") >= 200, "grip_box_desc is the 0.2 struct")
check(grip.structs.grip_box_desc[1][1] == "struct_size", "generated field lists")
check(grip.enums.grip_handle.rotate == 9 and grip.enums.GRIP_ALLOW_.all == 127, "generated enum values")

-- engines
local e = grip.new{width = 800, height = 600}
check(tostring(e) == "grip.engine", "engine __tostring")
fails("unknown engine field 'widht'", grip.new, {widht = 3})
fails("width must be a number", grip.new, {width = "wide"})
fails("grip_engine_desc.width must be finite and > 0", grip.new, {width = -1, height = 10})
fails("unknown value 'mouse' for selection", grip.new, {selection = "mouse"})

-- boxes: names, masks, enums, defaults
local b = e:box{x = 100, y = 100, width = 200, height = 120, editing = true, resize_mode = "uniform",
                contain = true, inset_top = 8, allow = {"move", "long_press"}, user_data = 42,
                handles = {"top_left", "bottom_right", "rotate"}, indicator = "rounded_rect"}
local d = b:describe()
check(d.x == 100 and d.y == 100 and d.width == 200 and d.height == 120, "describe geometry")
check(d.resize_mode == "uniform" and d.indicator == "rounded_rect" and d.contain == true, "describe enums")
check(#d.allow == 2 and d.allow[1] == "move" and d.allow[2] == "long_press", "allow mask as a list")
check(#d.handles == 3 and d.handles[1] == "top_left" and d.handles[3] == "rotate", "handles mask as a list")
check(d.user_data == 42 and d.parent == nil and d.inset_top == 8, "user_data, parent, insets")
check(d.min_width == 10 and d.max_scale == 10 and d.corner_radius == 6 and d.selectable == true, "0.2 defaults")
fails("unknown box field 'colour'", e.box, e, {colour = "red"})
fails("unknown value 'diagonal'", e.box, e, {resize_mode = "diagonal"})
fails("unknown value 'fly'", e.box, e, {allow = {"move", "fly"}})
fails("editing must be a boolean", e.box, e, {editing = 1})
fails("min_width", e.box, e, {width = 2, height = 2})
check(#e:box{allow = "all", x = 600, y = 400}:describe().allow == 7, "allow = \"all\"")

-- configure is partial
b:configure{width = 180}
d = b:describe()
check(d.width == 180 and d.height == 120 and d.user_data == 42 and d.resize_mode == "uniform", "partial configure")

-- state
local s = b:state()
check(near(s.center.x, 190) and near(s.center.y, 160), "state centre (100 + 180 / 2, 100 + 120 / 2)")
check(s.width == 180 and s.scale == 1 and s.rotation == 0 and s.editing == true, "state size, flags")
check(#s.corners == 4 and near(s.corners[3].x, 280) and near(s.corners[3].y, 220), "state corners")
check(s["local"].a == 1 and s.world.tx == 100, "state transforms")

check(ffi.istype("uint64_t", b:id()) and b:id() ~= 0, "b:id() is the C id")
check(tostring(b) == "grip.box(" .. tostring(b:id()):gsub("ULL$", "") .. ")", "box __tostring")

-- nesting, identity of box objects
local child = e:box{parent = b, x = 10, y = 10, width = 40, height = 30}
check(rawequal(child:describe().parent, b), "parent round-trips as the same box")
local other = grip.new()
fails("another engine", other.box, other, {parent = b})

-- hits
local hb, hh = e:hit(190, 160)
check(rawequal(hb, b) and hh == "none", "hit the body")
local hbox = e:box{x = 600, y = 100, width = 100, height = 100, editing = true}
hb, hh = e:hit(702, 203)
check(rawequal(hb, hbox) and hh == "bottom_right", "hit a handle")
hb, hh = e:hit(5, 5)
check(hb == nil and hh == "none", "hit nothing")

-- pointer input and events
drain(e)
check(e:pointer("down", 1, 150, 150, 0.0) == true, "down on a box is consumed")
e:pointer("move", 1, 180, 170, 0.1)
e:pointer("up", 1, 180, 170, 0.2)
local evs = drain(e)
check(evs[1].kind == "long_press_began" and evs[2].kind == "long_press_cancelled", "the box allows long presses")
check(evs[3].kind == "gesture_began" and evs[3].gesture == "move" and rawequal(evs[3].box, b), "began")
check(evs[#evs - 1].kind == "gesture_ended" and evs[3].user_data == 42 and evs[3].pointer == 1, "ended")
check(evs[#evs].kind == "committed" and evs[#evs].changes[1].after.center.x == 220, "then one undo step")
check(evs[3].time == 0.1 and near(evs[3].position.x, 150) and near(evs[3].position.y, 150), "began: at the press point, when the slop was passed")
check(near(b:state().center.x, 220) and near(b:state().center.y, 180), "moved by the pointer delta (30, 20)")
check(e:pointer("down", 2, 5, 5, 0.3) == false, "down on nothing is not consumed")
e:pointer("up", 2, 5, 5, 0.3)
fails("GRIP_ERR_STATE", e.pointer, e, "up", 9, 0, 0, 0.4)
fails("time", e.pointer, e, "move", 1, 0, 0, 0.1)
fails("unknown value 'press'", e.pointer, e, "press", 1, 0, 0)
e:pointer("down", 3, 5, 5, 0.5, {"shift", "alt"})
e:pointer("up", 3, 5, 5, 0.5, "shift")
fails("unknown value 'hyper'", e.pointer, e, "down", 4, 5, 5, 0.6, {"hyper"})
check(e:time() == 0.5, "the engine's time follows the dispatches")

-- magnify and tick
local m = e:box{x = 400, y = 100, width = 100, height = 100}
check(e:magnify("down", 1, 450, 150, 1.0) == true, "magnify began on a box")
e:magnify("move", 2, 450, 150, 1.1)
e:magnify("up", 2, 450, 150, 1.2)
check(near(m:state().scale, 2), "magnify commits the factor")
e:tick(2.0)
check(e:time() == 2.0, "tick moves time")
fails("GRIP_ERR_STATE", e.tick, e, 1.0)

-- macros: drag by, drag_handle (bottom_right of hbox: +40 x +30), pinch (x1.5 and a quarter turn)
drain(e)
e:drag{from = {450, 150}, by = {20, 10}}
check(near(m:state().center.x, 470) and near(m:state().center.y, 160), "drag by (20, 10)")
check(near(e:time(), 2.2), "the drag took 0.2 s of engine time")
e:drag_handle(hbox, "bottom_right", 40, 30)
s = hbox:state()
check(near(s.width, 140) and near(s.height, 130) and near(s.corners[1].x, 600), "drag_handle resized from the top-left")
local p = e:box{x = 100, y = 350, width = 100, height = 60}
e:pinch{box = p, scale = 1.5, rotate = math.pi / 2}
s = p:state()
check(near(s.scale, 1.5, 1e-6) and near(s.rotation, math.pi / 2, 1e-6), "pinch scale and rotation")
check(near(s.center.x, 150, 1e-6) and near(s.center.y, 380, 1e-6), "pinch about the centre keeps it")
-- The macros are Lua 5.4's (bindings/lua/grip_macros.lua), event for event. pinch: the finger
-- distance at fraction f of the way is scale^f times the start, so with scale 4 over 2 steps the
-- steps' proposals are 1.5 (finger 1 at 2x from the centre, finger 2 still at 1x: 3/2), 2, 3
-- (4x and 2x), 4; linear distances would give 1.75, 2.5, 3.25, 4.
local me = grip.new{width = 800, height = 600}   -- (its own engine: the frame checks below count e's boxes)
local q = me:box{x = 100, y = 450, width = 100, height = 60}
local proposed = {}
q:set_constraint(function(g) proposed[#proposed + 1] = g.scale return g end)
local t0 = me:time()
me:pinch{box = q, scale = 4, steps = 2}
check(#proposed == 4 and near(proposed[1], 1.5) and near(proposed[2], 2) and near(proposed[3], 3)
      and near(proposed[4], 4), "pinch: geometric finger distance (" .. table.concat(proposed, " ") .. ")")
check(near(q:state().scale, 4) and near(me:time(), t0 + 0.2), "pinch: scale 4 in 0.2 s")
q:set_constraint(nil)
-- ...its fingers start on the box's own x axis, 2/5 of its shorter side apart: a 200 x 20 box
-- turned a quarter is 20 wide on screen, fingers (150, 454) and (150, 446) are on it
local thin = me:box{x = 50, y = 350, width = 200, height = 20, rotation = math.pi / 2}
me:pinch{box = thin, scale = 2}
check(near(thin:state().scale, 2, 1e-9), "pinch on a thin turned box: fingers on its axis")
-- hold sends timer ticks (a long press triggers), advance ticks at 60 Hz
drain(me)
local lp = me:box{x = 600, y = 450, width = 100, height = 100, allow = {"move", "long_press"}}
me:hold(650, 500, 1.2)
local got = {}
for _, ev in ipairs(drain(me)) do got[#got + 1] = ev.kind end
check(table.concat(got, ",") == "long_press_began,long_press_triggered", "hold triggers: " .. table.concat(got, ","))
t0 = me:time()
me:advance(0.5)
check(near(me:time(), t0 + 0.5), "advance")
fails("duration must be finite and >= 0", me.advance, me, -1)
fails("steps must be in 1...100000", me.drag, me, {from = {0, 0}, to = {1, 1}, steps = 0})
fails("drag needs to = {x, y} or by = {dx, dy}", me.drag, me, {from = {0, 0}})
fails("drag: unknown field 'too'", me.drag, me, {from = {0, 0}, too = {1, 1}})
fails("is not shown", me.drag_handle, me, lp, "top", 1, 1)
fails("marquee: from is on a box", me.marquee, me, {from = {650, 500}, to = {700, 550}})
-- a macro that fails half-way cancels its pointers; one the script put down stays the script's
me:pointer("down", 1, 5, 5)
local ok, err = pcall(function() me:drag{from = {650, 500}, to = {660, 500}} end)
check(not ok and err:find("already down", 1, true) ~= nil, "the drag fails: " .. tostring(err))
check(err:find("^[^:]*test_binding.lua:%d+: GRIP_ERR_STATE") ~= nil, "at the caller's position: " .. err)
me:pointer("up", 1, 5, 5)
-- the engine's settings and view
local dsc = me:describe()
check(dsc.width == 800 and dsc.height == 600 and dsc.double_tap_interval == 0.3 and dsc.selection == "off", "describe")
check(me:view().a == 1 and me:view().tx == 0, "view")

-- frames
local f = e:frame()
check(f.time == e:time() and type(f.serial) == "number", "frame header")
local kinds = {}
for _, c in ipairs(f.commands) do kinds[c.kind] = (kinds[c.kind] or 0) + 1 end
check(kinds.box == 6, "a BOX command per box (6)")
local border
for _, c in ipairs(f.commands) do if c.kind == "border" and rawequal(c.box, hbox) then border = c end end
check(border and border.dash_on == 6 and border.dash_off == 6 and border.vertex_count == 4, "border dashes")
local v1, v3 = f.vertices[border.first_vertex + 1], f.vertices[border.first_vertex + 3]
check(near((v1.x + v3.x) / 2, 670) and near((v1.y + v3.y) / 2, 165), "border around hbox's centre (670, 165)")
for _, c in ipairs(f.commands) do
  if c.kind == "handle" then check(c.radius == 5 and c.inner_radius == 3 and type(c.handle) == "string", "handle marks") break end
end
local raw = e:frame_raw()
check(tonumber(raw.command_count) == #f.commands and raw.commands[0].kind == grip.command_kind.box, "frame_raw")

-- reset, editing, order, lists, queries
check(hbox:reset(false) == true and hbox:reset(false) == false, "reset, then nothing to reset")
check(near(hbox:state().width, 100), "reset to the configured width")
hbox:set_editing(false)
check(hbox:state().editing == false, "set_editing")
fails("editing must be a boolean", hbox.set_editing, hbox, "no")
local all = e:boxes()
check(#all == 6 and rawequal(all[1], b) and rawequal(all[2], child), "boxes: parents before children")
hbox:order("back")
check(rawequal(e:boxes()[1], hbox), "order back")
fails("unknown value 'top'", hbox.order, hbox, "top")
local q = e:query{x0 = 590, y0 = 90, x1 = 800, y1 = 300}
check(#q == 1 and rawequal(q[1], hbox), "query the region of hbox")
check(#e:query{x0 = 0, y0 = 0, x1 = 800, y1 = 600, contain = true} == 6, "every box lies inside")

-- view: zoom 2, pan (10, 20)
e:set_view{a = 2, d = 2, tx = 10, ty = 20}
local sx, sy = e:world_to_screen(100, 50)
check(sx == 210 and sy == 120, "world_to_screen")
local wx, wy = e:screen_to_world(210, 120)
check(wx == 100 and wy == 50, "screen_to_world")
check(rawequal((e:hit(220, 180)), b), "hit takes world coordinates")
fails("GRIP_ERR_ARG", e.set_view, e, {a = 0, d = 0})
fails("unknown field 'zoom'", e.set_view, e, {zoom = 2})
e:set_view{}

-- selection
local se = grip.new{width = 1000, height = 800, selection = "pointer"}
local a1 = se:box{x = 100, y = 100, width = 100, height = 50}
local a2 = se:box{x = 300, y = 150, width = 100, height = 50}
se:select(a2)
se:select(a1, "add")
local sel = se:selection()
check(#sel == 2 and rawequal(sel[1], a2) and rawequal(sel[2], a1), "selection in the order selected")
local st = se:selection_state()
check(st.count == 2 and near(st.center.x, 250) and near(st.center.y, 150) and near(st.width, 300), "selection frame")
local changed = 0
for ev in se:events() do if ev.kind == "selection_changed" then changed = changed + 1; check(ev.box == "selection", "box 'selection'") end end
check(changed == 1, "one selection_changed (not polled in between)")
se:drag{from = {150, 125}, to = {190, 155}, steps = 4}
check(near(a1:state().center.x, 190) and near(a2:state().center.x, 390), "a group drag moves both")
se:marquee{from = {50, 700}, to = {900, 600}}
check(#se:selection() == 0, "a marquee over nothing selects nothing")
se:tap(390, 200)
check(#se:selection() == 1 and rawequal(se:selection()[1], a2), "a tap selects one")
se:select(nil)
check(se:selection_state().count == 0, "select(nil) clears")
fails("unknown value 'xor'", se.select, se, a1, "xor")
fails("another engine", se.select, se, b, "add")

-- keys, history, changes: a nudge of the selection, undone and redone bit for bit
local h = grip.new{width = 1000, height = 800, selection = "pointer"}
local n1 = h:box{x = 100, y = 100, width = 80, height = 40}
h:select(n1)
for _ in h:events() do end
check(h:nudge{key = "right", times = 3} == true, "arrows move the selection")
check(h:nudge{key = "down", mods = {"shift"}} == true, "shift-arrow moves by the large step")
s = n1:state()
check(s.center.x == 143 and s.center.y == 130, "nudged 3 x 1 right and 10 down (centre 140 + 3, 120 + 10)")
local commits = {}
for ev in h:events() do if ev.kind == "committed" then commits[#commits + 1] = ev end end
check(#commits == 0, "a nudge run is not committed while it may go on")
h:advance(1.5)
for ev in h:events() do if ev.kind == "committed" then commits[#commits + 1] = ev end end
check(#commits == 1 and commits[1].gesture == "nudge", "a timer 1 s after the last nudge commits the run as one step")
local ch = commits[1].changes
check(#ch == 1 and rawequal(ch[1].box, n1), "the step lists the box")
check(ch[1].before.center.x == 140 and ch[1].before.center.y == 120, "before: where it started")
check(ch[1].after.center.x == 143 and ch[1].after.center.y == 130 and ch[1].after.width == 80, "after: where it is")
check(ch[1].before.parent == nil, "a top-level box's parent is nil")
local undo, redo = h:history()
check(undo == 1 and redo == 0, "one step to undo")
check(h:undo() == true, "undo")
check(n1:state().center.x == 140 and n1:state().center.y == 120, "the run undone")
local undone
for ev in h:events() do if ev.kind == "undone" then undone = ev end end
check(undone and undone.changes[1].after.center.y == 120, "UNDONE lists the step")
undo, redo = h:history()
check(undo == 0 and redo == 1, "one step to redo")
check(h:redo() == true and n1:state().center.y == 130, "redo")
h:clear_history()
check(h:undo() == false, "nothing to undo after clear_history")
check(h:key("down", "escape") == true and #h:selection() == 0, "escape with no gesture clears the selection")
h:key("up", "escape")
check(h:key("down", "escape") == false, "then it does nothing")
h:key("up", "escape")
fails("unknown value 'space'", h.key, h, "down", "space")
fails("nudge: key must be", h.nudge, h, {key = "escape"})

-- snapping: a grid of 50; a drag by 47 puts the left edge 3 units from the line at 150: it snaps
local sn = grip.new{width = 1000, height = 800}
local sb = sn:box{x = 100, y = 100, width = 80, height = 40}
sn:set_snapping{flags = {"grid"}, grid_x = 50, grid_y = 50}
sn:drag{from = {140, 120}, by = {47, 0}}
check(sb:state().center.x == 190, "snapped to the grid line at x = 150")
sn:set_snapping(nil)
sn:drag{from = {190, 120}, by = {47, 0}}
check(sb:state().center.x == 237, "snapping off: the drag as it came")
sn:set_snapping{flags = {"grid", "while_resizing"}, grid_x = 50, grid_y = 50, grid_origin = {25, 0}, threshold = 4}
sn:drag{from = {237, 120}, by = {-20, 0}}   -- left edge 197 - 20 = 177: 2 from 175 (the grid through 25)
check(sb:state().center.x == 215, "grid_origin taken (the left edge on 175)")
fails("unknown value 'corners'", sn.set_snapping, sn, {flags = {"corners"}})
fails("GRIP_ERR_ARG", sn.set_snapping, sn, {grid_x = -1})
fails("unknown snapping field 'grid'", sn.set_snapping, sn, {grid = 3})

-- scene files: save, change, load back; the old box objects go stale
local n2 = h:box{parent = n1, x = 5, y = 5, width = 20, height = 10, user_data = 7, rotation = 0.25}
local text = h:save()
check(text:find('"grip_scene": 1', 1, true) ~= nil and text:find('"rotation": 0.25', 1, true) ~= nil, "saved JSON")
n1:configure{width = 300}
h:load(text)
check(n1:exists() == false and n2:exists() == false, "old boxes stale after a load")
local loaded = h:boxes()
check(#loaded == 2 and loaded[2]:describe().parent == loaded[1], "the nested scene came back")
check(loaded[1]:state().width == 80 and loaded[2]:describe().user_data == 7, "with its numbers")
check(h:save() == text, "saving the loaded scene gives the same text")
fails("GRIP_ERR_ARG", h.load, h, '{"grip_scene": 1, "boxes": [{"width": -3}]}')
check(#h:boxes() == 2, "a refused load changes nothing")

-- destroy, exists, close
local gone = e:box{x = 10, y = 500, width = 50, height = 50}
local kid = e:box{parent = gone, x = 1, y = 1, width = 20, height = 20}
gone:destroy()
check(gone:exists() == false and kid:exists() == false and b:exists() == true, "destroy takes the children")
fails("box was destroyed", gone.state, gone)
fails("box was destroyed", kid.configure, kid, {width = 30})
other:close()
fails("engine was destroyed", other.box, other, {})
check(tostring(other) == "grip.engine (closed)", "closed engine")

print(("test_binding.lua: %d checks passed"):format(passed))
