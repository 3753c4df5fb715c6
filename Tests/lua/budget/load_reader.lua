-- expect: instruction limit exceeded
-- load with a reader that hands the same long string again and again.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = "--" .. big("x", 2^20)
local function reader() return s end
while true do load(reader) end
