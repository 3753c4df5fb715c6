-- Lists the whole global environment of the state it runs in, walked recursively (and the
-- string metatable, which every string reaches), one "path type" line per value, sorted.
-- Tests/c/test_lua.c runs it in a default (sandboxed) state with the committed allow-list in
-- front of it as `local EXPECTED = [==[...]==]`; any difference fails with what was added or
-- removed. Without EXPECTED it prints the listing:
--   grip-cli run --sandbox Tests/lua/sandbox/env.lua > Tests/lua/sandbox/allowlist.txt
local seen, lines = {}, {}
local function walk(t, path)
  seen[t] = path
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    local v = rawget(t, k)
    local p = path .. "." .. tostring(k)
    if type(v) == "table" then
      if seen[v] then
        lines[#lines + 1] = p .. " table=" .. seen[v]
      else
        lines[#lines + 1] = p .. " table"
        walk(v, p)
      end
    else
      lines[#lines + 1] = p .. " " .. type(v)
    end
  end
end
walk(_G, "_G")
local mt = getmetatable("")
lines[#lines + 1] = "string_metatable " .. type(mt)
if type(mt) == "table" then walk(mt, "string_metatable") end
local listing = table.concat(lines, "\n")

if EXPECTED == nil then
  print(listing)
  return
end
local have, want = {}, {}
for l in listing:gmatch("[^\n]+") do have[l] = true end
for l in EXPECTED:gmatch("[^\n]+") do want[l] = true end
local extra, missing = {}, {}
for l in pairs(have) do if not want[l] then extra[#extra + 1] = l end end
for l in pairs(want) do if not have[l] then missing[#missing + 1] = l end end
table.sort(extra)
table.sort(missing)
if #extra > 0 or #missing > 0 then
  error("sandbox environment differs from the allow-list:\n  not allowed: " .. table.concat(extra, ", ") ..
        "\n  missing: " .. table.concat(missing, ", "), 0)
end
