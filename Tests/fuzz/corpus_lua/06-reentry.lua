local e = grip.host
local b = e:box{x = 200, y = 350, width = 160, height = 100, editing = true, allow = "all"}
b:on("any", function(ev) pcall(e.pointer, e, "down", 7, 1, 1, 0) pcall(b.destroy, b) end)
b:set_constraint(function(p, c) pcall(e.tick, e, 5) return p end)
e:drag{from = {280, 400}, to = {300, 420}}
