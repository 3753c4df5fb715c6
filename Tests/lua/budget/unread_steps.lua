-- expect: memory limit exceeded: the engine's boxes, undo history and unread events
-- The steps a script never reads count against memory_limit: each flip of 20,000 selected boxes
-- leaves a COMMITTED event with 20,000 changes (about 3 MB) waiting; 200 would be 600 MB.
local e = grip.new{width = 100000, height = 100000, selection = "pointer", max_boxes = 100000}
for i = 1, 20000 do
  local b = e:box{x = (i % 200) * 20, y = (i // 200) * 20, width = 10, height = 10}
  e:select(b, "add")
end
for _ = 1, 200 do e:flip("horizontal") end
