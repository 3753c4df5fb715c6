-- Multiplayer through the LuaJIT binding: keys (b:key, b:set_key, e:find), the change feed
-- (e:feed_enable, e:feed_read) and other peers' changes (e:remote_apply): a second engine that
-- applies the first's feed saves the same scene, byte for byte; remote changes are not echoed.
-- Run: Tests/luajit/run.sh LIBDIR
local grip = require "grip"
local ffi = require "ffi"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok and tostring(err):find(pattern, 1, true) ~= nil, "expected '" .. pattern .. "', got " .. tostring(err))
end

local a = grip.new{width = 800, height = 600, peer = 3}
local b = grip.new{width = 800, height = 600, peer = 4}
a:feed_enable(100)
b:feed_enable(100)
local x = a:box{x = 100, y = 100, width = 40, height = 40, user_data = 7}
check(x:key() == ffi.new("uint64_t", 3 * 2 ^ 32 + 1), "key: peer 3, count 1")
check(a:find(x:key()) == x, "find")
check(a:find(12345) == nil, "no box with that key")
fails("GRIP_ERR_STATE", function() a:box{}:set_key(x:key()) end)
-- a drag 30 to the right: one change at the commit
a:pointer("down", 1, 120, 120, 0)
a:pointer("move", 1, 150, 120, 0.1)
check(#a:feed_read() == 2, "two creations, nothing for the move yet")
a:pointer("up", 1, 150, 120, 0.2)
local changes, lost = a:feed_read()
check(#changes == 1 and not lost, "one change")
local c = changes[1]
check(c.kind == "changed" and c.origin == "gesture" and c.gesture == "move", "a gesture's change")
check(#c.fields == 1 and c.fields[1] == "center", "the centre")
check(c.before.center.x == 120 and c.after.center.x == 150, "120 -> 150")
-- b takes a's whole session
a:undo()
a:redo()
x:configure{width = 60}
b:remote_apply({})
local all = {}
local a2 = grip.new{width = 800, height = 600, peer = 3}
a2:feed_enable(100)
local y = a2:box{x = 10, y = 10, width = 30, height = 30}
local z = a2:box{x = 50, y = 50, width = 30, height = 30, parent = y, user_data = 42}
z:order("back")
a2:pointer("down", 1, 25, 25, 0)
a2:pointer("move", 1, 65, 45, 0.1)
a2:pointer("up", 1, 65, 45, 0.2)
a2:undo()
for _, ch in ipairs(a2:feed_read()) do all[#all + 1] = ch end
check(b:remote_apply(all) == #all, "all applied")
check(b:save() == a2:save(), "the same scene")
check(#b:feed_read() == 0, "remote changes are not in b's feed")
check(b:find(z:key()):describe().user_data == 42, "user data came along")
fails("GRIP_ERR_ARG", function() b:remote_apply{{kind = "changed", key = 0, fields = {"center"}}} end)

-- Presence: another peer's selection, live box and pointer in b's frame, tagged with the peer.
local bz = b:find(z:key())
b:peer_set{peer = 3, color = 11, selection = {z:key()}, pointer = {x = 7, y = 8},
  live = {{key = z:key(), gesture = "move", geometry = {center = {x = 300, y = 200}, width = 10, height = 20}}}}
local f = b:frame()
local seen = {}
for _, c in ipairs(f.commands) do
  if c.kind == "peer_outline" or c.kind == "peer_live" or c.kind == "peer_cursor" then seen[#seen + 1] = c end
end
check(#seen == 3 and seen[1].kind == "peer_outline" and seen[2].kind == "peer_live" and seen[3].kind == "peer_cursor",
  "outline, live box, cursor in that order")
check(seen[1].peer == 3 and seen[1].user_data == 11 and seen[1].box == bz, "tagged with the peer and its colour")
local v0 = f.vertices[seen[1].first_vertex + 1]
-- z: (50, 50) in y's box space, y's top-left at (10, 10): world (60, 60)
check(v0.x == 60 and v0.y == 60, "the outline's first corner")
check(f.vertices[seen[2].first_vertex + 1].x == 295 and f.vertices[seen[2].first_vertex + 1].y == 190,
  "the live box's first corner: centre 300, 200 less half of 10 x 20")
check(seen[3].center.x == 7 and seen[3].center.y == 8, "the cursor")
check(#b:feed_read() == 0 and b:save() == a2:save(), "presence is not the document")
fails("GRIP_ERR_ARG", function() b:peer_set{peer = 3, pointer = {x = 0 / 0, y = 0}} end)
fails("GRIP_ERR_ARG", function() b:peer_set{peer = 4} end)
fails("integer", function() b:peer_set{peer = -1} end)
check(#b:frame().commands == #f.commands, "refusals changed nothing")
check(b:peer_remove(3) == true and b:peer_remove(3) == false, "removed once")
check(#b:frame().commands == #f.commands - 3, "nothing of the peer left")
print(("test_sync.lua: %d checks passed"):format(passed))
