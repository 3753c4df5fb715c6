-- expect: limit exceeded
-- table.sort of long strings: each comparison costs the strings' bytes.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("x", 8 * 2^20)
local t = {}
for i = 1, 2000 do t[i] = s end
while true do table.sort(t) end
