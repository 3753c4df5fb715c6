-- A dispatch that LuaJIT compiled into a trace before a constraint appeared: without jit.off on
-- the binding's dispatching functions, the trace's call into the library calls back into Lua and
-- LuaJIT stops the process ("PANIC: ... bad callback"). It needs a fresh process (what ran before
-- changes what gets compiled), so it is a file of its own. Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end

local e = grip.new{width = 800, height = 600}
local b = e:box{x = 0, y = 0, width = 100, height = 100, editing = true}
local calls = 0
local function wiggle(t0)   -- a long drag of the box: 3000 moves back and forth in one hot loop
  e:pointer("down", 1, 50, 50, t0)
  for i = 1, 3000 do e:pointer("move", 1, 70 + i % 2, 50, t0 + i * 0.001) end
  e:pointer("up", 1, 70, 50, t0 + 3.001)
end
wiggle(0)
check(b:state().center.x == 70 and b:state().center.y == 50, "the box followed the first wiggle")
b:set_constraint(function(p) calls = calls + 1 p.center.y = 40 return p end)
wiggle(10)
check(calls >= 3000, "the constraint ran at every move of the compiled loop (" .. calls .. ")")
check(b:state().center.y == 40, "and held the box at y = 40 (" .. b:state().center.x .. ", " .. b:state().center.y .. ")")
-- the same with arrow keys in a hot loop (nudges run the constraint too)
e:select(b)
for i = 1, 2000 do e:key("down", i % 2 == 0 and "left" or "right", 20 + i * 0.001) end
e:key("up", "right", 23)
check(calls >= 5000 and b:state().center.y == 40, "nudges from a compiled loop ran it (" .. calls .. ")")

print(("test_jit_hooks.lua: %d checks passed"):format(passed))
