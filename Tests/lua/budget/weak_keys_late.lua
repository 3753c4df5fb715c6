-- expect: __mode metamethods are not available
-- A weak-keyed table whose keys chain in shuffled order makes every full collection quadratic
-- inside the collector (200,000 keys: minutes). __mode set after setmetatable still counts.
local mt = {}
local t = setmetatable({}, mt)
mt.__mode = "k"
local keys = {}
for i = 1, 200000 do keys[i] = {} end
for i = #keys, 2, -1 do local j = math.random(i) keys[i], keys[j] = keys[j], keys[i] end
for i = 1, #keys - 1 do t[keys[i]] = keys[i + 1] end
keys = nil
collectgarbage()
collectgarbage()
