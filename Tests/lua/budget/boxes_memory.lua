-- expect: memory limit exceeded
-- Boxes of engines a script makes count against memory_limit (64 MiB: about 130,000 boxes).
local engines = {}
for i = 1, 64 do
  local e = grip.new{max_boxes = 100000}
  engines[i] = e
  for j = 1, 100000 do e:box{x = j % 1000, y = j // 1000, width = 10, height = 10} end
end
