-- A macro over a scene file: moves every top-level box 10 to the right and 5 down, and makes
-- every box editing. Run as: grip run nudge.lua --scene in.json --save out.json
local e = grip.host
for _, b in ipairs(e:boxes()) do
  local d = b:describe()
  if d.parent == nil then
    d.x, d.y = d.x + 10, d.y + 5
  end
  d.editing = true
  b:configure(d)
end
