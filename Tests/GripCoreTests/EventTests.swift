import Testing

@testable import GripCore

@Suite struct EventTests {
    private func ev(_ kind: EventKind, _ n: Double = 0) -> Event {
        Event(kind: kind, gesture: .move, box: BoxID(rawValue: 1 << 32), time: n)
    }

    @Test func fullQueueCoalescesTheOldestChangedEventsFirst() {
        var q = EventQueue(capacity: 8)
        q.push(ev(.gestureBegan, 0))
        for i in 1...50 { q.push(ev(.gestureChanged, Double(i))) }
        q.push(ev(.gestureEnded, 51))
        #expect(q.count <= 8)
        var out: [Event] = []
        while let e = q.pop() { out.append(e) }
        #expect(out.first?.kind == .gestureBegan && out.last?.kind == .gestureEnded)
        let changed = out.filter { $0.kind == .gestureChanged }.map(\.time)
        #expect(!changed.isEmpty && changed == changed.sorted())
        #expect(changed.last == 50, "the newest CHANGED carries the latest state")
        #expect(q.coalesced == 52 - out.count)
    }

    @Test func gestureBoundariesAreNeverDropped() {
        var q = EventQueue(capacity: 8)
        for i in 0..<20 {
            q.push(ev(.gestureBegan, Double(i)))
            q.push(ev(.tap, Double(i)))
            q.push(ev(.gestureEnded, Double(i)))
        }
        var out: [Event] = []
        while let e = q.pop() { out.append(e) }
        #expect(out.filter { $0.kind == .gestureBegan }.count == 20)
        #expect(out.filter { $0.kind == .gestureEnded }.count == 20)
        #expect(out.map(\.time) == out.map(\.time).sorted())
    }

    @Test func eventPositionsAreInWorldCoordinates() throws {
        let r = Rig()
        try r.e.setView(Affine(a: 2, b: 0, c: 0, d: 2, tx: 50, ty: -20))
        let b = r.box(editing: false) { $0.behavior.userData = 0xABCD }
        let p = r.screen(Vec2(300, 220))
        try r.down(p)
        try r.move(p + Vec2(40, 0))
        try r.up(p + Vec2(40, 0))
        try r.down(p + Vec2(40, 0), at: 5)
        try r.up(p + Vec2(40, 0), at: 5.05)
        let evs = r.events()
        #expect(kinds(evs) == [.gestureBegan, .gestureChanged, .gestureEnded, .tap])
        #expect(close(evs[0].position, Vec2(300, 220), rel: 1e-12))
        #expect(close(evs[1].position, Vec2(320, 220), rel: 1e-12))
        #expect(close(evs[3].position, Vec2(320, 220), rel: 1e-12))
        #expect(evs.allSatisfy { $0.box == b && $0.userData == 0xABCD })
        #expect(evs[3].time == 5.05)
    }

    @Test func onlyTheBoxsOwnPointersCombine() throws {
        let r = Rig()
        let a = r.box(center: Vec2(200, 300), editing: false)
        let b = r.box(center: Vec2(600, 300), editing: false)
        try r.down(Vec2(200, 300), id: 1)
        try r.down(Vec2(600, 300), id: 2)
        try r.move(Vec2(230, 320), id: 1)
        try r.move(Vec2(560, 280), id: 2)
        let evs = r.events()
        #expect(evs.allSatisfy { $0.gesture == .move })
        #expect(r.geometry(a).center == Vec2(230, 320) && r.geometry(b).center == Vec2(560, 280))
        #expect(r.geometry(a).scale == 1 && r.geometry(b).scale == 1)
    }
}
