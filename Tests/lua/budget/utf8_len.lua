-- expect: instruction limit exceeded
-- utf8.len scans its whole string in C (28 ms for 16 MiB): charged by the byte.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("x", 16 * 2^20)
while true do utf8.len(s) end
