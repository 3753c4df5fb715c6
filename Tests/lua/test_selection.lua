-- The selection from Lua: e:select, e:selection, e:selection_state, the marquee macro, group
-- gestures through the macros, and the names of the new event, gesture and command kinds.
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
local function kinds(e)
  local seen = {}
  for ev in e:events() do seen[#seen + 1] = ev end
  return seen
end

-- The host's selection: ops, order, the ancestor rule, the frame.
local e = grip.new{width = 1000, height = 800}
local a = e:box{x = 100, y = 100, width = 100, height = 50}
local b = e:box{x = 300, y = 150, width = 100, height = 50}
local p = e:box{x = 500, y = 400, width = 200, height = 200}
local q = e:box{parent = p, x = 20, y = 20, width = 50, height = 50}
check(#e:selection() == 0, "nothing selected at first")
e:select(b)
e:select(a, "add")
local sel = e:selection()
check(#sel == 2 and rawequal(sel[1], b) and rawequal(sel[2], a), "selection in the order selected")
local st = e:selection_state()
check(st.count == 2 and near(st.center.x, 250) and near(st.center.y, 150), "frame centre")
check(near(st.width, 300) and near(st.height, 100) and near(st.rotation, 0), "frame size")
check(near(st.corners[3].x, 400) and near(st.corners[3].y, 200) and st.gesture_active == false, "frame corners")
e:select(b, "toggle")
check(#e:selection() == 1, "toggle takes it out")
e:select(p, "add")
e:select(q, "add")
sel = e:selection()
check(#sel == 2 and rawequal(sel[2], q), "a box and its ancestor are never selected together")
e:select(nil)
check(#e:selection() == 0 and e:selection_state().count == 0, "select(nil) clears")
local evs = kinds(e)
local changed = 0
for _, ev in ipairs(evs) do if ev.kind == "selection_changed" then changed = changed + 1; check(ev.box == "selection", "event box") end end
check(changed >= 1, "selection_changed events")
fails("unknown value 'xor'", e.select, e, a, "xor")
fails("GRIP_NO_BOX", e.select, e, nil, "add")
local other = grip.new{}
local ob = other:box{x = 10, y = 10, width = 20, height = 20}
fails("another engine", e.select, e, ob, "add")

-- A group drag through the drag macro: both members move by the pointer's displacement.
e:select(a)
e:select(b, "add")
e:events()
e:drag{from = {150, 125}, to = {190, 155}, steps = 4}
check(near(a:state().center.x, 190) and near(a:state().center.y, 155), "member a moved")
check(near(b:state().center.x, 390) and near(b:state().center.y, 205), "member b moved")
local began
for ev in e:events() do if ev.kind == "gesture_began" then began = ev end end
check(began and began.box == "selection" and began.gesture == "move", "group events carry the selection")
-- The frame: an outline per member, the selection's border and 9 handles.
local f = e:frame()
local outlines, handles = 0, 0
for _, c in ipairs(f.commands) do
  if c.kind == "outline" then outlines = outlines + 1 end
  if c.kind == "handle" and c.box == "selection" then handles = handles + 1 end
end
check(outlines == 2 and handles == 9, "selection overlay in the frame")
local hb, hh = e:hit(e:selection_state().corners[3].x, e:selection_state().corners[3].y)
check(hb == "selection" and hh == "bottom_right", "the selection's handle is hit")

-- Pointer selection: the marquee macro.
local m = grip.new{width = 1000, height = 800, selection = "pointer"}
local ma = m:box{x = 100, y = 100, width = 100, height = 50}
local mb = m:box{x = 300, y = 150, width = 100, height = 50}
m:marquee{from = {10, 10}, to = {360, 190}}
sel = m:selection()
check(#sel == 2, "marquee picks both (intersect)")
m:marquee{from = {10, 10}, to = {360, 190}, mods = {"ctrl"}}
sel = m:selection()
check(#sel == 1 and rawequal(sel[1], ma), "ctrl swaps to contain")
m:marquee{from = {450, 300}, to = {320, 160}, mods = {"shift"}}
check(#m:selection() == 2, "shift adds")
local mq
for ev in m:events() do if ev.gesture == "marquee" then mq = ev end end
check(mq and mq.box == "selection", "marquee events")
fails("from is on a box", m.marquee, m, {from = {150, 125}, to = {400, 400}})
m:tap(700, 700)
check(#m:selection() == 0, "a tap on an empty place clears")
m:tap(150, 125)
check(#m:selection() == 1 and rawequal(m:selection()[1], ma), "a tap selects")

print("test_selection.lua: " .. passed .. " checks passed")
