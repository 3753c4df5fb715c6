import CGrip
import GripCore
import Testing

@testable import Grip

/// The frame is handed to hosts without a copy when the core's `Command` and `Vec2` have the C
/// layout; otherwise `grip_frame_get` converts it field by field. Both paths are checked here.
@Suite struct FrameLayoutTests {
    /// An engine with nested, rotated, editing boxes, one of them dragged, so every command kind
    /// with vertices (boxes, borders, handles) is in the frame.
    static func engineWithAFrame() throws -> OpaquePointer {
        var engine: OpaquePointer? = nil
        try #require(grip_engine_create(nil, &engine) == GRIP_OK)
        let e = try #require(engine)
        var d = grip_box_desc()
        grip_box_desc_init_sized(&d, MemoryLayout<grip_box_desc>.size)
        d.x = 100; d.y = 80; d.width = 300; d.height = 200; d.rotation = 0.3; d.editing = true
        var parent: grip_box = 0
        try #require(grip_box_create(e, &d, &parent) == GRIP_OK)
        d.parent = parent; d.x = 20; d.y = 30; d.width = 80; d.height = 50; d.rotation = -0.7
        var child: grip_box = 0
        try #require(grip_box_create(e, &d, &child) == GRIP_OK)
        var ev = grip_pointer_event(phase: GRIP_PHASE_DOWN, pointer: 1, x: 250, y: 180, time: 0, modifiers: 0)
        try #require(grip_dispatch_pointer(e, &ev, nil) == GRIP_OK)
        ev.phase = GRIP_PHASE_MOVE; ev.x = 270; ev.time = 0.05
        try #require(grip_dispatch_pointer(e, &ev, nil) == GRIP_OK)
        return e
    }

    /// On the platforms Grip is built for the layouts match, so frames cost no copy. (A change
    /// to `Command` that breaks this would silently make every frame read copy every command.)
    @Test func coreLayoutIsTheCLayout() {
        #expect(Layout.commandsMatch)
        #expect(Layout.verticesMatch)
        #expect(Layout.matches)
    }

    /// grip_frame_get hands out the engine's own memory.
    @Test func frameIsTheEnginesMemory() throws {
        let e = try Self.engineWithAFrame()
        defer { grip_engine_destroy(e) }
        var f = grip_frame()
        try #require(grip_frame_get(e, &f) == GRIP_OK)
        let h = try #require(handle(e))
        let view = h.engine.frameView()
        #expect(UnsafeRawPointer(f.commands) == UnsafeRawPointer(view.commands.baseAddress))
        #expect(UnsafeRawPointer(f.vertices) == UnsafeRawPointer(view.vertices.baseAddress))
    }

    /// The conversion a platform with another layout would use gives the same commands and
    /// vertices, field for field, as the memory the host reads directly.
    @Test func conversionEqualsTheDirectFrame() throws {
        let e = try Self.engineWithAFrame()
        defer { grip_engine_destroy(e) }
        var f = grip_frame()
        try #require(grip_frame_get(e, &f) == GRIP_OK)
        try #require(f.command_count > 10 && f.vertex_count > 4)
        let h = try #require(handle(e))
        h.translate(h.engine.frameView())
        let converted = try #require(h.commands.base), vertices = try #require(h.vertices.base)
        #expect(h.commands.count == f.command_count && h.vertices.count == f.vertex_count)
        for i in 0..<f.command_count {
            #expect(Layout.same(converted[i], f.commands[i]), "command \(i)")
        }
        for i in 0..<f.vertex_count {
            #expect(Layout.same(vertices[i], f.vertices[i]), "vertex \(i)")
        }
    }

    /// The path a platform with another layout takes through `grip_frame_get`: the host gets the
    /// handle's converted arrays, not the engine's memory, equal field for field to the direct
    /// frame, converted again once the frame changes and not while it stays.
    @Test func fallbackHandsOutTheConvertedCopy() throws {
        let e = try Self.engineWithAFrame()
        defer { grip_engine_destroy(e) }
        let h = try #require(handle(e))
        for step in 0..<2 {
            var direct = grip_frame(), copied = grip_frame()
            try #require(grip_frame_get(e, &direct) == GRIP_OK)
            try #require(h.frame(&copied, direct: false) == GRIP_OK)
            let view = h.engine.frameView()
            #expect(UnsafeRawPointer(copied.commands) == UnsafeRawPointer(h.commands.base))
            #expect(UnsafeRawPointer(copied.vertices) == UnsafeRawPointer(h.vertices.base))
            #expect(UnsafeRawPointer(copied.commands) != UnsafeRawPointer(view.commands.baseAddress))
            #expect(UnsafeRawPointer(copied.vertices) != UnsafeRawPointer(view.vertices.baseAddress))
            #expect(copied.serial == direct.serial && copied.time == direct.time)
            try #require(copied.command_count == direct.command_count && copied.vertex_count == direct.vertex_count)
            try #require(direct.command_count > 10 && direct.vertex_count > 4)
            for i in 0..<direct.command_count {
                #expect(Layout.same(copied.commands[i], direct.commands[i]), "step \(step), command \(i)")
            }
            for i in 0..<direct.vertex_count {
                #expect(Layout.same(copied.vertices[i], direct.vertices[i]), "step \(step), vertex \(i)")
            }
            // The same frame again: no conversion (the copy is left as it is).
            h.commands.count = 0
            try #require(h.frame(&copied, direct: false) == GRIP_OK)
            #expect(h.commands.count == 0)
            h.commands.count = Int(direct.command_count)
            // Then the drag goes on: a new frame, converted at the next read.
            var ev = grip_pointer_event(
                phase: GRIP_PHASE_MOVE, pointer: 1, x: 300 + 40 * Double(step), y: 200, time: 0.1 + 0.1 * Double(step),
                modifiers: 0)
            try #require(grip_dispatch_pointer(e, &ev, nil) == GRIP_OK)
        }
    }
}
