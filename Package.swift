// swift-tools-version:6.0
// Grip: an embeddable engine for interactive bounding boxes.
// The C contract lives in Include/grip.h; scripts/build produces libgrip.so.
import PackageDescription

let package = Package(
    name: "Grip",
    products: [
        // libgrip.so: the C ABI (and, with the Lua issue, luaopen_grip).
        .library(name: "grip", type: .dynamic, targets: ["Grip"]),
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
        .testTarget(name: "GripCoreTests", dependencies: ["GripCore"]),
    ]
)
