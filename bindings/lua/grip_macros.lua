-- grip_macros.lua: the session macros, written once for both Lua bindings. Each synthesizes a
-- whole gesture as the pointer, key and timer events a host would send, through the engine's
-- public methods (e:pointer, e:key, e:tick, e:time, e:hit, e:screen_to_world, e:view,
-- e:describe, b:state, b:handle_center), starting at the engine's time and advancing it. The
-- methods used drain the engine's events after every event (and, in Lua 5.4, run `on` handlers).
--
-- The Lua 5.4 module compiles this file in (scripts/gen-macros) and runs it when it opens, before
-- any script; the LuaJIT binding loads it from beside itself. It is written in the Lua both run
-- (5.1 as LuaJIT has it, and 5.4): no integer division, no bit operators, no goto.
--
-- The chunk returns a function that takes the binding's private helpers and returns the macros,
-- each f(downs, e, ...): the binding calls it with an empty list `downs`, and when the macro
-- raises, cancels the pointers the list then holds (put down by the macro and not lifted) and
-- re-raises the error at the caller's position. The helpers:
--   charge(e, events)  counts the events against the script's instruction budget (raises past it)
--   mods(v)            checks v as modifiers (nil, a name or a list of names); returns v
--   key(v)             checks v as a key name; returns it
--   box(e, b, fname, arg)  checks that b is a live box of e (arg: its argument number, or nil)
--   handle(e, b, h)    checks h as a handle of box b; returns its number and its name
--   refused(err)       whether an error e:pointer raised is the engine refusing the event itself
--                      (rather than an `on` handler failing after the engine took it)
-- Everything this file uses is taken as a local when it loads: nothing a script later does to
-- the globals reaches it.
local type, tostring, error, pcall, select, next = type, tostring, error, pcall, select, next
local floor, ceil, sqrt, sin, cos = math.floor, math.ceil, math.sqrt, math.sin, math.cos
local format, sub = string.format, string.sub
local _ENV = nil -- (Lua 5.4) no global is reached from here on

-- Most steps a stroke takes, and timer ticks an advance or hold takes.
local MAX_STEPS = 100000

-- ---- argument checks (the messages of the bindings' own checks) --------------------------------

local function typename(v) return v == nil and "nil" or type(v) end

local function number(v, what)
  if type(v) ~= "number" then error(format("%s must be a number (got %s)", what, typename(v))) end
  return v
end

local function integer(v, what)
  if type(v) ~= "number" or v ~= floor(v) or v < -2 ^ 63 or v >= 2 ^ 63 then
    error(format("%s must be an integer (got %s)", what, typename(v)))
  end
  return v
end

local function finite(v) return v - v == 0 end

-- The table argument of method `fname` (argument #1 after self), present or not.
local function need_table(v, present, fname)
  if type(v) ~= "table" then
    error(format("bad argument #1 to '%s' (table expected, got %s)", fname, present and typename(v) or "no value"))
  end
end

-- Rejects keys of t that are not in `allowed` (a set).
local function check_keys(t, allowed, what)
  for k in next, t do
    if type(k) ~= "string" then error(format("%s: unexpected %s key", what, type(k))) end
    if not allowed[k] then error(format("%s: unknown field '%s'", what, k)) end
  end
end

local function set(list)
  local s = {}
  for i = 1, #list do s[list[i]] = true end
  return s
end

-- A point {x, y} or {x = , y = }.
local function point(v, what)
  if type(v) ~= "table" then error(format("%s must be a point {x, y} (got %s)", what, typename(v))) end
  local x, y
  if v.x == nil then x, y = v[1], v[2] else x, y = v.x, v.y end
  return number(x, what), number(y, what)
end

local function opt(o, key)
  if type(o) ~= "table" then return nil end
  return o[key]
end
local function opt_number(o, key, default)
  local v = opt(o, key)
  if v == nil then return default end
  return number(v, key)
end
local function opt_integer(o, key, default)
  local v = opt(o, key)
  if v == nil then return default end
  return integer(v, key)
end
local function opt_pointer(o)
  local p = opt_integer(o, "pointer", 1)
  if p < 0 or p > 4294967295 then error("pointer must be in 0..2^32-1") end
  return p
end

local function steps(n)
  if n < 1 or n > MAX_STEPS then error(format("steps must be in 1...%d", MAX_STEPS)) end
  return n
end

local function duration(d)
  if not (finite(d) and d >= 0 and d <= 1e6) then error("duration must be finite and >= 0") end
  return d
end

-- Timer ticks at 60 Hz over `seconds` (at least one).
local function ticks(seconds)
  local n = ceil(seconds * 60)
  if n < 1 then n = 1 end
  if n > MAX_STEPS then n = MAX_STEPS end
  return n
end

local function id_text(b)
  local s = tostring(b:id())
  if sub(s, -3) == "ULL" then s = sub(s, 1, -4) end
  return s
end

return function(host)
  local charge, check_mods, check_key = host.charge, host.mods, host.key
  local check_box, check_handle, refused = host.box, host.handle, host.refused
  local macros = {}

  -- ---- events ----------------------------------------------------------------------------------

  -- Time t, never before the engine's (an `on` handler may have moved it on).
  local function at(e, t)
    local now = e:time()
    if now >= t then return now end
    return t
  end

  -- (not a tail call: an error e:pointer raises carries this file's position, and so is raised
  -- again at the macro's caller)
  local function press(e, id, x, y, t, mods)
    local took = e:pointer("down", id, x, y, t, mods)
    return took
  end

  -- Pointer `id` down: listed in `downs` from the moment the engine took it, so a failure after
  -- that (an `on` handler's) cancels it; a down the engine refused is not the macro's.
  local function down(downs, e, id, x, y, t, mods)
    local n = #downs + 1
    downs[n] = id
    local ok, err = pcall(press, e, id, x, y, at(e, t), mods)
    if not ok then
      if refused(err) then downs[n] = nil end
      error(err, 0)
    end
  end

  local function move(e, id, x, y, t, mods) e:pointer("move", id, x, y, at(e, t), mods) end

  local function up(downs, e, id, x, y, t, mods)
    e:pointer("up", id, x, y, at(e, t), mods)
    for i = #downs, 1, -1 do
      if downs[i] == id then
        for j = i, #downs do downs[j] = downs[j + 1] end
      end
    end
  end

  local function timer(e, t) e:tick(at(e, t)) end

  -- down at (fx, fy), k moves to (tx, ty) over d seconds (a timer tick after each), up.
  local function stroke(downs, e, t0, id, mods, fx, fy, tx, ty, k, d)
    charge(e, k * 2 + 2)
    down(downs, e, id, fx, fy, t0, mods)
    for i = 1, k do
      local f = i / k
      move(e, id, fx + (tx - fx) * f, fy + (ty - fy) * f, t0 + d * f, mods)
      timer(e, t0 + d * f)
    end
    up(downs, e, id, tx, ty, t0 + d, mods)
  end

  -- ---- drag and marquee ------------------------------------------------------------------------

  local drag_keys = set {"from", "to", "by", "steps", "duration", "pointer", "mods"}
  local marquee_keys = set {"from", "to", "steps", "duration", "pointer", "mods"}

  -- The options drag, marquee and drag_handle share: steps, duration, pointer, mods.
  local function gesture_opts(o)
    return opt_integer(o, "steps", 10), opt_number(o, "duration", 0.2), opt_pointer(o), check_mods(opt(o, "mods"))
  end

  -- e:drag{from = {x, y}, to = {x, y} | by = {dx, dy}, steps = 10, duration = 0.2, pointer = 1,
  -- mods = {...}} (screen space): down, `steps` moves with a timer tick after each, up.
  function macros.drag(downs, e, ...)
    local t0 = e:time()
    local o = ...
    need_table(o, select("#", ...) > 0, "drag")
    check_keys(o, drag_keys, "drag")
    if o.from == nil then error("drag needs from = {x, y}") end
    local fx, fy = point(o.from, "drag.from")
    local tx, ty
    if o.to ~= nil then
      tx, ty = point(o.to, "drag.to")
    elseif o.by ~= nil then
      local bx, by = point(o.by, "drag.by")
      tx, ty = bx + fx, by + fy
    else
      error("drag needs to = {x, y} or by = {dx, dy}")
    end
    local k, d, id, mods = gesture_opts(o)
    if not (finite(fx) and finite(fy) and finite(tx) and finite(ty)) then error("drag: points must be finite") end
    stroke(downs, e, t0, id, mods, fx, fy, tx, ty, steps(k), duration(d))
  end

  -- e:marquee{from = {x, y}, to = {x, y}, steps, duration, pointer, mods}: a drag from a place
  -- where no box (nor handle) is: with pointer selection, a marquee (its mods held throughout:
  -- shift adds, ctrl swaps the rule).
  function macros.marquee(downs, e, ...)
    local t0 = e:time()
    local o = ...
    need_table(o, select("#", ...) > 0, "marquee")
    check_keys(o, marquee_keys, "marquee")
    if o.from == nil then error("marquee needs from = {x, y}") end
    local fx, fy = point(o.from, "marquee.from")
    if o.to == nil then error("marquee needs to = {x, y}") end
    local tx, ty = point(o.to, "marquee.to")
    local k, d, id, mods = gesture_opts(o)
    if not (finite(fx) and finite(fy) and finite(tx) and finite(ty)) then error("drag: points must be finite") end
    if e:hit(e:screen_to_world(fx, fy)) ~= nil then
      error("marquee: from is on a box; a marquee begins where no box is")
    end
    stroke(downs, e, t0, id, mods, fx, fy, tx, ty, steps(k), duration(d))
  end

  -- ---- drag_handle -----------------------------------------------------------------------------

  local gesture_keys = set {"steps", "duration", "pointer", "mods"}

  -- e:drag_handle(box, "bottom_right", dx, dy [, {steps, duration, pointer, mods}]): from where the
  -- handle is drawn (custom handles included), by (dx, dy) screen units.
  function macros.drag_handle(downs, e, b, h, dx, dy, o)
    local t0 = e:time()
    check_box(e, b, "drag_handle", 1)
    local hn, hname = check_handle(e, b, h)
    number(dx, "dx")
    number(dy, "dy")
    if o ~= nil then
      if type(o) ~= "table" then
        error(format("bad argument #5 to 'drag_handle' (table expected, got %s)", typename(o)))
      end
      check_keys(o, gesture_keys, "drag_handle")
    end
    local k, d, id, mods = gesture_opts(o)
    if not (finite(dx) and finite(dy)) then error("drag_handle: dx and dy must be finite") end
    if hn <= 0 or hn > 4294967295 then error("drag_handle: not a handle") end
    local x, y = b:handle_center(hn)
    if x == nil then
      b:state() -- "box was destroyed"
      error(format("drag_handle: handle %d of box %s is not shown (is the box editing, and does it allow that handle?)",
                   hn, id_text(b)))
    end
    -- A pointer going down there must grab that very handle.
    local hb, hh = e:hit(e:screen_to_world(x, y))
    if hb ~= b or hh ~= hname then
      local by = hb == nil and "nothing" or type(hb) == "string" and hb
                 or format("handle %s of box %s", hh, id_text(hb))
      error(format("drag_handle: handle %d of box %s is covered at (%s, %s) by %s", hn, id_text(b),
                   tostring(x), tostring(y), by))
    end
    stroke(downs, e, t0, id, mods, x, y, x + dx, y + dy, steps(k), duration(d))
  end

  -- ---- pinch -----------------------------------------------------------------------------------

  local pinch_keys = set {"box", "scale", "rotate", "steps", "duration", "pan", "distance"}

  -- e:pinch{box = b, scale = 2, rotate = math.pi / 4, pan = {x, y}, distance = d, steps = 10,
  -- duration = 0.2}: pointers 1 and 2 on the box body, symmetric about its centre along its x
  -- axis (on screen), `distance` apart (default: 2/5 of the box's shorter side), their distance
  -- multiplied by scale^f, turned by rotate * f and moved by pan * f at fraction f of the way,
  -- with a timer tick after each step.
  function macros.pinch(downs, e, ...)
    local t0 = e:time()
    local o = ...
    need_table(o, select("#", ...) > 0, "pinch")
    check_keys(o, pinch_keys, "pinch")
    local b = o.box
    check_box(e, b, "pinch")
    local scale, turn = opt_number(o, "scale", 1), opt_number(o, "rotate", 0)
    local distance = opt_number(o, "distance", 0)
    local px, py = 0, 0
    if o.pan ~= nil then px, py = point(o.pan, "pinch.pan") end
    local k, d = opt_integer(o, "steps", 10), opt_number(o, "duration", 0.2)
    if not (finite(scale) and scale > 0 and finite(turn) and finite(px) and finite(py) and finite(distance)
            and distance >= 0) then
      error("pinch: scale must be > 0, and rotate, pan and distance finite")
    end
    k, d = steps(k), duration(d)
    local s = b:state()
    -- box space -> screen: the view times the box's world transform
    local v, w = e:view(), s.world
    local ma, mb = v.a * w.a + v.c * w.b, v.b * w.a + v.d * w.b
    local mc, md = v.a * w.c + v.c * w.d, v.b * w.c + v.d * w.d
    local mtx, mty = v.a * w.tx + v.c * w.ty + v.tx, v.b * w.tx + v.d * w.ty + v.ty
    local function screen(x, y) return ma * x + mc * y + mtx, mb * x + md * y + mty end
    local cx, cy = screen(s.width * 0.5, s.height * 0.5)
    local ax, ay = screen(s.width, s.height * 0.5) -- half the box along its x axis
    ax, ay = ax - cx, ay - cy
    local bx, by = screen(s.width * 0.5, s.height)
    bx, by = bx - cx, by - cy
    local alen, blen = sqrt(ax * ax + ay * ay), sqrt(bx * bx + by * by)
    local shorter = 2 * (blen < alen and blen or alen)
    local half = distance > 0 and distance * 0.5 or shorter * 0.2
    if not (alen > 0) then error("pinch: the box has no size on screen") end
    local inv = 1 / alen
    local dx, dy = ax * inv, ay * inv
    local function fingers(f)
      local r = half * scale ^ f
      local a = turn * f
      local sn, cs = sin(a), cos(a)
      local vx, vy = (dx * cs - dy * sn) * r, (dx * sn + dy * cs) * r
      local ox, oy = cx + px * f, cy + py * f
      return ox - vx, oy - vy, ox + vx, oy + vy
    end
    charge(e, k * 3 + 4)
    local p1x, p1y, p2x, p2y = fingers(0)
    down(downs, e, 1, p1x, p1y, t0)
    down(downs, e, 2, p2x, p2y, t0)
    for i = 1, k do
      local f = i / k
      p1x, p1y, p2x, p2y = fingers(f)
      move(e, 1, p1x, p1y, t0 + d * f)
      move(e, 2, p2x, p2y, t0 + d * f)
      timer(e, t0 + d * f)
    end
    up(downs, e, 1, p1x, p1y, t0 + d)
    up(downs, e, 2, p2x, p2y, t0 + d)
  end

  -- ---- taps, holds and time ----------------------------------------------------------------------

  local tap_keys = set {"pointer", "mods", "release"}

  -- The point and options of tap, double_tap and hold: x, y, pointer, mods, release.
  local function tap_args(fname, x, y, o, optarg)
    number(x, "x")
    number(y, "y")
    if o ~= nil then
      if type(o) ~= "table" then
        error(format("bad argument #%d to '%s' (table expected, got %s)", optarg, fname, typename(o)))
      end
      check_keys(o, tap_keys, "options")
    end
    local id, mods = opt_pointer(o), check_mods(opt(o, "mods"))
    local release = true
    local r = opt(o, "release")
    if r ~= nil then
      if type(r) ~= "boolean" then error(format("release must be a boolean (got %s)", typename(r))) end
      release = r
    end
    return id, mods, release
  end

  local function point_finite(x, y)
    if not (finite(x) and finite(y)) then error("x and y must be finite") end
  end

  -- A press and release `length` seconds apart, with a timer tick before the release.
  local function tap_at(downs, e, id, mods, x, y, t, length)
    down(downs, e, id, x, y, t, mods)
    timer(e, t + length)
    up(downs, e, id, x, y, t + length, mods)
  end

  -- e:tap(x, y [, {pointer, mods}]): a press and release 50 ms apart.
  function macros.tap(downs, e, x, y, o)
    local t0 = e:time()
    local id, mods = tap_args("tap", x, y, o, 3)
    charge(e, 3)
    point_finite(x, y)
    tap_at(downs, e, id, mods, x, y, t0, 0.05)
  end

  -- e:double_tap(x, y [, {pointer, mods}]): two taps well within the engine's double_tap_interval.
  function macros.double_tap(downs, e, x, y, o)
    local t0 = e:time()
    local id, mods = tap_args("double_tap", x, y, o, 3)
    charge(e, 6)
    point_finite(x, y)
    local third = e:describe().double_tap_interval / 3
    local gap = third < 0.04 and third or 0.04
    tap_at(downs, e, id, mods, x, y, t0, gap)
    tap_at(downs, e, id, mods, x, y, t0 + 2 * gap, gap)
  end

  -- e:hold(x, y, seconds [, {pointer, mods, release = true}]): a press, timer ticks at 60 Hz, the
  -- release (unless release = false: the pointer stays down, the script's to lift).
  function macros.hold(downs, e, x, y, seconds, o)
    local t0 = e:time()
    number(x, "x")
    number(y, "y")
    number(seconds, "seconds")
    local id, mods, release = tap_args("hold", x, y, o, 4)
    point_finite(x, y)
    seconds = duration(seconds)
    local n = ticks(seconds)
    charge(e, n + 2)
    down(downs, e, id, x, y, t0, mods)
    for i = 1, n do timer(e, t0 + seconds * i / n) end
    if release then
      up(downs, e, id, x, y, t0 + seconds, mods)
    else
      for i = #downs, 1, -1 do downs[i] = nil end -- left down on purpose
    end
  end

  -- e:advance(seconds): timer ticks at 60 Hz up to the engine's time + seconds.
  function macros.advance(_, e, seconds)
    local t0 = e:time()
    seconds = duration(number(seconds, "seconds"))
    local n = ticks(seconds)
    charge(e, n)
    for i = 1, n do timer(e, t0 + seconds * i / n) end
  end

  -- ---- nudge -------------------------------------------------------------------------------------

  local nudge_keys = set {"key", "times", "mods"}
  local arrows = set {"left", "right", "up", "down"}

  -- e:nudge{key = "left", times = 1, mods = {...}}: `times` presses (down and up) of an arrow key at
  -- the engine's time: one nudge run (it commits once the engine's time moves 1 s on). Returns
  -- whether any press did something.
  function macros.nudge(_, e, ...)
    local o = ...
    need_table(o, select("#", ...) > 0, "nudge")
    check_keys(o, nudge_keys, "nudge")
    local key = check_key(o.key)
    if not arrows[key] then error("nudge: key must be left, right, up or down") end
    local times = opt_integer(o, "times", 1)
    local mods = check_mods(o.mods)
    local n = steps(times)
    charge(e, n * 2)
    local moved = false
    for _ = 1, n do
      if e:key("down", key, nil, mods) then moved = true end
      if e:key("up", key, nil, mods) then moved = true end
    end
    return moved
  end

  return macros
end
