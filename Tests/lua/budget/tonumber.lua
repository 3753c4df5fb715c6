-- expect: instruction limit exceeded
-- tonumber converts its whole string in C: charged by the byte.
local function big(c, n) local s = c while #s < n do s = s .. s end return s:sub(1, n) end  -- no string.rep (it is charged per copy)
local s = big(" ", 16 * 2^20) .. "1"
while true do tonumber(s) end
