-- expect: instruction limit exceeded
-- string.format('%q') escapes its whole string in C.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("\0", 4 * 2^20)
while true do string.format("%q", s) end
