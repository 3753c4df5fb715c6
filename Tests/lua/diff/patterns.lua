-- Differential test of the pattern matcher: random patterns (classes including %z, sets, the
-- four quantifiers, anchors, captures and position captures, back references, %f, %b) against
-- random subjects (embedded zeros included) through find, match, gmatch and gsub. It prints one
-- line per case; Tests/lua/run.sh runs it through grip-cli (Grip's matcher) and through stock
-- lua5.4 (Lua's own) and requires the two outputs to be identical. Errors print as "error":
-- only whether a call fails is compared, not the wording.
local seed = 12345
local function rand(n)  -- a fixed LCG, so both runs see the same cases
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n + 1
end
local function pick(t) return t[rand(#t)] end

local atoms = {"a", "b", "c", "0", ".", "%a", "%d", "%s", "%w", "%z", "%Z", "%p", "%l", "%u", "%x",
               "%A", "%D", "%%", "%.", "[abc]", "[^a]", "[a-c]", "[%d%z]", "[^%z]", "[]]", "\0", "(", ")",
               "()", "%1", "%2", "%0", "%b()", "%bab", "%f[%a]", "%f[%z]", "%f[^%z]", "%f[a]", "$", "^"}
local quants = {"", "", "", "*", "+", "-", "?"}
local subjects = {"", "abc", "aabbcc", "a\0b\0c", "(a(b)c)", "ab ab", "0x1F a9 zz", "\0\0a", "abcabc",
                  "  x  ", "ba(ab)ba", "%a.", "a]b", "aaaaaaaaaaaaaaaaaaaa"}

local function pattern()
  local parts = {}
  if rand(5) == 1 then parts[1] = "^" end
  for _ = 1, rand(6) do
    local a = pick(atoms)
    parts[#parts + 1] = a
    if #a == 1 or a:sub(1, 1) == "%" and #a == 2 and not a:match("%%[%dbf]") or a:sub(1, 1) == "[" then
      parts[#parts + 1] = pick(quants)
    end
  end
  return table.concat(parts)
end

local function show(...)
  local n = select("#", ...)
  local out = {}
  for i = 1, n do out[i] = string.format("%q", tostring((select(i, ...)))) end
  return table.concat(out, ",")
end

local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  if not r[1] then return "error" end
  return show(table.unpack(r, 2, r.n))
end

local function gm(s, p)
  local got, n = {}, 0
  for a, b in s:gmatch(p) do
    n = n + 1
    got[#got + 1] = tostring(a) .. "|" .. tostring(b)
    if n > 50 then break end
  end
  return table.concat(got, ";")
end

local cases = tonumber(arg and arg[1]) or 20000
for i = 1, cases do
  local p, s = pattern(), pick(subjects)
  local init = rand(4) - 2
  print(i, string.format("%q", p), string.format("%q", s),
        try(string.find, s, p, init), try(string.match, s, p),
        try(gm, s, p), try(string.gsub, s, p, "<%0>", 3))
end
