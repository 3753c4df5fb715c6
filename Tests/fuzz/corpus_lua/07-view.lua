local e = grip.host
e:set_view{a = 2, b = 0, c = 0, d = 2, tx = 10, ty = 20}
e:magnify("down", 1, 400, 300, e:time() + 0.1)
e:magnify("move", 1.5, 400, 300, e:time() + 0.1)
e:magnify("up", 1.5, 400, 300, e:time() + 0.1)
e:set_bounds(100, 100)
local h = e:hit(200, 175)
