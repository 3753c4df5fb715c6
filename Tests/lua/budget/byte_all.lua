-- expect: instruction limit exceeded
-- s:byte(1, -1) pushes a value per byte.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("x", 900000)
while true do s:byte(1, -1) end
