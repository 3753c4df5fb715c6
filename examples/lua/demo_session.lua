-- A scripted editing session: moves, resizes, flips, rotates, pinches and long-presses boxes,
-- printing what it does. Every gesture is synthesized as the pointer and timer events a host
-- would send, through the same dispatch path.
--
--   grip-cli run examples/lua/demo_session.lua
--   grip-cli render examples/lua/demo_session.lua --svg out/demo.svg
--   LUA_CPATH='path/to/lib/?.so' lua5.4 examples/lua/demo_session.lua   (grip.so -> libgrip.so)
local grip = grip or require "grip"
local e = grip.host or grip.new{width = 800, height = 600}

local function say(fmt, ...) print(string.format(fmt, ...)) end

local names = {}
local function show(b)
  local s = b:state()
  local flips = (s.flipped_x and " flipped-x" or "") .. (s.flipped_y and " flipped-y" or "")
  say("    %-8s centre (%.0f, %.0f)  %.0f x %.0f  rotation %.1f deg  scale %.2f%s", names[b], s.center.x,
      s.center.y, s.width, s.height, math.deg(s.rotation), s.scale, flips)
end

local function box(name, desc)
  local b = e:box(desc)
  names[b] = name
  -- Narrate the gesture boundaries; CHANGED events would be one line per pointer move.
  b:on("any", function(ev)
    if ev.kind ~= "gesture_changed" and ev.kind ~= "editing_changed" then
      local what = ev.gesture ~= "none" and (" " .. ev.gesture) or ""
      local handle = ev.handle ~= "none" and (" by " .. ev.handle) or ""
      say("      event: %s%s%s on %s at t=%.2f", ev.kind, what, handle, name, ev.time)
    end
  end)
  return b
end

say("Grip %s: a scripted editing session", grip.version)
local photo = box("photo", {x = 60, y = 60, width = 280, height = 200, editing = true, contain = true,
                            inset_top = 8, inset_left = 8, inset_bottom = 8, inset_right = 8, user_data = 1})
local caption = box("caption", {parent = photo, x = 20, y = 140, width = 150, height = 40, editing = true,
                                user_data = 2})
local sticker = box("sticker", {x = 480, y = 70, width = 120, height = 120, editing = true,
                                resize_mode = "uniform", rotation_snap = math.pi / 12, user_data = 3})
local card = box("card", {x = 440, y = 330, width = 220, height = 140, editing = true, allow = "all",
                          indicator = "rounded_rect", corner_radius = 14, user_data = 4})
local note = box("note", {x = 80, y = 370, width = 170, height = 120, allow = {"move", "long_press"},
                          indicator = "circle", user_data = 5})
local label = box("label", {x = 620, y = 225, width = 110, height = 50, rotation = math.pi / 6, editing = true,
                            user_data = 6})
local tag = box("tag", {x = 290, y = 460, width = 110, height = 90, allow = {"move", "long_press"},
                        indicator = "rect", user_data = 7})
say("  seven boxes: a photo with a caption inside it, a sticker, a card, a note, a rotated label and a tag")
for _, b in ipairs{photo, caption, sticker, card, note, label, tag} do show(b) end

say("\n1. move the photo by (40, 30); its caption comes along")
e:drag{from = {200, 100}, to = {240, 130}}
show(photo)
show(caption)

say("\n2. widths of the photo snap to multiples of 20 (a Lua constraint); resize it from the bottom-right corner")
photo:set_constraint(function(proposed, current)
  proposed.width = math.max(20, math.floor(proposed.width / 20 + 0.5) * 20)
  return proposed
end)
e:drag_handle(photo, "bottom_right", 57, 35)
show(photo)

say("\n3. flip the caption: drag its left edge past its right edge")
local c = caption:state()
e:drag_handle(caption, "left", c.width + 40, 0)
show(caption)

say("\n4. rotate the sticker with its rotate handle to about 45 degrees (snaps to multiples of 15 within 5)")
e:drag_handle(sticker, "rotate", 62, 22)
show(sticker)

say("\n5. pinch the card with two fingers: 1.25x, turned -20 degrees, panned left")
e:pinch{box = card, scale = 1.25, rotate = -math.pi / 9, pan = {-30, 0}}
show(card)

say("\n6. double-tap the card: it animates back to where it was created")
local s = card:state()
e:double_tap(s.center.x, s.center.y)
e:advance(0.3)
show(card)

say("\n7. pinch it again, more gently")
e:pinch{box = card, scale = 1.1, rotate = 0.15}
show(card)

say("\n8. long-press the note for 1.2 s (the indicator fills, then it triggers)")
s = note:state()
e:hold(s.center.x, s.center.y, 1.2)
e:advance(0.3)

say("\n9. grow the sticker from its bottom-left corner (uniform: the aspect ratio stays)")
e:drag_handle(sticker, "bottom_left", -30, 30)
show(sticker)

say("\n10. resize the rotated label by its right edge, past its left edge: it flips, the left edge stays")
e:drag_handle(label, "right", -200, 0)
show(label)

say("\n11. pinch the caption inside the photo: the nested box turns and grows under both fingers")
e:pinch{box = caption, scale = 1.2, rotate = math.pi / 12}
show(caption)

say("\n12. hold the note, the card and the tag at once for half a second: three indicators, half full")
local held = {}
for i, b in ipairs{note, card, tag} do
  s = b:state()
  e:pointer("down", 20 + i, s.center.x, s.center.y)
  held[#held + 1] = b
end
e:advance(0.5)

local f = e:frame()
local counts = {}
for _, cmd in ipairs(f.commands) do counts[cmd.kind] = (counts[cmd.kind] or 0) + 1 end
say("\nfinal frame at t=%.2f: %d commands (%d boxes, %d borders, %d handles, %d indicators), %d vertices",
    f.time, #f.commands, counts.box or 0, counts.border or 0, counts.handle or 0, counts.indicator or 0,
    #f.vertices)
