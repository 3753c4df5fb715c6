local e = grip.host
local b = e:box{x = 1e308, y = 0/0, width = -1, height = math.huge}
