import Testing

@testable import GripCore

/// BOX commands written as boxes are created (Frame/FrameAppend.swift): the frame read after
/// creating boxes equals one built from nothing, to the bit, whatever came between, and memory
/// handed out for a frame keeps its contents until the next read.
@Suite struct FrameAppendTests {
    /// Random sessions: boxes created on top (appended), as children in the middle of the draw
    /// order or of the last box (appended too), destroyed, reordered, edited, dragged, selected,
    /// the view moved, frames read now and then, through several doublings of the storage.
    @Test func framesAfterCreationEqualFramesBuiltFromNothing() throws {
        var rng = SplitMix64(seed: 1717)
        for round in 0..<12 {
            let r = Rig(width: 4000, height: 4000)
            var boxes: [BoxID] = []
            var checks = 0
            for step in 0..<900 {
                let op = rng.int(100)
                if op < 55 || boxes.isEmpty {
                    // On top, or under a random box, or under the last box drawn.
                    var parent = BoxID.none
                    if !boxes.isEmpty && op % 5 == 1 { parent = boxes[rng.int(boxes.count)] }
                    if !boxes.isEmpty && op % 5 == 2 { parent = r.e.boxesInDrawOrder.last! }
                    if parent != .none, (try? r.e.state(parent)) == nil { parent = .none }
                    var d = BoxDesc()
                    d.parent = parent
                    d.geometry = BoxGeometry(
                        center: Vec2(rng.double(50, 3900), rng.double(50, 3900)), width: rng.double(12, 80),
                        height: rng.double(12, 80), rotation: rng.double(-3, 3), scale: 1, flippedX: false,
                        flippedY: rng.bool())
                    d.behavior.editing = rng.int(8) == 0
                    d.behavior.userData = rng.next()
                    if let id = try? r.e.createBox(d) { boxes.append(id) }
                } else if op < 60 {
                    let i = rng.int(boxes.count)
                    try? r.e.destroyBox(boxes[i])
                    boxes.remove(at: i)
                } else if op < 64 {
                    _ = try? r.e.order(boxes[rng.int(boxes.count)], Reorder(rawValue: UInt32(rng.int(4)))!)
                } else if op < 67 {
                    try r.e.setView(rng.bool() ? .identity : randomView(&rng))
                } else if op < 72 {
                    _ = try? r.e.setEditing(boxes[rng.int(boxes.count)], rng.bool())
                } else if op < 76 {
                    _ = try? r.e.select(boxes[rng.int(boxes.count)], rng.bool() ? .add : .replace)
                } else if op < 86 {
                    // A short drag somewhere (of whatever is there).
                    let p = Vec2(rng.double(0, 1000), rng.double(0, 1000))
                    try r.down(p)
                    try r.move(p + Vec2(20, 5))
                    if rng.bool() { _ = r.e.frame() }
                    try r.move(p + Vec2(35, -9))
                    try r.up(p + Vec2(35, -9))
                } else if op < 96 {
                    _ = r.e.frame()
                } else {
                    try r.tick(0.05)
                }
                if step % 150 == 149 {
                    let incremental = r.e.frame()
                    let scratch = r.e.frameFromScratch()
                    #expect(incremental.commands == scratch.commands, "round \(round) step \(step): commands")
                    #expect(incremental.vertices == scratch.vertices, "round \(round) step \(step): vertices")
                    checks += 1
                }
            }
            #expect(checks == 6)
            #expect(r.e.frame().commands.count(where: { $0.kind == .box }) == r.e.boxCount)
        }
    }

    /// Boxes created on top in a scene read every frame: no frame is rebuilt from nothing, each
    /// read after the first writes only the new commands, and they are those of a full build.
    @Test func boxesCreatedOnTopAreAppendedWithoutARebuild() throws {
        let r = Rig(width: 4000, height: 4000)
        let sel = r.box(center: Vec2(100, 100), editing: true)
        try r.e.select(sel, .replace)
        _ = r.e.frame()
        for i in 0..<3000 {
            r.box(
                center: Vec2(Double(i % 60) * 60 + 30, Double(i / 60) * 60 + 30), width: 20, height: 20,
                editing: i % 97 == 0)
            #expect(r.e.scene.changes.structureValid)
            if i % 7 == 0 { _ = r.e.frame() }
        }
        let incremental = r.e.frame()
        #expect(incremental.commands.count(where: { $0.kind == .box }) == 3001)
        #expect(incremental.commands == r.e.frameFromScratch().commands)
    }

    /// What a read handed out stays as it was until the next read, while boxes are created (the
    /// storage grows meanwhile, several times) and then read.
    @Test func handedOutMemoryKeepsItsContentsUntilTheNextRead() throws {
        let r = Rig(width: 4000, height: 4000)
        r.box(center: Vec2(100, 100), editing: true)
        var n = 1
        for burst in [1, 3, 40, 200, 1000, 5000] {
            let view = r.e.frameView()
            let before = Array(view.commands)
            for i in 0..<burst {
                r.box(
                    center: Vec2(Double(i % 50) * 70 + 50, Double(i / 50) * 30 + 50), width: 20, height: 20,
                    editing: false)
            }
            n += burst
            #expect(Array(view.commands) == before, "burst \(burst)")
            let now = r.e.frameView()
            #expect(now.commands.count(where: { $0.kind == .box }) == n)
            #expect(Array(now.commands.prefix(n - burst)) == Array(before.prefix(n - burst)))
        }
        #expect(r.e.frame().commands == r.e.frameFromScratch().commands)
    }

    /// A host holding a frame and a script reading its own (`detachFrame`) while boxes are
    /// created: the host's memory keeps its contents.
    @Test func detachingAfterGrowthHandsBackTheHostsMemory() throws {
        let r = Rig(width: 4000, height: 4000)
        r.box(center: Vec2(100, 100), editing: true)
        let host = r.e.frameView()
        let before = Array(host.commands)
        for i in 0..<300 { r.box(center: Vec2(Double(i) * 10 + 50, 500), width: 12, height: 12, editing: false) }
        let (c, v) = r.e.detachFrame()
        #expect(c == UnsafeMutableRawPointer(mutating: host.commands.baseAddress))
        let script = r.e.frameView()
        #expect(script.commands.count(where: { $0.kind == .box }) == 301)
        for i in 0..<300 { r.box(center: Vec2(Double(i) * 10 + 50, 900), width: 12, height: 12, editing: false) }
        _ = r.e.frameView()
        #expect(Array(host.commands) == before)
        c?.deallocate()
        v?.deallocate()
        #expect(r.e.frame().commands == r.e.frameFromScratch().commands)
    }
}
