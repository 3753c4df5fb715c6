-- Keys, steps and undo from Lua: e:key, e:nudge, Escape (also during a custom handle's drag),
-- committed / undone / redone events with ev.changes, e:undo, e:redo, e:history, e:clear_history.
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok and tostring(err):find(pattern, 1, true), "expected error '" .. pattern .. "', got " .. tostring(err))
end
-- bit for bit: every number by its %a text (which tells -0 from 0)
local function bits(s)
  return string.format("%a %a %a %a %a %a %s %s", s.center.x, s.center.y, s.width, s.height, s.rotation,
                       s.scale, tostring(s.flipped_x), tostring(s.flipped_y))
end
local function events(e)
  local t = {}
  for ev in e:events() do t[#t + 1] = ev end
  return t
end
local function kinds(evs)
  local t = {}
  for _, ev in ipairs(evs) do t[#t + 1] = ev.kind end
  return table.concat(t, ",")
end

local e = grip.new{width = 800, height = 600}
local a = e:box{x = 100, y = 100, width = 100, height = 50, contain = true}
local seen = {}
a:on("committed", function(ev) seen[#seen + 1] = ev end)

-- arrows: 1 world unit, shift 10; one run, one step, after a second
check(e:key("down", "right", 0.1) == false, "nothing selected: not consumed")
e:select(a)
events(e)
check(e:key("down", "right", 0.2) == true, "an arrow nudges the selection")
check(a:state().center.x == 151, "1 unit")
check(e:key("down", "down", 0.3, {"shift"}) == true and a:state().center.y == 135, "shift: 10 units")
check(e:key("up", "down", 0.35) == false, "an arrow going up does nothing")
check(#events(e) == 0, "no event during a run")
e:tick(1.2)
check(#events(e) == 0 and #seen == 0, "not yet 1 s after the last arrow")
e:tick(1.3)
local evs = events(e)
check(kinds(evs) == "committed", "one step: " .. kinds(evs))
local ev = evs[1]
check(ev.gesture == "nudge" and ev.box == a, "the step is the nudge run of the box")
check(#ev.changes == 1 and ev.changes[1].box == a, "changes list the box")
local ch = ev.changes[1]
check(ch.before.center.x == 150 and ch.before.center.y == 125 and ch.after.center.x == 151 and ch.after.center.y == 135,
      "before and after")
check(ch.before.parent == nil and ch.before.width == 100 and ch.before.scale == 1 and ch.before.flipped_x == false,
      "the geometry table's fields")
check(#seen == 1 and seen[1].kind == "committed" and #seen[1].changes == 1, "the script's handler sees it too")

-- e:nudge: 30 presses are one run; containment holds
local u, r = e:history()
check(u == 1 and r == 0, "one step so far")
check(e:nudge{key = "left", times = 30, mods = {"shift"}} == true, "nudge macro")
check(a:state().center.x == 50, "containment stops it at the edge")
check(e:nudge{key = "right"} == true and a:state().center.x == 51, "no overshoot left behind: 1 to the right at once")
e:advance(1)
evs = events(e)
check(kinds(evs) == "committed", "the macro's run is one step: " .. kinds(evs))
u, r = e:history()
check(u == 2, "two steps")
fails("key must be left, right, up or down", e.nudge, e, {key = "escape"})
fails("unknown field", e.nudge, e, {key = "left", count = 3})

-- undo / redo: instant, the geometry and the selection back, undone / redone with changes
local after_run = bits(a:state())
e:select(nil)
events(e)
check(e:undo() == true, "undo")
check(a:state().center.x == 151 and a:state().center.y == 135, "undo restores the step's before")
check(#e:selection() == 1 and rawequal(e:selection()[1], a), "undo restores the selection")
evs = events(e)
local undone
for _, x in ipairs(evs) do if x.kind == "undone" then undone = x end end
check(undone and undone.changes[1].after.center.x == 151 and undone.changes[1].before.center.x == 51,
      "undone: after is where the box is now")
check(e:redo() == true and bits(a:state()) == after_run, "redo: bit for bit")
evs = events(e)
check(evs[#evs].kind == "redone" and evs[#evs].changes[1].after.center.x == 51, "redone")
check(e:redo() == false, "nothing more to redo")
e:clear_history()
u, r = e:history()
check(u == 0 and r == 0 and e:undo() == false, "cleared")

-- Escape mid custom-handle drag: bit for bit, cancelled, no step; the pointer then does nothing
local b = e:box{x = 300, y = 300, width = 200, height = 100, rotation = 0.3, editing = true}
b:add_handle{name = "knob", position = function(s) return s.width + 30, s.height / 2 end,
             drag = function(s, x, y) return {width = math.max(10, x - 30)} end}
e:select(b)
events(e)
local before = bits(b:state())
local knob
for _, c in ipairs(e:frame().commands) do if c.kind == "handle" and c.handle == "knob" then knob = c.center end end
check(knob ~= nil, "the knob is drawn")
local t = e:time()
check(e:pointer("down", 1, knob.x, knob.y, t + 0.1) == true, "press on the knob")
e:pointer("move", 1, knob.x + 40, knob.y + 10, t + 0.2)
check(bits(b:state()) ~= before, "the knob drag changed the box")
check(e:key("down", "escape", t + 0.3) == true, "Escape cancels")
check(bits(b:state()) == before, "restored bit for bit")
evs = events(e)
check(kinds(evs):find("gesture_cancelled", 1, true) and not kinds(evs):find("committed", 1, true),
      "cancelled, no step: " .. kinds(evs))
check(e:pointer("move", 1, knob.x + 90, knob.y, t + 0.4) == true, "a later move is consumed")
check(e:pointer("up", 1, knob.x + 90, knob.y, t + 0.5) == true, "the release is consumed")
check(bits(b:state()) == before and #events(e) == 0, "and they change nothing")
u = e:history()
check(u == 0, "no step")
-- Escape with nothing going on clears the selection, then does nothing
check(e:key("down", "escape", t + 0.6) == true and #e:selection() == 0, "Escape clears the selection")
check(e:key("down", "escape", t + 0.7) == false, "then is not consumed")
-- Tab walks the selectable boxes
check(e:key("down", "tab", t + 0.8) == true and rawequal(e:selection()[1], a), "Tab: the first box")
check(e:key("down", "tab", t + 0.9) == true and rawequal(e:selection()[1], b), "Tab: the next")
check(e:key("down", "tab", t + 1.0) == true and rawequal(e:selection()[1], a), "Tab wraps")
check(e:key("down", "tab", t + 1.1, "shift") == true and rawequal(e:selection()[1], b), "shift-Tab")

-- a move and its step from a drag macro, seen by the script's handler
seen = {}
b:on("committed", function(x) seen[#seen + 1] = x end)
e:drag{from = {400, 350}, to = {430, 380}}
e:advance(0.1)
check(#seen == 1 and seen[1].gesture == "move" and seen[1].changes[1].box == b, "the drag's step")
check(seen[1].changes[1].after.center.x - seen[1].changes[1].before.center.x == 30, "30 units")

-- bad key events: errors, nothing changes
events(e)
local now = bits(b:state())
t = e:time()
fails("unknown value 'space'", e.key, e, "down", "space", t + 1)
fails("unknown value 'press'", e.key, e, "press", "left", t + 1)
fails("GRIP_PHASE_DOWN or GRIP_PHASE_UP", e.key, e, "move", "left", t + 1)
fails("GRIP_PHASE_DOWN or GRIP_PHASE_UP", e.key, e, "cancel", "escape", t + 1)
fails("unknown value 'hyper'", e.key, e, "down", "left", t + 1, {"hyper"})
fails("not finite", e.key, e, "down", "left", 0 / 0)
fails("time went backwards", e.key, e, "down", "left", t - 1)
check(bits(b:state()) == now and #events(e) == 0, "refused keys change nothing")

-- history_bytes_limit: a limit below any step's size keeps only the newest step
local h = grip.new{width = 800, height = 600, history_bytes_limit = 1}
check(h:describe().history_bytes_limit == 1, "describe gives the limit back")
check(grip.new{}:describe().history_bytes_limit == 64 * 1024 * 1024, "the default is 64 MiB")
local hb = h:box{x = 100, y = 100, width = 100, height = 100}
for i = 0, 2 do h:drag{from = {150 + 20 * i, 150}, to = {170 + 20 * i, 150}} end
local undo_depth = h:history()
check(undo_depth == 1 and h:undo() and hb:state().center.x == 190, "only the newest step is kept, and undone")
fails("history_bytes_limit must be in", grip.new, {history_bytes_limit = 2 ^ 53 + 2})

print(string.format("test_history.lua: %d checks passed", passed))
