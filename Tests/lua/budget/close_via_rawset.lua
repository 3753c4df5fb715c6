-- expect: __close metamethods are not available
-- The same through rawset, and through the metatable's own metatable.
local mt = setmetatable({}, {__index = {}})
local t = setmetatable({}, mt)
local ok = pcall(function() getmetatable(mt).__close = 1 end)
rawset(mt, "__close", function() while true do end end)
coroutine.wrap(function()
  local x <close> = t
  while true do end
end)()
