-- expect: __close metamethods are not available
-- A __close added to a metatable after setmetatable, on a value closed by a coroutine the
-- instruction limit kills: Lua runs it with hooks off, so it must never get there.
local mt = {}
local t = setmetatable({}, mt)
mt.__close = function() while true do end end
coroutine.wrap(function()
  local x <close> = t
  while true do end
end)()
