-- Recorded steps through the LuaJIT binding: e:record (committed, or cancelled by an error),
-- e:history_begin / commit / cancel, e:recording, merged slider edits, created and destroyed boxes
-- undone and redone with their ids (b:exists follows), changes with nil sides, refusals.
-- Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok and tostring(err):find(pattern, 1, true) ~= nil, "expected '" .. pattern .. "', got " .. tostring(err))
end
local function drain(e)
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
drain(e)
check(e:record(function() a:configure{width = 80} end) == true, "a step")
check(a:state().width == 80 and a:state().center.x == 170, "80 wide at 170")
local evs = drain(e)
check(#evs == 1 and evs[1].kind == "committed" and evs[1].gesture == "host", "committed, gesture host")
check(evs[1].changes[1].before.width == 40 and evs[1].changes[1].after.width == 80, "40 -> 80")
check(e:undo() and a:state().width == 40 and a:state().center.x == 150, "undo: 40 at 150")
check(e:undo() and a:state().center.x == 120, "undo: the drag")
check(e:redo() and e:redo() and a:state().width == 80 and a:state().center.x == 170, "redo twice")

-- a slider: ten edits with one key, one step
for i = 1, 10 do e:record(function() a:configure{height = 40 + i} end, 5) end
check(select(1, e:history()) == 3 and a:state().height == 50, "one step for the slider")
check(e:undo() and a:state().height == 40, "one undo")
e:redo()

-- an error cancels
local made
local ok, err = pcall(e.record, e, function()
  a:configure{x = 500}
  made = e:box{x = 10, y = 10, width = 20, height = 20}
  error("boom")
end)
check(not ok and tostring(err):find("boom", 1, true) ~= nil, "the error comes through")
check(not e:recording() and a:state().center.x == 170 and not made:exists(), "all put back")

-- create and destroy by hand
drain(e)
e:history_begin()
check(e:recording(), "open")
local p = e:box{x = 300, y = 300, width = 100, height = 100}
local q = e:box{parent = p, x = 10, y = 10, width = 20, height = 20}
check(e:history_commit() == true, "a step")
evs = drain(e)
check(#evs[1].changes == 2 and evs[1].changes[1].before == nil and evs[1].changes[1].after.width == 100, "created")
check(e:undo() and not p:exists() and not q:exists(), "undo: gone")
check(e:redo() and p:exists() and q:exists() and q:state().center.x == 20, "redo: back, same objects")
drain(e)
e:history_begin()
p:destroy()
check(not q:exists() and e:history_commit(), "a destroy step")
evs = drain(e)
check(evs[1].changes[1].after == nil and evs[1].changes[1].before.width == 100, "destroyed")
check(e:undo() and p:exists() and q:exists(), "undo brings both back")
e:history_begin()
a:configure{width = 90}
e:history_cancel()
check(a:state().width == 80, "cancel")

fails("no recorded step is open", e.history_commit, e)
e:history_begin()
fails("already open", e.history_begin, e)
fails("a recorded step is open", e.undo, e)
e:history_cancel()
fails("merge key must be a non-negative integer", e.history_begin, e, -1)
fails("record takes a function", e.record, e, 42)

print(string.format("test_recorded.lua (LuaJIT): %d checks passed", passed))
