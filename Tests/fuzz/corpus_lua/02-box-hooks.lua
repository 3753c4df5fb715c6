local e = grip.host
local b = e:box{x = 100, y = 100, width = 200, height = 120, editing = true, allow = "all", indicator = "custom"}
b:add_handle{name = "knob", position = function(s) return s.width / 2, -30 end,
  drag = function(s, x, y) return {rotation = math.atan(y, x)} end}
b:set_indicator(function(p, s) return {{0, 0}, {s.width * p, 0}} end)
b:set_constraint(function(p, c) p.width = math.max(20, p.width) return p end)
b:on("any", function(ev) end)
e:drag_handle(b, "bottom_right", 40, 30)
e:hold(200, 160, 1.5)
