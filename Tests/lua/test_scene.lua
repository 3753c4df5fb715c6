-- Scene files from Lua: e:save() gives the text, e:load(text) replaces every box; the text is
-- the C API's. Runs hosted (grip-cli run) and standalone (lua5.4 with grip.so on package.cpath).
local grip = grip or require "grip"
local passed = 0
local function check(cond, msg)
  if not cond then error("FAILED: " .. msg, 2) end
  passed = passed + 1
end
local function fails(pattern, f, ...)
  local ok, err = pcall(f, ...)
  check(not ok, "expected an error matching '" .. pattern .. "'")
  check(tostring(err):find(pattern, 1, true) ~= nil, "error '" .. tostring(err) .. "' should contain '" .. pattern .. "'")
end

local e = grip.new{width = 640, height = 480}
local a = e:box{x = 10, y = 20, width = 0.1 + 200, height = 50, rotation = 0.1 + 0.2, editing = true,
                allow = {"move", "resize"}, handles = {"top_left", "rotate"}, resize_mode = "uniform",
                indicator = "rect", user_data = 77}
local b = e:box{parent = a, x = 5, y = 6, width = 30, height = 40, scale = 1.5, flipped_x = true}
e:drag_handle(a, "top_left", -13.7, 8.1)  -- current geometry is what is saved

local text = e:save()
check(type(text) == "string" and text:sub(1, 16) == '{\n  "grip_scene"', "save gives the file's text")
check(text:find('"bounds": {"width": 640, "height": 480}', 1, true), "bounds")
check(text:find('"rotation": 0.30000000000000004', 1, true), "shortest exact numbers")
check(text:find('"allow": ["move", "resize"]', 1, true), "masks as lists of names")
check(text:find('"user_data": "77"', 1, true), "user_data as a string of digits")
check(text:find('{"id": 2, "parent": 1, ', 1, true), "file-local ids")

-- Into another engine: every field and the state the same, to the bit.
local f = grip.new{width = 10, height = 10}
f:box{x = 0, y = 0, width = 50, height = 50}
f:load(text)
local ea, fa = e:boxes(), f:boxes()
check(#fa == 2, "two boxes loaded")
for i = 1, 2 do
  local da, db = ea[i]:describe(), fa[i]:describe()
  for k, v in pairs(da) do
    if k == "parent" then
      check((v == nil) == (db.parent == nil), "parent of box " .. i)
    elseif type(v) == "table" then
      check(table.concat(v, ",") == table.concat(db[k], ","), k .. " of box " .. i)
    else
      check(v == db[k] and string.format("%q", v) == string.format("%q", db[k]), k .. " of box " .. i)
    end
  end
  local sa, sb = ea[i]:state(), fa[i]:state()
  check(sa.center.x == sb.center.x and sa.center.y == sb.center.y and sa.width == sb.width and
        sa.rotation == sb.rotation and sa.scale == sb.scale, "state of box " .. i)
end
check(rawequal(fa[2]:describe().parent, fa[1]), "the parent is the loaded box")
check(f:save() == text, "saving the loaded engine gives the same text")

-- Refused: the message has the line and column, nothing changed.
fails("scene: line 1, column 16: scene version 9 is newer", f.load, f, '{"grip_scene": 9, "boxes": []}')
fails("boxes[0].width must be a number", f.load, f, '{"grip_scene": 1, "boxes": [{"id": 1, "width": "x"}]}')
fails("string expected, got table", f.load, f, {})
check(f:save() == text, "a refused load changes nothing")

-- Old handles go stale; unknown fields are ignored.
f:load('{"grip_scene": 1, "color": "blue", "boxes": [{"id": 4, "x": 1, "shadow": true}]}')
fails("box was destroyed", fa[1].describe, fa[1])
check(#f:boxes() == 1 and f:boxes()[1]:describe().x == 1, "the file's box")
check(#f:selection() == 0, "the selection is empty after a load")

print("test_scene.lua: " .. passed .. " checks passed")
