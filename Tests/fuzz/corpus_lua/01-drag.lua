local e = grip.host
e:drag{from = {200, 175}, to = {260, 210}, steps = 4, duration = 0.1}
for ev in e:events() do end
