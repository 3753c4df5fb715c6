// swift-tools-version:6.0
// Grip: an embeddable engine for interactive bounding boxes.
// The C contract lives in Include/grip.h; scripts/build produces libgrip.so.
import PackageDescription

let package = Package(
    name: "Grip",
    products: [
        // libgrip.so: the C ABI (and, with the Lua issue, luaopen_grip).
        .library(name: "grip", type: .dynamic, targets: ["Grip", "GripLua"]),
        // The CLI (`grip run`, `grip render`); scripts/install installs it as bin/grip.
        .executable(name: "grip-cli", targets: ["grip-cli"]),
    ],
    targets: [
        // Imports ../../Include/grip.h as a Clang module: the one definition of every C type.
        .systemLibrary(name: "CGrip", path: "Sources/CGrip"),
        // The engine in pure Swift: no Foundation, no C, no Lua.
        .target(name: "GripCore", swiftSettings: [
            // Release builds skip the runtime exclusivity checks (a third of a drag event's cost);
            // debug builds, which every test runs, keep them and trap on any overlapping access.
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        // The @_cdecl functions of grip.h: translation and validation only.
        .target(name: "Grip", dependencies: ["GripCore", "CGrip"], exclude: ["exports.map"], swiftSettings: [
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]),
        // C: every Lua API call that can raise, under lua_pcall (Debian's liblua5.4-dev).
        // DWARF 4: valgrind 3.19 (Debian 12) cannot read clang 21's default DWARF 5.
        .target(name: "CLuaShim", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-gdwarf-4"])],
                linkerSettings: [.linkedLibrary("lua5.4")]),
        // Lua bindings, macros, hooks and the hosted grip_lua_* API (luaopen_grip is in CLuaShim).
        .target(name: "GripLua", dependencies: ["Grip", "GripCore", "CGrip", "CLuaShim"]),
        // The event-log replayer (C, over grip.h): `grip-cli replay LOG` and Tests/replay/main.c.
        .target(name: "GripReplay", cSettings: [.headerSearchPath("../../Include"), .unsafeFlags(["-gdwarf-4"])]),
        .executableTarget(name: "grip-cli", dependencies: ["GripLua", "Grip", "GripCore", "CGrip", "GripReplay"]),
        .testTarget(name: "GripCoreTests", dependencies: ["GripCore"]),
    ]
)
