import Testing

@testable import GripCore

/// Changes of the draw order applied to the BOX commands in place (Frame/FrameEdit.swift).
@Suite struct FrameEditTests {
    /// A box created in the middle of the draw order, a destroy, a re-parent and a reorder are
    /// recorded without laying the frame out again (the structure stays valid), one or several
    /// before a read, and the frame read then equals one built from nothing.
    @Test func drawOrderChangesAreRecordedAndApplied() throws {
        let r = Rig(width: 4000, height: 4000)
        var boxes: [BoxID] = []
        for i in 0..<300 {
            let parent = i % 3 == 0 || boxes.isEmpty ? BoxID.none : boxes[(i * 7) % boxes.count]
            boxes.append(
                r.box(
                    parent: parent, center: Vec2(Double(i % 30) * 20 + 40, Double(i / 30) * 30 + 40), width: 14,
                    height: 12, editing: i % 10 == 0))
        }
        _ = r.e.frame()
        for step in 0..<60 {
            for c in 0..<(1 + step % 4) {
                switch (step + c) % 4 {
                case 0:
                    boxes.append(
                        r.box(
                            parent: boxes[(step * 13) % Swift.min(50, boxes.count)], center: Vec2(500, 500), width: 12,
                            height: 12))
                case 1:
                    let i = (step * 31) % boxes.count
                    try r.e.destroyBox(boxes[i])
                case 2:
                    var d = try r.e.describe(boxes[(step * 17) % boxes.count])
                    d.parent = step % 2 == 0 ? .none : boxes[(step * 5) % boxes.count]
                    // (Refused when the new parent is a descendant, or too deep.)
                    try? r.e.configure(boxes[(step * 17) % boxes.count], d)
                default:
                    _ = try r.e.order(boxes[(step * 11) % boxes.count], Reorder(rawValue: UInt32(step % 4))!)
                }
                // (A destroy takes the box's descendants too.)
                boxes.removeAll { (try? r.e.state($0)) == nil }
            }
            #expect(r.e.scene.changes.structureValid, "step \(step): the structure stays valid")
            let incremental = r.e.frame()
            #expect(r.e.frameState.boxRuns.count <= Engine.maxBoxRuns)
            let scratch = r.e.frameFromScratch()
            #expect(incremental.commands == scratch.commands, "step \(step): commands")
            #expect(incremental.vertices == scratch.vertices, "step \(step): vertices")
        }
        #expect(boxes.count == r.e.boxCount)
        #expect(r.e.frame().commands.count(where: { $0.kind == .box }) == r.e.boxCount)
    }
}
