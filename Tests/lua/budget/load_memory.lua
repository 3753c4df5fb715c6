-- expect: memory limit exceeded: scene
-- Boxes a script loads count against memory_limit like the boxes it makes (64 MiB: about 130,000
-- boxes in all): the fourth load of a 30,000-box scene is refused, changing nothing.
local parts = {}
for i = 1, 30000 do
  parts[i] = ('{"id": %d, "x": %d, "y": %d, "width": 10, "height": 10}'):format(i, i % 1000, i // 1000)
end
local text = '{"grip_scene": 1, "bounds": {"width": 1000, "height": 1000}, "boxes": [' .. table.concat(parts, ",") .. "]}"
parts = nil
collectgarbage()
local engines = {}
for i = 1, 64 do
  local e = grip.new{width = 1000, height = 1000, max_boxes = 100000}
  engines[i] = e
  local ok, err = pcall(e.load, e, text)
  if not ok then
    assert(#e:boxes() == 0, "a refused load leaves the engine as it was")
    error(err, 0)
  end
  assert(#e:boxes() == 30000) collectgarbage()
end
