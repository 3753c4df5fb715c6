-- The library functions a hosted state replaces or wraps (string patterns on the step-budgeted
-- matcher; string.rep, table.*, coroutine.create/wrap) behave like Lua's own. Run standalone
-- (lua5.4 + require) the same expectations hold for stock Lua, which is the point: both columns
-- agree.
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function pack(...) return {n = select("#", ...), ...} end
local function same(got, want, what)
  local count = want.n or #want
  local ok = got.n == count
  for i = 1, count do ok = ok and got[i] == want[i] end
  if not ok then
    local g = {}
    for i = 1, got.n do g[#g + 1] = tostring(got[i]) end
    error(string.format("FAILED: %s: got (%s)", what, table.concat(g, ", ")), 2)
  end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok and tostring(err):find(pattern, 1, true), "expected error '" .. pattern .. "', got " .. tostring(err))
end

-- find
same(pack(("hello world"):find("wor")), {7, 9}, "plain find")
same(pack(("hello world"):find("o", 6)), {8, 8}, "find from init")
same(pack(("hello"):find("l+")), {3, 4}, "find with a quantifier")
same(pack(("a.b"):find(".", 1, true)), {2, 2}, "find plain = true")
same(pack(("abc"):find("b", -1)), {n = 1}, "negative init")
same(pack(("abc"):find("", 10)), {n = 1}, "init past the end")
same(pack(("abc"):find("", 4)), {4, 3}, "empty match at the end")
same(pack(("key = value"):find("(%w+) = (%w+)")), {1, 11, "key", "value"}, "find returns captures")
same(pack(("a\0b"):find("\0", 1, true)), {2, 2}, "embedded zero")
same(pack(("a+b"):find("+", 1, true)), {2, 2}, "specials in a plain find")

-- match
same(pack(("key = value"):match("(%w+)%s*=%s*(%w+)")), {"key", "value"}, "captures")
same(pack(("  trim  "):match("^%s*(.-)%s*$")), {"trim"}, "anchors and lazy")
same(pack(("2024-01-15"):match("(%d+)-(%d+)-(%d+)")), {"2024", "01", "15"}, "digits")
same(pack(("hello"):match("()ll()")), {3, 5}, "position captures")
same(pack(("f(a(b)c)d"):match("%b()")), {"(a(b)c)"}, "balanced")
same(pack(("THE (quick) fox"):match("%f[%a]%a+%f[%A]", 5)), {"quick"}, "frontier")
same(pack(("abcabc"):match("(abc)%1")), {"abc"}, "back reference")
same(pack(pcall(string.find, "hello", "()%1")), {n = 2, true, nil}, "a back reference to a position capture matches nothing")
same(pack(("a\0b"):find("%z")), {2, 2}, "%z is the zero byte")
same(pack(("a\0b"):match("%Z+$")), {"b"}, "%Z is any other byte")
same(pack(("[test]"):match("[%[](.-)[%]]")), {"test"}, "escaped brackets in sets")
same(pack(("a]b"):match("[]]")), {"]"}, "] first in a set")
same(pack(("x^y"):match("[%^x]+")), {"x^"}, "^ escaped in a set")
same(pack(("abc"):match("[^a]+")), {"bc"}, "complemented set")
same(pack(("a-z"):match("[a%-z]+")), {"a-z"}, "escaped dash")
same(pack(("b5"):match("[a-c0-4]+")), {"b"}, "ranges")
same(pack(("aaa"):match("a-b")), {n = 1}, "lazy without the end")
same(pack(("aaab"):match("a-b")), {"aaab"}, "lazy")
same(pack(("ab"):match("a?b")), {"ab"}, "optional present")
same(pack(("b"):match("a?b")), {"b"}, "optional absent")
same(pack(("a$b"):match("a$b")), {"a$b"}, "$ in the middle is literal")
same(pack(("end"):match("d$")), {"d"}, "$ anchor")
same(pack(("x1y2"):match("%d", 3)), {"2"}, "match from init")
same(pack(("caf\195\169"):match("[\128-\255]+")), {"\195\169"}, "bytes above 127")
same(pack(("Hello World"):match("%u%l+ (%u)")), {"W"}, "classes")
same(pack(("  \t x"):match("%S")), {"x"}, "complement class")
same(pack(("x"):match(".-")), {""}, "empty lazy match")
same(pack(("aaa"):match("^(a*)$")), {"aaa"}, "greedy to the end")

-- gsub
same(pack(("hello world"):gsub("o", "0")), {"hell0 w0rld", 2}, "gsub string")
same(pack(("hello"):gsub("", "-")), {"-h-e-l-l-o-", 6}, "gsub empty pattern")
same(pack(("abc"):gsub("%w", "%0%0")), {"aabbcc", 3}, "%0")
same(pack(("abc"):gsub("(%w)", "%1.")), {"a.b.c.", 3}, "%1")
same(pack(("a%b"):gsub("%%", "%%%%")), {"a%%b", 1}, "%% in both")
same(pack(("hello world"):gsub("(%w+)", {hello = "HI"})), {"HI world", 2}, "gsub table")
same(pack(("hello world"):gsub("%w+", function(w) return #w end)), {"5 5", 2}, "gsub function")
same(pack(("hello world"):gsub("%w+", function() return nil end)), {"hello world", 2}, "nil keeps the match")
same(pack(("abc"):gsub("%w", "x", 2)), {"xxc", 2}, "max replacements")
same(pack(("  x"):gsub("^%s+", "")), {"x", 1}, "anchored gsub")
same(pack(("aaa"):gsub("^a", "b")), {"baa", 1}, "anchored gsub once")
same(pack(("abc"):gsub("x*", "-")), {"-a-b-c-", 4}, "empty matches between characters")
same(pack(("abc"):gsub("b", 5)), {"a5c", 1}, "number replacement")

-- gmatch
local words = {}
for w in ("one two three"):gmatch("%a+") do words[#words + 1] = w end
same(pack(table.unpack(words)), {"one", "two", "three"}, "gmatch")
local kv = {}
for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do kv[#kv + 1] = k .. v end
same(pack(table.unpack(kv)), {"a1", "b2"}, "gmatch captures")
local n = 0
for _ in ("abc"):gmatch("") do n = n + 1 end
check(n == 4, "gmatch empty matches")
n = 0
for _ in ("abcabc"):gmatch("b", 3) do n = n + 1 end
check(n == 1, "gmatch from init")
local co = coroutine.wrap(function(it) coroutine.yield(it()) coroutine.yield(it()) end)
local it = ("x1 x2"):gmatch("x(%d)")
check(co(it) == "1" and co() == "2", "a gmatch iterator on another coroutine")

-- errors
fails("malformed pattern (ends with '%')", string.find, "x", "%")
fails("malformed pattern (missing ']')", string.find, "x", "[a")
fails("unfinished capture", string.match, "x", "(()")
fails("invalid capture index %1", string.match, "x", "%1")
fails("invalid pattern capture", string.match, "x", "x)")
fails("missing '[' after '%f' in pattern", string.match, "x", "%fx")
fails("invalid capture index %2", string.gsub, "x", "x", "%2")
fails("invalid use of '%' in replacement string", string.gsub, "x", "x", "%z")
fails("invalid replacement value (a table)", string.gsub, "x", "x", function() return {} end)
fails("too many captures", string.match, ("x"):rep(40), ("(x)"):rep(40))
fails("missing arguments to '%b'", string.match, "x", "%b")
same(pack(("x"):gsub("x", {})), {"x", 1}, "a table without the key keeps the match")

-- string.rep
check(("ab"):rep(3, ",") == "ab,ab,ab", "rep with a separator")
check(("ab"):rep(0) == "" and ("ab"):rep(-1) == "", "rep of nothing")
if grip.host then  -- stock Lua loops 2^40 times here: the hosted wrapper returns at once
  check((""):rep(1 << 40) == "", "rep of the empty string returns at once")
end

-- table
local t = {1, 2, 3}
table.insert(t, 1, 0)
same(pack(table.unpack(t)), {0, 1, 2, 3}, "insert at the front")
table.insert(t, 9)
check(t[5] == 9, "insert at the end")
check(table.remove(t) == 9 and table.remove(t, 1) == 0, "remove")
same(pack(table.unpack(t)), {1, 2, 3}, "after remove")
check(table.remove({}) == nil, "remove from an empty table")
fails("position out of bounds", table.insert, {1, 2}, 5, 3)
fails("wrong number of arguments to 'insert'", table.insert, {}, 1, 2, 3)
check(table.concat({1, 2, 3}, "-") == "1-2-3" and table.concat({1, 2, 3}, ",", 2) == "2,3", "concat")
check(table.concat({}, "x") == "" and table.concat({"a"}, ",", 1, 1) == "a", "concat edges")
same(pack(table.unpack({1, 2, 3}, 2)), {2, 3}, "unpack from i")
same(pack(table.unpack({1, 2, 3}, 2, 5)), {n = 4, 2, 3}, "unpack past the end")
local moved = table.move({1, 2, 3}, 1, 3, 2)
same(pack(table.unpack(moved)), {1, 1, 2, 3}, "move")
local sorted = {5, 3, 9, 1}
table.sort(sorted)
same(pack(table.unpack(sorted)), {1, 3, 5, 9}, "sort")
table.sort(sorted, function(a, b) return a > b end)
same(pack(table.unpack(sorted)), {9, 5, 3, 1}, "sort with a comparator")

-- coroutines
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
check(gen() == 1 and gen() == 2 and gen() == 3, "wrap")
local bad = coroutine.wrap(function() error("inside") end)
fails("inside", bad)
local c = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
same(pack(coroutine.resume(c, 1)), {true, 2}, "resume")
same(pack(coroutine.resume(c, 5)), {true, 10}, "resume again")
check(coroutine.status(c) == "dead", "status")
fails("cannot resume dead coroutine", coroutine.wrap(function() end) and (function()
  local w = coroutine.wrap(function() end)
  w()
  return w
end)())

print(string.format("test_stdlib.lua: %d checks passed", passed))
