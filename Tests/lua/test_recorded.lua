-- Recorded steps from Lua: e:record(fn [, key]) (committed when fn returns, cancelled when it
-- raises), e:history_begin / e:history_commit / e:history_cancel, e:recording, merged slider
-- edits, created and destroyed boxes undone, committed events with ev.changes, refusals.
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
local function events(e)
  local t = {}
  for ev in e:events() do t[#t + 1] = ev end
  return t
end

local e = grip.new{width = 800, height = 600}
local a = e:box{x = 100, y = 100, width = 40, height = 40}
-- a drag 30 to the right (centre 120 -> 150), then a recorded width 40 -> 80 (x 130 kept: centre 170)
e:pointer("down", 1, 120, 120, 0)
e:pointer("move", 1, 150, 120, 0.1)
e:pointer("up", 1, 150, 120, 0.2)
events(e)
check(e:record(function() a:configure{width = 80} end) == true, "record: a step")
check(a:state().width == 80 and a:state().center.x == 170, "80 wide at 170")
local evs = events(e)
check(#evs == 1 and evs[1].kind == "committed" and evs[1].gesture == "host", "one committed, gesture host")
check(#evs[1].changes == 1 and evs[1].changes[1].box == a, "the box")
check(evs[1].changes[1].before.width == 40 and evs[1].changes[1].after.width == 80, "widths 40 -> 80")
check(e:undo() and a:state().width == 40 and a:state().center.x == 150, "undo: 40 wide at 150")
check(e:undo() and a:state().center.x == 120, "undo again: the drag")
check(e:redo() and e:redo() and a:state().width == 80 and a:state().center.x == 170, "redo twice")

-- a slider: ten edits with one key are one step
for i = 1, 10 do e:record(function() a:configure{height = 40 + i} end, 3) end
check(select(1, e:history()) == 3, "drag, width, slider: three steps")
check(a:state().height == 50, "height 50")
check(e:undo() and a:state().height == 40, "one undo takes the whole slider back")
e:redo()

-- an error inside record cancels everything fn did, and is raised again
local made
local ok, err = pcall(e.record, e, function()
  a:configure{x = 500}
  made = e:box{x = 10, y = 10, width = 20, height = 20}
  error("boom")
end)
check(not ok and tostring(err):find("boom", 1, true), "the error comes through")
check(not e:recording(), "the step is closed")
check(a:state().center.x == 170 and not made:exists(), "everything put back")
check(select(1, e:history()) == 3, "no step")

-- begin / commit / cancel by hand; create and destroy undone and redone, ids kept
events(e)
e:history_begin()
check(e:recording(), "recording")
local p = e:box{x = 300, y = 300, width = 100, height = 100}
local q = e:box{parent = p, x = 10, y = 10, width = 20, height = 20}
check(e:history_commit() == true, "commit: a step")
evs = events(e)
check(evs[1].kind == "committed" and #evs[1].changes == 2, "two boxes")
check(evs[1].changes[1].before == nil and evs[1].changes[1].after.width == 100, "created: no before")
check(e:undo() and not p:exists() and not q:exists(), "undo destroys them")
check(e:redo() and p:exists() and q:exists() and q:describe().parent == p, "redo: back with their ids")
events(e)
e:history_begin()
p:destroy()
check(e:history_commit(), "a destroy step")
evs = events(e)
check(evs[1].changes[1].after == nil and evs[1].changes[1].before.width == 100, "destroyed: no after")
check(e:undo() and p:exists() and q:exists() and q:state().center.x == 20, "undo brings both back")
e:history_begin()
a:configure{}
check(e:history_commit() == false, "nothing changed: no step")
e:history_begin()
a:configure{width = 90}
e:history_cancel()
check(a:state().width == 80, "cancel puts it back")

-- refusals
fails("no recorded step is open", e.history_commit, e)
fails("no recorded step is open", e.history_cancel, e)
e:history_begin()
fails("already open", e.history_begin, e)
fails("a recorded step is open", e.undo, e)
fails("a recorded step is open", e.pointer, e, "down", 1, 150, 120, 1)
e:history_cancel()
fails("merge key must be a non-negative integer", e.history_begin, e, -1)
fails("bad argument", e.record, e, 42)

print(string.format("test_recorded.lua: %d checks passed", passed))
