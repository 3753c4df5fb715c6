-- LÖVE settings for the Grip example: no sound (the game makes none), a resizable window.
function love.conf(t)
  t.identity = "grip-love-example"
  t.version = "11.4"
  t.window.title = "Grip in LÖVE: garden editor"
  t.window.width, t.window.height = 1024, 640
  t.window.resizable = true
  t.window.msaa = 4
  t.modules.audio, t.modules.sound, t.modules.joystick, t.modules.physics, t.modules.video = false, false, false, false, false
end
