-- expect: instruction limit exceeded
-- print is charged per byte written: one call from the host prints at most about its budget in bytes.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("x", 2^20)
while true do print(s) end
