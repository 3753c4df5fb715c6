// grip-cli (installed as `grip`): runs editing-session scripts against an engine.
//
//   grip-cli run FILE.lua [--sandbox] [--size WxH]
//   grip-cli render FILE.lua --svg OUT.svg [--sandbox] [--size WxH]
//   grip-cli replay [-v] LOG     replays an event log (Tests/replay/FORMAT.md), printing a digest
//                                of every frame: the same log prints the same bytes everywhere
//
// The script runs in a hosted state bound to a fresh engine (`grip.host`, 800 x 600 unless
// --size says otherwise). `run` gives it the whole standard library (it is the user's own tool;
// --sandbox runs it in the sandbox a host gets by default); `render` then writes the engine's
// final frame as SVG: boxes as filled polygons, editing borders dashed 6 on / 6 off at the
// frame's dash phase, handles as white circles with an accent centre, indicators and guides as
// polylines.
import CGrip
import GripReplay
#if canImport(Glibc)
import Glibc
#endif

func writeError(_ text: String) {
    text.withCString { p in _ = write(2, p, strlen(p)) }
}

func fail(_ message: String) -> Never {
    writeError("grip: \(message)\n")
    exit(1)
}

func usage() -> Never {
    writeError("""
    usage: grip-cli run FILE.lua [--sandbox] [--size WxH]
           grip-cli render FILE.lua --svg OUT.svg [--sandbox] [--size WxH]
           grip-cli replay [-v] LOG

    """)
    exit(2)
}

// `replay` hands its arguments to the C replayer as they are (argv[0] becomes "replay").
if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "replay" {
    exit(replay_main(CommandLine.argc - 1, CommandLine.unsafeArgv + 1))
}

let args = Array(CommandLine.arguments.dropFirst())
var positional: [String] = []
var svgPath: String? = nil
var sandbox = false
var width = 800.0, height = 600.0
var i = 0
while i < args.count {
    switch args[i] {
    case "--svg":
        guard i + 1 < args.count else { usage() }
        svgPath = args[i + 1]
        i += 2
    case "--sandbox":
        sandbox = true
        i += 1
    case "--size":
        guard i + 1 < args.count else { usage() }
        let parts = args[i + 1].split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0 else { usage() }
        width = w
        height = h
        i += 2
    default:
        if args[i].hasPrefix("--") { usage() }
        positional.append(args[i])
        i += 1
    }
}
guard positional.count == 2, positional[0] == "run" || positional[0] == "render" else { usage() }
let command = positional[0]
let file = positional[1]
if command == "render" && svgPath == nil { usage() }

var desc = grip_engine_desc()
grip_engine_desc_init(&desc)
desc.width = width
desc.height = height
var engine: OpaquePointer? = nil
guard grip_engine_create(&desc, &engine) == GRIP_OK, let engine else {
    fail(String(cString: grip_engine_errmsg(nil)))
}

var ldesc = grip_lua_desc()
grip_lua_desc_init(&ldesc)
ldesc.allow_io = !sandbox
if !sandbox {
    ldesc.memory_limit = 1 << 30
    ldesc.instruction_limit = 1 << 50
}
var lua: OpaquePointer? = nil
guard grip_lua_create(engine, &ldesc, &lua) == GRIP_OK, let lua else {
    fail(String(cString: grip_lua_errmsg(nil)))
}

let status = grip_lua_exec_file(lua, file)
if status != GRIP_OK {
    let message = String(cString: grip_lua_errmsg(lua))
    grip_lua_destroy(lua)
    grip_engine_destroy(engine)
    fail("\(message) [\(String(cString: grip_status_string(status)))]")
}

if command == "render", let svgPath {
    var frame = grip_frame()
    guard grip_frame_get(engine, &frame) == GRIP_OK else { fail(String(cString: grip_engine_errmsg(engine))) }
    let svg = SVG.render(frame, width: width, height: height, title: file)
    guard let f = fopen(svgPath, "w") else { fail("cannot write \(svgPath)") }
    fputs(svg, f)
    fclose(f)
}

grip_lua_destroy(lua)
grip_engine_destroy(engine)
