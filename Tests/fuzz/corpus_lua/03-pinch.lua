local e = grip.host
local b = e:box{x = 300, y = 300, width = 100, height = 100, allow = "all"}
e:pinch{box = b, scale = 2, rotate = math.pi / 4, steps = 5}
e:tap(350, 350) e:double_tap(350, 350) e:advance(0.5)
print(b:state().scale)
