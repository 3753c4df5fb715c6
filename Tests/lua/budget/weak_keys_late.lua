-- expect: __mode metamethods are not available
-- A weak-keyed table whose keys chain in shuffled order makes every full collection quadratic
-- inside the collector (200,000 keys: minutes). __mode set after setmetatable still counts.
local mt = {}
local t = setmetatable({}, mt)
mt.__mode = "k"
local keys = {}
for i = 1, 200000 do keys[i] = {} end
for i = 1, #keys - 1 do t[keys[i]] = keys[i + 1] end
root = keys[1]  -- the rest is reachable only along the chain, one link per pass over the table
keys = nil
collectgarbage()
collectgarbage()
