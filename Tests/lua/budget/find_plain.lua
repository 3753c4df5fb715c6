-- expect: instruction limit exceeded
-- within: 4
-- A plain find with a long needle (two-way preprocessing over the needle).
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big("a", 16 * 2^20) .. "b"
local needle = big("a", 16 * 2^20 - 1) .. "c"
while true do s:find(needle, 1, true) end
