// swift-tools-version:6.0
// Grip: an embeddable engine for interactive bounding boxes.
// The C contract lives in Include/grip.h; scripts/build produces libgrip.so.
import PackageDescription

/// GRIP_EMBEDDED=1 (what scripts/build sets unless given `--runtime`) compiles the Swift modules
/// of libgrip.so and libgrip-lua.so in Embedded Swift: no Swift runtime or standard library is
/// linked in; libgrip.so needs only libc and libm at run time, libgrip-lua.so also libgrip.so and
/// liblua5.4. Without it the package builds the
/// normal way, with the runtime: that is what `swift test` needs (Swift Testing cannot test an
/// embedded module). docs/ARCHITECTURE.md lists the Swift the modules may use because of it.
let embedded = Context.environment["GRIP_EMBEDDED"] == "1"

/// Settings of every Swift module in the library.
let swiftSettings: [SwiftSetting] =
    [
        // Release builds skip the runtime exclusivity checks (a third of a drag event's cost);
        // debug builds, which every test runs, keep them and trap on any overlapping access.
        .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
    ]
    + (embedded
        ? [
            .enableExperimentalFeature("Embedded"),
            // Embedded Swift compiles whole modules; one section per function lets the linker drop
            // what the C API never reaches.
            .unsafeFlags(["-wmo", "-Xfrontend", "-function-sections"]),
            // The shipped library is compiled for size; the functions on the per-event paths (dispatch,
            // gesture steps, commits, the frame builder, hit tests) are marked `@_optimize(speed)`.
            .unsafeFlags(["-Osize"], .when(configuration: .release)),
            // A failed check traps as before, but the checks of a function share one trap instruction
            // instead of one each (4.6 KB); a crash report then names the function, not the line.
            .unsafeFlags(["-Xfrontend", "-mergeable-traps"], .when(configuration: .release)),
            // String.append(String) is called, not inlined: every piece of every interpolated message
            // (built only when a call fails) otherwise carries its own copy of the append (32 KB).
            .unsafeFlags(["-Xllvm", "-sil-inline-never-functions=SS6appendyySSF"], .when(configuration: .release)),
            // No frame pointer in leaf functions (SwiftPM asks for frame pointers everywhere): the
            // runtime functions compiled into the library (retain, release, the uniqueness check)
            // are leaves called on every path, and the runtime build's copies have none either.
            // Every other function keeps its frame, so profilers still walk the stack (2.5 KB).
            .unsafeFlags(["-Xcc", "-momit-leaf-frame-pointer"], .when(configuration: .release))
        ] : [])

/// Settings of the C code in the library: one section per function and datum, as for Swift, and
/// DWARF 4, since valgrind 3.19 (Debian 12) cannot read clang 21's default DWARF 5.
let cSettings: [CSetting] = [.unsafeFlags(["-ffunction-sections", "-fdata-sections", "-gdwarf-4"])]

let package = Package(
    name: "Grip",
    products: [
        // libgrip.so: the core and the C ABI of grip.h, no Lua. scripts/build adds the export
        // list and soname.
        .library(name: "grip", type: .dynamic, targets: ["Grip"]),
        // libgrip-lua.so: the Lua 5.4 host and module (grip_lua.h), a client of grip.h that links
        // libgrip.so. scripts/build builds it after libgrip.so, with its own export list and soname.
        .library(name: "grip-lua", type: .dynamic, targets: ["GripLua"])
    ],
    targets: [
        // Imports ../../Include/grip.h as a Clang module: the one definition of every C type.
        .systemLibrary(name: "CGrip", path: "Sources/CGrip"),
        // The engine in pure Swift: no Foundation, no C, no Lua.
        .target(name: "GripCore", swiftSettings: swiftSettings),
        // What the library defines of the platform's C library for itself (arc4random_buf), and the
        // process-wide state engines share (engine tags, the last failed create's message per thread).
        .target(name: "CPlatform", cSettings: cSettings),
        // The names of grip.h's enum values and grip_box_desc's fields, as Lua, scene files and
        // replay logs spell them.
        .target(name: "CNames", cSettings: cSettings + [.unsafeFlags(["-Oz"])]),
        // Scene files: read and written by the project's own code, over the C library only.
        .target(
            name: "CScene", dependencies: ["CNames"],
            // Nothing unwinds through this C (no C++ exceptions), so it needs no unwind tables.
            cSettings: cSettings + [.unsafeFlags(["-Wall", "-Wextra", "-Oz", "-fno-asynchronous-unwind-tables"])]),
        // The @_cdecl functions of grip.h: translation and validation only.
        .target(
            name: "Grip", dependencies: ["GripCore", "CGrip", "CPlatform", "CScene"],
            exclude: ["exports.map", "discard.ld"],
            swiftSettings: swiftSettings,
            // lld (in the toolchain) keeps the export list exact; libm is named because
            // `-z defs` (scripts/build) refuses a symbol no named library defines.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"]), .linkedLibrary("m")]),
        // C: every Lua API call that can raise, under lua_pcall (Debian's liblua5.4-dev).
        // Compiled for size: the Lua bridge is not on the engine's hot paths. Nothing unwinds
        // through it (Lua errors are longjmps, there are no exceptions), so release builds leave
        // out its unwind tables (9 KB); debug and sanitizer builds keep them for backtraces.
        .target(
            name: "CLuaShim", dependencies: ["CNames"],
            cSettings: cSettings + [
                .unsafeFlags(["-Wall", "-Wextra", "-Oz"]),
                .unsafeFlags(
                    ["-fno-asynchronous-unwind-tables"],
                    .when(configuration: .release))
            ],
            linkerSettings: [.linkedLibrary("lua5.4")]),
        // Lua bindings, macros, hooks and the hosted grip_lua_* API (luaopen_grip is in CLuaShim):
        // a client of grip.h only (CGrip). scripts/build links it against the libgrip.so it built
        // first (`-lgrip` there, not here: SwiftPM would not order the two links).
        .target(
            name: "GripLua", dependencies: ["CGrip", "CLuaShim"],
            exclude: ["exports.map"],
            swiftSettings: swiftSettings,
            linkerSettings: [.unsafeFlags(["-use-ld=lld"]), .linkedLibrary("m")]),
        .testTarget(name: "GripCoreTests", dependencies: ["GripCore"]),
        // The C layer's own checks (the frame layout probe and its fallback conversion), and the
        // core's enums and grip_box_desc mapping against the names generated from grip.h.
        .testTarget(name: "GripTests", dependencies: ["Grip", "GripCore", "CGrip", "CNames"])
    ]
)
