-- Multiplayer from Lua: b:key / b:set_key / e:find, e:feed_enable and e:feed_read (a gesture's
-- change at its commit, the origin of an undo), e:remote_apply of one engine's feed into another
-- (the same scene, byte for byte; nothing echoed into the second's feed), refusals.
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

local a = grip.new{width = 800, height = 600, peer = 5}
local b = grip.new{width = 800, height = 600, peer = 6}
a:feed_enable(100)
b:feed_enable()
local x = a:box{x = 100, y = 100, width = 40, height = 40, user_data = 9}
check(x:key() == (5 << 32 | 1), "key: peer 5, count 1")
check(a:find(5 << 32 | 1) == x, "find")
check(a:find(77) == nil, "no box has key 77")
local y = a:box{x = 300, y = 100, width = 40, height = 40}
fails("is box", y.set_key, y, x:key())
y:set_key(1234)
check(a:find(1234) == y and y:key() == 1234, "a host's key")
-- a drag 30 to the right: nothing in the feed until the commit
local created = a:feed_read()
check(#created == 2 and created[1].kind == "created" and created[1].origin == "host", "two boxes created")
check(created[1].desc.user_data == 9 and created[1].desc.parent == nil, "the description, no parent")
a:pointer("down", 1, 120, 120, 0)
a:pointer("move", 1, 150, 120, 0.1)
check(#a:feed_read() == 0, "nothing during the drag")
a:pointer("up", 1, 150, 120, 0.2)
local changes, lost = a:feed_read()
check(#changes == 1 and not lost, "one change")
check(changes[1].kind == "changed" and changes[1].gesture == "move" and changes[1].fields[1] == "center", "the centre")
check(changes[1].before.center.x == 120 and changes[1].after.center.x == 150, "120 -> 150")
a:undo()
local undone = a:feed_read()
check(#undone == 1 and undone[1].origin == "undo" and undone[1].after.center.x == 120, "the undo")
-- b takes a's whole session
local all = {}
for _, list in ipairs{created, changes, undone} do
  for _, c in ipairs(list) do all[#all + 1] = c end
end
check(b:remote_apply(all) == #all, "all applied")
check(b:save() == a:save(), "the same scene")
check(#b:feed_read() == 0, "not echoed")
fails("kind", b.remote_apply, b, {{kind = "sideways", key = 1}})
fails("key 0", b.remote_apply, b, {{kind = "changed", key = 0, fields = {"center"}}})
fails("limit must be in", a.feed_enable, a, -1)


-- Presence: another peer's selection, live box and pointer drawn by b's frame, after the BOX
-- commands and before the local overlay, tagged with the peer and its colour.
local bx = b:find(x:key())
local serial = b:frame().serial
b:peer_set{peer = 5, color = 3, selection = {x:key(), 999}, pointer = {10, 20},
  live = {{key = x:key(), gesture = "move", geometry = {center = {200, 150}, width = 40, height = 40}}}}
local f = b:frame()
check(f.serial > serial, "the frame serial grows")
local boxes, kinds = 0, {}
for _, c in ipairs(f.commands) do
  if c.kind == "box" then boxes = boxes + 1 else kinds[#kinds + 1] = c end
end
check(#kinds == 3, "one outline (key 999 names no box), one live box, one cursor")
check(kinds[1].kind == "peer_outline" and kinds[1].peer == 5 and kinds[1].user_data == 3 and kinds[1].box == bx,
  "the outline of the selected box")
-- x is at 100..140 x 100..140 in b (a's undo put it back): its corners
local v = f.vertices[kinds[1].first_vertex + 1]
check(v.x == 100 and v.y == 100 and f.vertices[kinds[1].first_vertex + 3].x == 140, "the outline's corners")
check(kinds[2].kind == "peer_live" and kinds[2].box == bx and f.vertices[kinds[2].first_vertex + 1].x == 180,
  "the live box at centre 200 (corner 200 - 20)")
check(kinds[3].kind == "peer_cursor" and kinds[3].center.x == 10 and kinds[3].center.y == 20, "the cursor")
check(b:save() == a:save() and #b:feed_read() == 0, "the document is not presence's")
fails("pointer", b.peer_set, b, {peer = 5, pointer = {0 / 0, 0}})
fails("own", b.peer_set, b, {peer = 6})
local many = {}
for i = 1, 4097 do many[i] = i end
fails("at most 4096", b.peer_set, b, {peer = 5, selection = many})
fails("presence", b.peer_set, b, {peer = 5, colour = 1})
check(#b:frame().commands == boxes + 3, "refusals changed nothing")
check(b:peer_remove(5) == true and b:peer_remove(5) == false, "removed once")
check(#b:frame().commands == boxes, "no presence left")

print(string.format("test_sync.lua: %d checks passed", passed))
