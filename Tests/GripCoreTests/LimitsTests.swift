// Limits changed on a live engine and the memory the history and unread events hold
// (docs/specification.md, Limits and memory): a lower history limit or byte limit forgets the
// oldest steps at once, max_boxes below the box count refuses new boxes, and the unread steps are
// bounded by history_bytes_limit, the oldest losing their changes and the newest kept.
import Testing

@testable import GripCore

/// `n` boxes in a row, all selected, their events read.
private func selectedRow(_ r: Rig, _ n: Int) throws {
    for i in 0..<n {
        try r.e.select(r.box(center: Vec2(20 + Double(i) * 30, 100), width: 20, height: 20, editing: false), .add)
    }
    _ = r.events(steps: true)
}

@Suite struct LimitsTests {
    @Test func lowerHistoryLimitsForgetTheOldestStepsAtOnce() throws {
        let r = Rig()
        try selectedRow(r, 4)
        for _ in 0..<5 { _ = try r.e.flip(.horizontal) }
        let step = r.e.historyBytes / 5
        let newest = try #require(r.e.history.newestUndo)
        #expect(step * 5 == r.e.historyBytes && step == History.bytes(of: newest))
        try r.e.setLimits(maxBoxes: 100, historyLimit: 2, historyBytesLimit: 1 << 20)
        #expect(r.e.historyDepth == (2, 0) && r.e.historyBytes == 2 * step)
        try r.e.setLimits(maxBoxes: 100, historyLimit: 2, historyBytesLimit: 1)
        #expect(r.e.historyDepth == (1, 0) && r.e.historyBytes == step)
        #expect(throws: GripError.self) { try r.e.setLimits(maxBoxes: 0, historyLimit: 2, historyBytesLimit: 1) }
        #expect(r.e.config.maxBoxes == 100 && r.e.config.historyBytesLimit == 1)
    }

    @Test func maxBoxesBelowTheCountRefusesNewBoxesOnly() throws {
        let r = Rig()
        try selectedRow(r, 3)
        try r.e.setLimits(maxBoxes: 2, historyLimit: 100, historyBytesLimit: 1 << 20)
        #expect(r.e.boxCount == 3)
        var d = BoxDesc()
        d.geometry = BoxGeometry(center: Vec2(10, 10), width: 5, height: 5)
        #expect(throws: GripError.self) { _ = try r.e.createBox(d) }
        #expect(r.e.boxCount == 3)
    }

    @Test func unreadStepsAreBoundedAndTheNewestKept() throws {
        let r = Rig()
        try selectedRow(r, 8)
        _ = try r.e.flip(.horizontal)
        let step = r.e.historyBytes
        _ = r.events(steps: true)
        #expect(r.e.unreadEventBytes == 0)
        try r.e.setLimits(maxBoxes: 100, historyLimit: 100, historyBytesLimit: step * 2)
        for _ in 0..<6 { _ = try r.e.flip(.horizontal) }
        #expect(r.e.unreadEventBytes - UInt64(r.e.outbox.queue.count) * UInt64(MemoryLayout<Event>.stride) == 2 * step)
        var listed: [Int] = []
        var dropped = 0
        while let ev = r.e.pollEvent() {
            if ev.kind != .committed { continue }
            if let t = r.e.polledTransaction { listed.append(t.changes.count) }
            if r.e.polledStepDropped { dropped += 1 }
        }
        #expect(dropped == 4 && listed == [8, 8])
        #expect(r.e.unreadEventBytes == 0)
    }
}
