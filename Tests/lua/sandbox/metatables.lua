-- The sandbox's metatables (run with grip-cli run --sandbox): classes, inheritance and operator
-- metamethods work as in Lua; __gc, __close and __mode can be neither given nor added later.
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function refused(f, what)
  local ok, err = pcall(f)
  check(not ok and tostring(err):find(what .. " metamethods are not available", 1, true), "not refused: " .. tostring(err))
end

local Base = {}
Base.__index = Base
function Base.new(x) return setmetatable({x = x}, Base) end
function Base:get() return self.x end
local Derived = setmetatable({}, {__index = Base})
Derived.__index = Derived
function Derived.new(x) return setmetatable(Base.new(x), Derived) end
function Derived:twice() return 2 * self:get() end
local d = Derived.new(21)
check(d:twice() == 42 and d:get() == 21, "inheritance")
check(getmetatable(d) == Derived, "getmetatable answers the metatable")
check(getmetatable(Base) == nil, "a metatable without a metatable still has none")
check(getmetatable(Derived).__index == Base, "a metatable's own metatable is the script's")
Derived.added = function() return "late" end
check(d.added() == "late", "methods added later are found")
Base.__tostring = function(self) return "base " .. self.x end
check(tostring(Base.new(3)) == "base 3", "metamethods added later work")
local V = {__add = function(a, b) return a.v + b.v end, __eq = function(a, b) return a.v == b.v end}
local a, b = setmetatable({v = 1}, V), setmetatable({v = 1}, V)
check(a + b == 2 and a == b, "operators")
check(setmetatable(a, nil) == a and getmetatable(a) == nil, "a metatable can be removed")
setmetatable(Base, {__call = function(_, x) return Base.new(x) end})
check(Base(5):get() == 5, "a metatable in use can get a metatable later")
check(getmetatable(Base).__call ~= nil, "and getmetatable shows it")
local P = setmetatable({}, {__metatable = "locked"})
check(getmetatable(P) == "locked", "__metatable is kept")
check(not pcall(setmetatable, P, {}), "a protected metatable stays protected")

refused(function() setmetatable({}, {__gc = print}) end, "__gc")
refused(function() setmetatable({}, {__close = print}) end, "__close")
refused(function() setmetatable({}, {__mode = "k"}) end, "__mode")
refused(function() V.__close = print end, "__close")
refused(function() V.__gc = print end, "__gc")
refused(function() Base.__mode = "v" end, "__mode")
refused(function() rawset(V, "__close", print) end, "__close")
refused(function() getmetatable(Derived).__mode = "k" end, "__mode")
refused(function() getmetatable("").__close = print end, "__close")
refused(function() rawset({}, "__mode", "k") end, "__mode")
local plain = {}
plain.__mode = "k"  -- a table that is not a metatable may hold the key...
refused(function() setmetatable({}, plain) end, "__mode")  -- ...and cannot become one
V.__close = nil  -- removing is fine
print("metatables.lua: " .. passed .. " checks passed")
