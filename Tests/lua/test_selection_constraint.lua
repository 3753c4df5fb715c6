-- The selection's constraint from Lua (e:set_selection_constraint): "keep the selection inside
-- the page" (an 800 x 600 engine) for a drag, a resize and a nudge, with the numbers grip.h's
-- rules give; a refusal; a function that raises (the step refused, one script_error event for
-- "selection"); removal. Runs hosted (grip-cli run), standalone (lua5.4 with grip.so on
-- package.cpath) and under LuaJIT with its FFI binding (Tests/luajit/run.sh).
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok, "expected an error matching '" .. pattern .. "'")
  check(tostring(err):find(pattern, 1, true) ~= nil, "error '" .. tostring(err) .. "' should contain '" .. pattern .. "'")
end

local e = grip.new{width = 800, height = 600, selection = "off"}
-- x 100..200 and 300..400, y 100..150: the selection frame spans x 100..400 (centre 250)
local a = e:box{x = 100, y = 100, width = 100, height = 50}
local b = e:box{x = 300, y = 100, width = 100, height = 50}
e:select(a); e:select(b, "add")
for _ in e:events() do end

local calls, seen = 0, nil
e:set_selection_constraint(function(p, before)
  calls = calls + 1
  seen = seen or {px = p.center.x, before = before}
  if p.width == before.width then           -- a move: shifted back inside
    p.center.x = math.max(p.width / 2, math.min(800 - p.width / 2, p.center.x))
    p.center.y = math.max(p.height / 2, math.min(600 - p.height / 2, p.center.y))
  else                                      -- a resize: the right edge clipped to the page
    local left = p.center.x - p.width / 2
    local right = math.min(800, p.center.x + p.width / 2)
    p.center.x, p.width = (left + right) / 2, right - left
  end
  return p
end)

-- dragged 300 left from b: the frame would span -200..100; shifted back to 0..300, both move 100
e:pointer("down", 1, 350, 125, 1.0)
e:pointer("move", 1, 50, 125, 1.1)
e:pointer("up", 1, 50, 125, 1.2)
check(calls == 1, "one step, one call (" .. calls .. ")")
check(seen.before.center.x == 250 and seen.before.width == 300 and seen.before.height == 50, "the frame before")
check(seen.px == -50, "the frame proposed, centre -50 (" .. seen.px .. ")")
check(a:state().center.x == 50 and b:state().center.x == 250, "both moved by -100, flush with x = 0")
check(a:state().width == 100 and b:state().width == 100, "shapes kept")

-- the frame (x 0..300) resized by its right edge (300, 125) to x 1100: 1100 wide, clipped to 800:
-- 800 / 300 times as wide, a at x 0..266.67 (centre 133.33), b at 533.33..800 (centre 666.67)
e:pointer("down", 1, 300, 125, 2.0)
e:pointer("move", 1, 1100, 125, 2.1)
e:pointer("up", 1, 1100, 125, 2.2)
check(math.abs(a:state().width - 800 / 3) < 1e-9, "a's width 800 / 3 (" .. a:state().width .. ")")
check(math.abs(a:state().center.x - 400 / 3) < 1e-9, "a's centre")
check(math.abs(b:state().center.x - 2000 / 3) < 1e-9, "b's centre, its right edge on 800 (" .. b:state().center.x .. ")")
check(a:state().height == 50, "heights kept")
check(e:undo(), "undone")

-- a nudge left at the edge: held at x = 0
e:key("down", "left", 3.0)
e:key("up", "left", 3.05)
check(a:state().center.x == 50, "the nudge is held at the edge")

-- refused: nothing moves
e:set_selection_constraint(function() return false end)
e:pointer("down", 1, 250, 125, 5.0)
e:pointer("move", 1, 300, 125, 5.1)
e:pointer("up", 1, 300, 125, 5.2)
check(b:state().center.x == 250, "a refused step moves nothing")

-- raises: every step is refused, one script_error for the selection
e:set_selection_constraint(function() error("no frames today") end)
for _ in e:events() do end
e:pointer("down", 1, 250, 125, 6.0)
e:pointer("move", 1, 300, 125, 6.1)
e:pointer("move", 1, 310, 125, 6.15)
e:pointer("up", 1, 310, 125, 6.2)
local errs = {}
for ev in e:events() do if ev.kind == "script_error" then errs[#errs + 1] = ev end end
check(#errs == 1, "one script_error for two failing steps (" .. #errs .. ")")
check(errs[1] and errs[1].box == "selection", "for the selection")
check(errs[1] and tostring(errs[1].message):find("no frames today", 1, true) ~= nil, "with the error's text")
check(b:state().center.x == 250, "nothing moved")

-- a call back into the engine from the function is refused (the step with it)
e:set_selection_constraint(function(p) e:select(nil) return p end)
e:pointer("down", 1, 250, 125, 7.0)
e:pointer("move", 1, 260, 125, 7.1)
e:pointer("up", 1, 260, 125, 7.2)
check(#e:selection() == 2, "the selection stayed")
check(b:state().center.x == 250, "the step was refused")

-- removed: the drag goes through as proposed
e:set_selection_constraint(nil)
e:pointer("down", 1, 250, 125, 8.0)
e:pointer("move", 1, 290, 125, 8.1)
e:pointer("up", 1, 290, 125, 8.2)
check(b:state().center.x == 290, "no constraint: moved 40 (" .. b:state().center.x .. ")")

fails("function", function() e:set_selection_constraint(42) end)
e:close()
print("test_selection_constraint.lua: " .. passed .. " checks passed")
