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

print(string.format("test_sync.lua: %d checks passed", passed))
