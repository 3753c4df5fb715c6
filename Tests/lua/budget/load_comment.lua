-- expect: instruction limit exceeded
-- load of a 16 MiB comment: the parser reads every byte.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = "--" .. big("x", 16 * 2^20)
while true do load(s) end
