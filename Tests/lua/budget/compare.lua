-- expect: time limit exceeded
-- == and < on two 16 MiB strings: one VM instruction, a memcmp each. The wall-clock backstop stops them.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local a, b = big("x", 16 * 2^20), big("x", 16 * 2^20)
while true do local _ = a == b, a < b end
