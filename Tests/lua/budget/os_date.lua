-- expect: instruction limit exceeded
-- os.date runs strftime for each character of its format.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local f = big("%c", 2^19)
while true do os.date(f, 0) end
