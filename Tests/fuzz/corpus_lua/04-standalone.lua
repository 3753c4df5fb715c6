local e = grip.new{width = 300, height = 200}
local b = e:box{x = 10, y = 10, width = 50, height = 40, editing = true}
e:pointer("down", 1, 35, 30, 0) e:pointer("move", 1, 60, 50, 0.1) e:pointer("up", 1, 60, 50, 0.2)
local f = e:frame()
for i, c in ipairs(f.commands) do local k = c.kind end
b:configure{x = 0, y = 0, width = 20, height = 20}
b:destroy()
e:close()
