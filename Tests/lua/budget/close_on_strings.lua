-- expect: __close metamethods are not available
-- Every string reaches the string metatable.
getmetatable("").__close = function() while true do end end
coroutine.wrap(function()
  local x <close> = "s"
  while true do end
end)()
