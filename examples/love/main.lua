-- A small LÖVE 11 game with Grip as its editing overlay (bindings/luajit/grip.lua, LuaJIT FFI).
--
--   love examples/love                          play: arrows walk the fox, E toggles editing
--   love examples/love --screenshot OUT.png     a scripted edit, one picture as PNG, exit
--   love examples/love --touch-test             scripted touches through love.touch*, checked, exit
--
-- Editing (E): the game pauses; click selects a sprite (shift adds), drag moves it, the handles
-- resize and turn it, a drag from an empty place draws a marquee, a double click resets it;
-- on a touch screen each finger is a Grip pointer of its own: one drags, two pinch (move, scale
-- and turn a sprite together);
-- arrows nudge the selection (shift: 10), Escape cancels or clears, Tab walks the sprites,
-- ctrl-z / ctrl-shift-z undo and redo (Grip's history), Delete removes the selection; right
-- drag pans the camera, the wheel zooms about the mouse.
-- The libgrip.so used: GRIP_LIBRARY, else one on the loader's path, else this clone's build.

-- ---- the binding, from this clone (or wherever grip.lua is on package.path) --------------------
local source = love.filesystem.getSource()
package.path = source .. "/../../bindings/luajit/?.lua;" .. package.path
local grip = require "grip"
if not os.getenv("GRIP_LIBRARY") and not pcall(grip.load, nil) then
  grip.load(source .. "/../../.build/release/libgrip.so")
end

-- ---- the scene: sprites are Grip boxes; the game keeps what they look like -----------------------
local W, H = 1600, 900                       -- the world
local e = grip.new{width = W, height = H, selection = "pointer"}
local looks = {}                             -- box -> {kind, colour}
local function sprite(kind, x, y, w, h, colour, extra)
  local d = {x = x, y = y, width = w, height = h, rotation_snap = math.pi / 12}
  for k, v in pairs(extra or {}) do d[k] = v end
  local b = e:box(d)
  looks[b] = {kind = kind, colour = colour}
  return b
end

local ground = sprite("ground", 0, 760, W, 140, {0.42, 0.62, 0.27}, {selectable = false})
local house = sprite("house", 980, 470, 260, 290, {0.86, 0.55, 0.38})
local door = sprite("door", 100, 170, 60, 120, {0.45, 0.28, 0.18}, {parent = house})
local tree1 = sprite("tree", 160, 440, 170, 320, {0.20, 0.55, 0.25})
local tree2 = sprite("tree", 1360, 500, 130, 260, {0.25, 0.60, 0.30})
local sun = sprite("sun", 1280, 60, 120, 120, {0.98, 0.80, 0.20})
local fox = sprite("fox", 520, 660, 110, 100, {0.93, 0.47, 0.15}, {resize_mode = "uniform"})
local flowers = {}
for i = 1, 5 do flowers[i] = sprite("flower", 420 + i * 70, 715, 34, 46, {0.9, 0.3 + i * 0.1, 0.6}) end
local cloud = sprite("cloud", 300, 90, 260, 90, {1, 1, 1})

-- moves and resizes snap to the other sprites' edges, centres and equal gaps (ctrl held: not)
e:set_snapping{flags = {"edges", "centers", "gaps", "while_resizing"}}

-- ---- the camera ----------------------------------------------------------------------------------
local cam = {zoom = 0.7, x = 0, y = 0}
local function apply_camera() e:set_view{a = cam.zoom, d = cam.zoom, tx = cam.x, ty = cam.y} end
local function zoom_about(f, sx, sy)
  local z = math.max(0.2, math.min(5, cam.zoom * f))
  cam.x = sx - (sx - cam.x) * z / cam.zoom
  cam.y = sy - (sy - cam.y) * z / cam.zoom
  cam.zoom = z
  apply_camera()
end

-- ---- time and state -----------------------------------------------------------------------------
local t0 = love.timer.getTime()
local function now() return math.max(e:time(), love.timer.getTime() - t0) end
local editing, panning, screenshot, frames = false, false, nil, 0
local walk = 0

local function mods()
  local m = {}
  if love.keyboard.isDown("lshift", "rshift") then m[#m + 1] = "shift" end
  if love.keyboard.isDown("lalt", "ralt") then m[#m + 1] = "alt" end
  if love.keyboard.isDown("lctrl", "rctrl") then m[#m + 1] = "ctrl" end
  if love.keyboard.isDown("lgui", "rgui") then m[#m + 1] = "meta" end
  return m
end

-- ---- drawing ------------------------------------------------------------------------------------

-- A sprite in its own box space (0, 0)-(w, h): the BOX command's transform does the rest.
local function draw_sprite(kind, c, w, h, t)
  local g = love.graphics
  g.setColor(c)
  if kind == "ground" then
    g.rectangle("fill", 0, 0, w, h)
    g.setColor(0.35, 0.52, 0.22)
    for x = 0, w, 40 do g.polygon("fill", x, 0, x + 12, -14, x + 24, 0) end
  elseif kind == "house" then
    g.rectangle("fill", 0, h * 0.35, w, h * 0.65)
    g.setColor(0.60, 0.22, 0.20)
    g.polygon("fill", -14, h * 0.36, w / 2, 0, w + 14, h * 0.36)
    g.setColor(0.75, 0.88, 0.98)
    g.rectangle("fill", w * 0.62, h * 0.5, w * 0.22, h * 0.18)
  elseif kind == "tree" then
    g.setColor(0.45, 0.30, 0.18)
    g.rectangle("fill", w * 0.42, h * 0.55, w * 0.16, h * 0.45)
    g.setColor(c)
    g.ellipse("fill", w / 2, h * 0.33, w / 2, h * 0.33)
  elseif kind == "sun" then
    g.circle("fill", w / 2, h / 2, w * 0.32)
    for i = 0, 11 do
      local a = i * math.pi / 6 + t * 0.3
      g.line(w / 2 + math.cos(a) * w * 0.38, h / 2 + math.sin(a) * h * 0.38, w / 2 + math.cos(a) * w * 0.5, h / 2 + math.sin(a) * h * 0.5)
    end
  elseif kind == "fox" then
    g.ellipse("fill", w * 0.45, h * 0.62, w * 0.38, h * 0.28)
    g.circle("fill", w * 0.8, h * 0.35, h * 0.22)
    g.polygon("fill", w * 0.7, h * 0.2, w * 0.74, 0, w * 0.82, h * 0.16)
    g.polygon("fill", w * 0.84, h * 0.16, w * 0.92, 0, w * 0.95, h * 0.22)
    g.setColor(1, 1, 1)
    g.polygon("fill", 0, h * 0.5, w * 0.12, h * 0.62, 0, h * 0.74)
    g.setColor(0.1, 0.1, 0.1)
    g.circle("fill", w * 0.86, h * 0.32, h * 0.04)
  elseif kind == "flower" then
    g.setColor(0.2, 0.55, 0.2)
    g.rectangle("fill", w * 0.45, h * 0.4, w * 0.1, h * 0.6)
    g.setColor(c)
    for i = 0, 4 do
      local a = i * math.pi * 2 / 5
      g.circle("fill", w / 2 + math.cos(a) * w * 0.25, h * 0.3 + math.sin(a) * w * 0.25, w * 0.2)
    end
    g.setColor(1, 0.9, 0.3)
    g.circle("fill", w / 2, h * 0.3, w * 0.15)
  elseif kind == "cloud" then
    g.ellipse("fill", w * 0.3, h * 0.6, w * 0.25, h * 0.35)
    g.ellipse("fill", w * 0.55, h * 0.45, w * 0.3, h * 0.45)
    g.ellipse("fill", w * 0.78, h * 0.62, w * 0.2, h * 0.3)
  else
    g.rectangle("fill", 0, 0, w, h)
  end
end

-- The part [s0, s1] of the line (ax, ay) + s (ux, uy) inside the rectangle x0..x1, y0..y1
-- (Liang-Barsky), or nil when none is (also for NaN or infinite input).
local function clip_line(ax, ay, ux, uy, s0, s1, x0, y0, x1, y1)
  local function edge(p, q)
    if not (q > -math.huge and q < math.huge) then s0 = math.huge; return end -- NaN, or beyond any screen
    if p == 0 then
      if q < 0 then s0 = math.huge end -- parallel to this edge and outside it
    elseif p ~= p then
      s0 = math.huge
    else
      local s = q / p
      if p < 0 then if s > s0 then s0 = s end elseif s < s1 then s1 = s end
    end
  end
  edge(-ux, ax - x0); edge(ux, x1 - ax); edge(-uy, ay - y0); edge(uy, y1 - ay)
  if s0 <= s1 then return s0, s1 end
end

-- The most dashes one edge draws; past it (a pattern finer than a pixel) the visible part is solid.
local MAX_DASHES = 4096

-- A dashed closed polyline: `on` drawn, `off` skipped, from `phase` into the pattern (marching
-- ants). Only what the window shows is drawn: each edge clipped to the window (outset by the line
-- width and a pixel), its dashes where the whole pattern puts them (the pattern carried along the
-- full edge, so they stay put while the view pans); an edge far outside costs nothing.
local function dashed(v, first, n, on, off, phase)
  local g = love.graphics
  local period = on + off
  local m = g.getLineWidth() + 1
  local x0, y0 = -m, -m
  local x1, y1 = g.getWidth() + m, g.getHeight() + m
  if not (on > 0 and off > 0 and period < math.huge) then period = 0 end
  local pos = 0
  if period > 0 and phase == phase and phase > -math.huge and phase < math.huge then pos = phase % period end
  for i = 0, n - 1 do
    local a, b = v[first + i], v[first + (i + 1) % n]
    local dx, dy = b.x - a.x, b.y - a.y
    local len = math.sqrt(dx * dx + dy * dy)
    if len > 0 and len < math.huge then
      local start = pos
      if period > 0 then pos = (pos + len) % period end
      local ux, uy = dx / len, dy / len
      local s0, s1 = clip_line(a.x, a.y, ux, uy, 0, len, x0, y0, x1, y1)
      if s0 then
        local px = math.min(x1, math.max(x0, a.x + ux * s0))
        local py = math.min(y1, math.max(y0, a.y + uy * s0))
        local seen = s1 - s0
        local function at(s)
          return math.min(x1, math.max(x0, px + ux * s)), math.min(y1, math.max(y0, py + uy * s))
        end
        local ph = period > 0 and (start + s0) % period or 0
        local count = period > 0 and math.floor((seen + ph) / period) + 1 or math.huge
        if count > MAX_DASHES then
          local ex, ey = at(seen)
          g.line(px, py, ex, ey)
        else
          for j = 0, count - 1 do
            local ds, de = math.max(0, j * period - ph), math.min(seen, j * period - ph + on)
            if de > ds then
              local fx, fy = at(ds)
              local tx, ty = at(de)
              g.line(fx, fy, tx, ty)
            end
          end
        end
      end
    end
  end
end

local function poly(v, first, n, closed)
  local pts = {}
  for i = 0, n - 1 do pts[#pts + 1] = v[first + i].x; pts[#pts + 1] = v[first + i].y end
  if closed then pts[#pts + 1] = pts[1]; pts[#pts + 1] = pts[2] end
  if #pts >= 4 then love.graphics.line(pts) end
end

local K = grip.command_kind
local transform = love.math.newTransform()
local SELECTION = 0xFFFFFFFFFFFFFFFFULL

-- Every command of a frame: BOX commands are the game's sprites, the rest Grip's overlay.
local function draw_frame(f, t)
  local g = love.graphics
  local cmds, v = f.commands, f.vertices
  for i = 0, tonumber(f.command_count) - 1 do
    local c = cmds[i]
    local kind = tonumber(c.kind)
    if kind == K.box then
      local look = looks[e:_box(c.box)]
      if look then
        local m = c.transform
        transform:setMatrix(m.a, m.c, 0, m.tx, m.b, m.d, 0, m.ty, 0, 0, 1, 0, 0, 0, 0, 1)
        g.push()
        g.applyTransform(transform)
        draw_sprite(look.kind, look.colour, c.width, c.height, t)
        g.pop()
      end
    elseif editing then
      local group = c.box == SELECTION
      local w = math.max(1, c.stroke_width)
      g.setLineWidth(w)
      if kind == K.border then
        g.setColor(1, 1, 1, 0.9)
        poly(v, c.first_vertex, c.vertex_count, true)
        if group then g.setColor(0.49, 0.23, 0.93) else g.setColor(0.15, 0.39, 0.92) end
        dashed(v, c.first_vertex, c.vertex_count, c.dash_on, c.dash_off, c.dash_phase)
      elseif kind == K.handle then
        local hot = bit.band(c.state, 3) ~= 0
        g.setColor(0.1, 0.15, 0.25, 0.5)
        g.circle("fill", c.center.x, c.center.y, c.radius + 1)
        g.setColor(1, 1, 1)
        g.circle("fill", c.center.x, c.center.y, c.radius)
        if hot then g.setColor(0.98, 0.45, 0.09) elseif group then g.setColor(0.49, 0.23, 0.93) else g.setColor(0.15, 0.39, 0.92) end
        g.circle("fill", c.center.x, c.center.y, c.inner_radius)
      elseif kind == K.indicator then
        g.setLineWidth(w + 1)
        g.setColor(0.06, 0.73, 0.51)
        poly(v, c.first_vertex, c.vertex_count, false)
      elseif kind == K.guide or kind == K.gap then
        g.setColor(0.93, 0.28, 0.6)
        poly(v, c.first_vertex, c.vertex_count, false)
      elseif kind == K.outline then
        if bit.band(c.state, 1) ~= 0 then g.setColor(0.38, 0.65, 0.98, 0.8) else g.setColor(0.23, 0.51, 0.96) end
        poly(v, c.first_vertex, c.vertex_count, true)
      elseif kind == K.marquee then
        local pts = {}
        for k = 0, c.vertex_count - 1 do pts[#pts + 1] = v[c.first_vertex + k].x; pts[#pts + 1] = v[c.first_vertex + k].y end
        g.setColor(0.23, 0.51, 0.96, 0.15)
        g.polygon("fill", pts)
        g.setColor(0.23, 0.51, 0.96, 0.9)
        poly(v, c.first_vertex, c.vertex_count, true)
      end
    end
  end
  g.setLineWidth(1)
end

-- ---- the game ------------------------------------------------------------------------------------

love.keyboard.setKeyRepeat(true)
local touch_test   -- --touch-test's script (defined with the touch callbacks below)

function love.load(args)
  local touch_only = false
  local usage = "usage: love examples/love [--screenshot OUT.png] [--touch-test]\n"
  local i = 1
  while i <= #args do
    if args[i] == "--screenshot" and args[i + 1] then
      screenshot = args[i + 1]
      i = i + 1
    elseif args[i] == "--touch-test" then
      touch_only = true
    elseif args[i] == "--help" or args[i] == "-h" then
      io.stdout:write(usage)
      love.event.quit(0)
      return
    else -- an unknown option or word
      io.stderr:write(usage)
      love.event.quit(2)
      return
    end
    i = i + 1
  end
  love.graphics.setBackgroundColor(0.68, 0.85, 0.96)
  apply_camera()
  if touch_only then
    local ok, passed = pcall(touch_test)
    if not ok then print("grip-love: touch test: " .. tostring(passed)) end
    love.event.quit(ok and passed and 0 or 1)
    return
  end
  if screenshot then
    -- the scripted edit: editing on, the fox and two flowers selected, the house turned a little
    editing = true
    e:select(fox)
    e:select(flowers[2], "add")
    e:select(flowers[4], "add")
    house:configure{rotation = -0.08}
    e:tick(0.5)
  end
end

function love.update(dt)
  local t = now()
  if not editing then
    -- play: the fox walks with the arrows (its box follows), the cloud drifts, flowers sway
    local dx = (love.keyboard.isDown("right") and 1 or 0) - (love.keyboard.isDown("left") and 1 or 0)
    if dx ~= 0 then
      local d = fox:describe()
      fox:configure{x = math.max(0, math.min(W - d.width, d.x + dx * 220 * dt)), flipped_x = dx < 0}
      walk = walk + dt
    end
    local c = cloud:describe()
    cloud:configure{x = (c.x + 20 * dt) % W}
    for i, f in ipairs(flowers) do f:configure{rotation = 0.12 * math.sin(t * 2 + i)} end
  end
  e:tick(math.max(t, e:time()))
end

function love.draw()
  local t = e:time()
  draw_frame(e:frame_raw(), t)
  love.graphics.setColor(0.1, 0.12, 0.18)
  local sel = #e:selection()
  local undo = e:history()
  love.graphics.print(editing and ("EDITING (E: play)   %d selected, %d steps to undo (ctrl-z)   right drag: pan, wheel: zoom")
                      :format(sel, undo) or "PLAYING (E: edit)   arrows: walk", 12, 10)
  frames = frames + 1
  if screenshot and frames == 3 then
    love.graphics.captureScreenshot(function(img)
      local f = assert(io.open(screenshot, "wb"))
      f:write(img:encode("png"):getString())
      f:close()
      print(("grip-love: wrote %s (%d x %d)"):format(screenshot, img:getWidth(), img:getHeight()))
      love.event.quit(0)
    end)
  end
end

-- LÖVE key names -> Grip's keys (modifiers both sides)
local grip_keys = {left = "left", right = "right", up = "up", down = "down", escape = "escape", tab = "tab",
                   lshift = "shift", rshift = "shift", lalt = "alt", ralt = "alt", lctrl = "ctrl", rctrl = "ctrl",
                   lgui = "meta", rgui = "meta"}

function love.keypressed(key)
  if key == "e" then
    editing = not editing
    if not editing then e:select(nil) end
  elseif not editing then
    if key == "escape" then love.event.quit(0) end
  elseif (key == "z" or key == "y") and love.keyboard.isDown("lctrl", "rctrl", "lgui", "rgui") then
    if key == "z" and not love.keyboard.isDown("lshift", "rshift") then e:undo() else e:redo() end
  elseif key == "delete" or key == "backspace" then
    for _, b in ipairs(e:selection()) do looks[b] = nil; b:destroy() end
  elseif grip_keys[key] then
    e:key("down", grip_keys[key], now(), mods())   -- a held key repeats as more downs
  end
end

function love.keyreleased(key)
  if editing and grip_keys[key] then e:key("up", grip_keys[key], now(), mods()) end
end

-- ---- touch: each finger a Grip pointer of its own (100, 101, ...: the mouse is 1) -------------------
local touches = {}                           -- LÖVE's touch id -> Grip pointer id
local function free_pointer()
  local used = {}
  for _, p in pairs(touches) do used[p] = true end
  local p = 100
  while used[p] do p = p + 1 end
  return p
end

function love.touchpressed(id, x, y)
  if not editing or touches[id] then return end
  local p = free_pointer()
  if pcall(e.pointer, e, "down", p, x, y, now(), mods()) then touches[id] = p end  -- (past max_pointers: not Grip's)
end

function love.touchmoved(id, x, y)
  local p = touches[id]
  if p then e:pointer("move", p, x, y, now(), mods()) end
end

function love.touchreleased(id, x, y)
  local p = touches[id]
  if p then
    touches[id] = nil
    e:pointer("up", p, x, y, now(), mods())
  end
end

-- LÖVE also turns a touch into mouse events (istouch true): the fingers are Grip's already.
function love.mousepressed(x, y, button, istouch)
  if istouch then return end
  if button == 1 and editing then
    e:pointer("down", 1, x, y, now(), mods())
  elseif button == 2 or button == 3 then
    panning = true
  end
end

function love.mousemoved(x, y, dx, dy, istouch)
  if istouch then return end
  if panning then
    cam.x, cam.y = cam.x + dx, cam.y + dy
    apply_camera()
  elseif editing then
    e:pointer("move", 1, x, y, now(), mods())   -- drags, and hovering (no button down)
  end
end

function love.mousereleased(x, y, button, istouch)
  if istouch then return end
  if button == 1 and editing then
    local ok = pcall(e.pointer, e, "up", 1, x, y, now(), mods())  -- (a press made while playing: no down)
    local _ = ok
  elseif button == 2 or button == 3 then
    panning = false
  end
end

function love.wheelmoved(_, dy)
  local mx, my = love.mouse.getPosition()
  zoom_about(1.15 ^ dy, mx, my)
end

function love.focus(f)
  if not f and editing then
    pcall(e.pointer, e, "cancel", 1, 0, 0, now())
    for id, p in pairs(touches) do pcall(e.pointer, e, "cancel", p, 0, 0, now()); touches[id] = nil end
  end
end

-- ---- --touch-test: touches through the callbacks above, as LÖVE calls them ----------------------
touch_test = function()
  local passed, failed = 0, 0
  local function check(cond, msg)
    if cond then passed = passed + 1 else failed = failed + 1; print("FAIL: " .. msg) end
  end
  local function centre(b)   -- a box's centre on screen
    local s = b:state()
    local w = s.world
    return e:world_to_screen(w.a * s.width / 2 + w.c * s.height / 2 + w.tx, w.b * s.width / 2 + w.d * s.height / 2 + w.ty)
  end
  for _ in e:events() do end
  local A, B, C = {}, {}, {}                 -- LÖVE's touch ids are opaque values: any key works

  -- playing: a touch is the game's, nothing moves
  editing = false
  local fx, fy = centre(fox)
  local before = fox:state().center.x
  love.touchpressed(A, fx, fy)
  love.touchmoved(A, fx + 80, fy)
  love.touchreleased(A, fx + 80, fy)
  local s = fox:state()
  check(s.center.x == before and s.scale == 1, "playing: a touch does not move the fox")
  check(next(touches) == nil, "playing: no touch held")

  -- editing: two fingers 60 apart about the fox's centre spread to 120 and turned 30 degrees:
  -- the fox's scale doubles and it turns, about the same centre
  editing = true
  local r0 = 30
  love.touchpressed(A, fx - r0, fy)
  love.touchpressed(B, fx + r0, fy)
  love.mousepressed(fx - r0, fy, 1, true)    -- LÖVE's mouse for the first finger: left alone
  check(touches[A] == 100 and touches[B] == 101, "two fingers, pointers 100 and 101")
  for i = 1, 10 do
    local k = i / 10
    local r, a = r0 * (1 + k), math.pi / 6 * k
    love.touchmoved(A, fx - r * math.cos(a), fy - r * math.sin(a))
    love.touchmoved(B, fx + r * math.cos(a), fy + r * math.sin(a))
    love.mousemoved(fx - r * math.cos(a), fy - r * math.sin(a), 0, 0, true)
  end
  love.touchreleased(A, fx - 60 * math.cos(math.pi / 6), fy - 60 * math.sin(math.pi / 6))
  love.touchreleased(B, fx + 60 * math.cos(math.pi / 6), fy + 60 * math.sin(math.pi / 6))
  love.mousereleased(fx, fy, 1, true)
  s = fox:state()
  check(math.abs(s.scale - 2) < 1e-6, ("the pinch doubled the fox's scale (%.6f)"):format(s.scale))
  check(math.abs(s.rotation - math.pi / 6) < 1e-6, ("and turned it 30 degrees (%.6f)"):format(s.rotation))
  local cx, cy = centre(fox)
  check(math.abs(cx - fx) < 1e-6 and math.abs(cy - fy) < 1e-6, "about its centre")
  local pinch, mouse = false, false
  for ev in e:events() do
    if ev.kind == "gesture_began" and ev.gesture == "pinch" and ev.box == fox then pinch = true end
    if ev.pointer == 1 then mouse = true end
  end
  check(pinch, "a pinch gesture began on the fox")
  check(not mouse, "no event from the mouse pointer (the touch's mouse events were left alone)")
  check(next(touches) == nil, "no touch held after the releases")

  -- one finger drags a flower 70 screen units right: 100 world units at zoom 0.7 (snapping off:
  -- the other flowers' edges and gaps would catch it)
  e:set_snapping(nil)
  local f1 = flowers[1]
  local x0 = f1:state().center.x
  local px, py = centre(f1)
  love.touchpressed(C, px, py)
  for i = 1, 7 do love.touchmoved(C, px + 10 * i, py) end
  love.touchreleased(C, px + 70, py)
  check(math.abs(f1:state().center.x - x0 - 100) < 1e-6,
        ("one finger dragged a flower by 100 world units (%.6f)"):format(f1:state().center.x - x0))
  e:set_snapping{flags = {"edges", "centers", "gaps", "while_resizing"}}

  -- dashes are clipped to the window: a closed edge 2e6 long from x = -1e6 along y = 100, on 4,
  -- off 4 from phase 0, draws only the dashes the window shows, each where the whole pattern has
  -- it (from 8k to 8k + 4 past -1e6, or cut at the window's edges); the way back along y = 200
  -- starts 2e6 + 100 into the pattern (the right side is 100 long), 4 into a period, so its dashes
  -- run from 8k + 4 before x = 1e6 to 8k before it: on the same places as the top's
  local g = love.graphics
  local line, lines = g.line, {}
  g.line = function(...) lines[#lines + 1] = {...} end
  g.setLineWidth(1)
  local ww = g.getWidth()
  dashed({[0] = {x = -1e6, y = 100}, {x = 1e6, y = 100}, {x = 1e6, y = 200}, {x = -1e6, y = 200}}, 0, 4, 4, 4, 0)
  local placed = true
  for _, l in ipairs(lines) do
    local x, w = math.min(l[1], l[3]), math.abs(l[3] - l[1])
    local lo, hi = math.min(l[1], l[3]) + 1e6, math.max(l[1], l[3]) + 1e6
    local cut_lo, cut_hi = lo == 1e6 - 2, hi == 1e6 + ww + 2
    local on_grid = (cut_lo or lo % 8 == 0) and (cut_hi or hi % 8 == 4)
    if not (x >= -2 and x + w <= ww + 2 and w <= 4 and (l[2] == 100 or l[2] == 200) and on_grid) then placed = false end
  end
  -- the window's width plus 4 outset, in 8-unit periods, each way: about 2 * (ww + 4) / 8 dashes
  check(#lines >= 2 * math.floor((ww + 4) / 8) and #lines <= 2 * (math.ceil((ww + 4) / 8) + 1),
        ("a 2e6-wide border draws its visible dashes only (%d for a window %d wide)"):format(#lines, ww))
  check(placed, "each visible dash where the whole pattern puts it")
  -- an editing 1e9-unit box at zoom 5 (5e9 pixels a side, its top edge across the window): one
  -- frame drawn in well under a second, in the lines the window shows
  lines = {}
  local huge = e:box{x = -5e8, y = 60, width = 1e9, height = 1e9} -- its top edge at y = 300 on screen
  huge:set_editing(true)
  local zoom = cam.zoom
  e:set_view{a = 5, d = 5, tx = 0, ty = 0}
  local t0 = love.timer.getTime()
  draw_frame(e:frame_raw(), 0)
  local took = love.timer.getTime() - t0
  g.line = line
  local drawn = ("an editing 1e9-unit box at zoom 5 draws in %.4f s with %d lines"):format(took, #lines)
  check(took < 0.5 and #lines < 5000, drawn)
  print("grip-love: " .. drawn)
  huge:destroy()
  cam.zoom = zoom
  apply_camera()

  print(("grip-love: touch test: %d checks passed, %d failed"):format(passed, failed))
  return failed == 0
end
