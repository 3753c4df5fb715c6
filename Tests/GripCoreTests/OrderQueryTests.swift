// Draw order, the box list and region queries against independent references: a model of the
// sibling lists kept by the test, and brute-force geometry over every box.
import Testing

@testable import GripCore

@Suite struct OrderQueryTests {
    /// The sibling lists as the test expects them: parent (`.none` for the top level) -> children
    /// back to front.
    struct Model {
        var children: [BoxID: [BoxID]] = [:]

        mutating func add(_ id: BoxID, parent: BoxID) { children[parent, default: []].append(id) }

        mutating func apply(_ op: Reorder, _ id: BoxID, parent: BoxID) {
            var list = children[parent] ?? []
            guard let i = list.firstIndex(of: id) else { return }
            switch op {
            case .front: list.remove(at: i); list.append(id)
            case .back: list.remove(at: i); list.insert(id, at: 0)
            case .forward: if i + 1 < list.count { list.swapAt(i, i + 1) }
            case .backward: if i > 0 { list.swapAt(i, i - 1) }
            }
            children[parent] = list
        }

        /// Parents before children, siblings back to front.
        var preorder: [BoxID] {
            var out: [BoxID] = []
            func walk(_ p: BoxID) {
                for c in children[p] ?? [] { out.append(c); walk(c) }
            }
            walk(.none)
            return out
        }
    }

    /// A random nested scene of `n` boxes and its model.
    static func scene(_ e: Engine, _ rng: inout SplitMix64, _ n: Int) throws -> Model {
        var model = Model()
        for _ in 0..<n {
            let d = try HitTestReferenceTests.randomDesc(e, &rng, nested: rng.int(5) < 3)
            let id = try e.createBox(d)
            model.add(id, parent: d.parent)
        }
        return model
    }

    static func boxes(_ e: Engine) -> [BoxID] {
        var out: [BoxID] = []
        e.forEachBox { out.append($0) }
        return out
    }

    @Test(arguments: [1, 2, 3])
    func reorderingKeepsListFrameAndHitTestsRight(seed: UInt64) throws {
        var rng = SplitMix64(seed: 700 + seed)
        let e = try Engine()
        if seed == 2 { try e.setView(randomView(&rng)) }
        // Enough boxes for the bounds tree to be built in bulk, and for the cell index.
        var model = try OrderQueryTests.scene(e, &rng, seed == 3 ? 40 : 400)
        let ops: [Reorder] = [.front, .back, .forward, .backward]
        for round in 0..<6 {
            for _ in 0..<(round == 0 ? 0 : 30) {
                let all = model.preorder
                let id = all[rng.int(all.count)]
                let op = ops[rng.int(4)]
                try e.order(id, op)
                model.apply(op, id, parent: try e.parent(of: id))
            }
            let order = model.preorder
            #expect(OrderQueryTests.boxes(e) == order, "round \(round)")
            // The frame draws the boxes in that order.
            let drawn = e.frame().commands.filter { $0.kind == .box }.map(\.box)
            #expect(drawn == order, "round \(round)")
            // Hit tests: the topmost box in the model's order whose body holds the point.
            let snapshot = try order.map { id in
                let g = try e.describe(id).geometry
                return (id: id, inverse: try refWorld(e, id).inv, w: g.width, h: g.height)
            }
            for k in 0..<300 {
                var p = Vec2(rng.double(-50, 1050), rng.double(-50, 1050))
                if k % 2 == 0 {
                    let b = snapshot[rng.int(snapshot.count)]
                    p = b.inverse.inv.apply(Vec2(rng.double(0, b.w), rng.double(0, b.h)))
                }
                guard let expected = HitTestReferenceTests.reference(snapshot, p) else { continue }
                #expect(try e.hitTest(world: p).box == (expected ?? .none), "round \(round) point \(k)")
            }
            #expect(e.scene.tree.validate() == nil)
        }
    }

    @Test func orderMovesDescendantsAlongAndReportsNoChange() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 300), editing: false)
        let child = r.box(parent: a, center: Vec2(100, 60), width: 40, height: 40, editing: false)
        let b = r.box(center: Vec2(320, 300), editing: false)
        #expect(OrderQueryTests.boxes(r.e) == [a, child, b])
        #expect(try r.e.order(b, .front) == false)
        #expect(try r.e.order(a, .backward) == false)
        #expect(try r.e.order(a, .front) == true)
        #expect(OrderQueryTests.boxes(r.e) == [b, a, child])
        // The child (inside a, now on top) is hit where it overlaps b.
        let p = try r.e.state(child).corners.0 + Vec2(1, 1)
        #expect(try r.e.hitTest(world: p).box == child)
        #expect(try r.e.order(child, .back) == false)
        try r.e.order(a, .back)
        #expect(try r.e.hitTest(world: Vec2(300, 300)).box == b)
    }

    @Test func orderIsRefusedDuringAGestureAndForUnknownIds() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 300), editing: false)
        let b = r.box(center: Vec2(700, 300), editing: false)
        try r.down(Vec2(300, 300))
        try r.move(Vec2(340, 300))
        let serial = r.e.frame().serial
        expectGripError(.invalidState) { try r.e.order(a, .back) }
        #expect(r.e.frame().serial == serial)
        try r.e.order(b, .back)
        try r.up(Vec2(340, 300))
        try r.e.destroyBox(b)
        expectGripError(.notFound) { try r.e.order(b, .front) }
    }

    @Test func sendingToTheBackManyTimesRenumbersAndKeepsTheOrder() throws {
        let e = try Engine()
        var ids: [BoxID] = []
        for i in 0..<5 {
            var d = BoxDesc()
            d.geometry = BoxGeometry(center: Vec2(100 + Double(i), 100), width: 50, height: 50)
            ids.append(try e.createBox(d))
        }
        // Use up the orders below the first one.
        e.scene.nextBackOrder = 2
        try e.order(ids[4], .back)
        try e.order(ids[3], .back)
        try e.order(ids[2], .back)
        #expect(OrderQueryTests.boxes(e) == [ids[2], ids[3], ids[4], ids[0], ids[1]])
        #expect(try e.hitTest(world: Vec2(110, 100)).box == ids[1])
        try e.order(ids[1], .back)
        #expect(try e.hitTest(world: Vec2(110, 100)).box == ids[0])
        #expect(e.scene.tree.validate() == nil)
    }

    // MARK: queries

    /// True when the convex polygons `a` and `b` share a point: a vertex of one inside the
    /// other, or two edges crossing (the reference for the engine's separating-axis test).
    static func polygonsMeet(_ a: [Vec2], _ b: [Vec2]) -> Bool {
        func inside(_ p: Vec2, _ poly: [Vec2]) -> Bool {
            var sign = 0.0
            for i in poly.indices {
                let c = (poly[(i + 1) % poly.count] - poly[i]).cross(p - poly[i])
                if c != 0 {
                    if sign != 0 && (c > 0) != (sign > 0) { return false }
                    sign = c
                }
            }
            return true
        }
        func cross(_ p: Vec2, _ q: Vec2, _ r: Vec2, _ s: Vec2) -> Bool {
            let d1 = (q - p).cross(r - p), d2 = (q - p).cross(s - p)
            let d3 = (s - r).cross(p - r), d4 = (s - r).cross(q - r)
            return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)
        }
        if a.contains(where: { inside($0, b) }) || b.contains(where: { inside($0, a) }) { return true }
        for i in a.indices {
            for j in b.indices where cross(a[i], a[(i + 1) % a.count], b[j], b[(j + 1) % b.count]) { return true }
        }
        return false
    }

    @Test(arguments: [1, 2])
    func queryMatchesBruteForceOverRotatedNestedBoxes(seed: UInt64) throws {
        var rng = SplitMix64(seed: 800 + seed)
        let e = try Engine()
        var model = try OrderQueryTests.scene(e, &rng, 500)
        for _ in 0..<40 {
            let all = model.preorder
            let id = all[rng.int(all.count)]
            let op: Reorder = rng.bool() ? .front : .back
            try e.order(id, op)
            model.apply(op, id, parent: try e.parent(of: id))
        }
        let order = model.preorder
        let corners = try order.map { id -> [Vec2] in
            let c = try e.state(id).corners
            return [c.0, c.1, c.2, c.3]
        }
        var nonEmpty = 0
        for k in 0..<200 {
            let a = Vec2(rng.double(-100, 1100), rng.double(-100, 1100))
            let size = k % 4 == 0 ? rng.double(0, 5) : rng.double(0, 400)
            let b = a + Vec2(rng.double(-size, size), rng.double(-size, size))
            let rect = [
                Vec2(min(a.x, b.x), min(a.y, b.y)), Vec2(max(a.x, b.x), min(a.y, b.y)),
                Vec2(max(a.x, b.x), max(a.y, b.y)), Vec2(min(a.x, b.x), max(a.y, b.y))
            ]
            for contain in [false, true] {
                var got: [BoxID] = []
                let n = try e.query(a, b, contain: contain) { got.append($0) }
                #expect(n == got.count)
                var want: [BoxID] = []
                for i in order.indices.reversed() {
                    let c = corners[i]
                    let hit =
                        contain
                        ? c.allSatisfy {
                            $0.x >= rect[0].x && $0.x <= rect[2].x && $0.y >= rect[0].y && $0.y <= rect[2].y
                        }
                        : OrderQueryTests.polygonsMeet(c, rect)
                    if hit { want.append(order[i]) }
                }
                #expect(got == want, "query \(k) contain \(contain)")
                if !want.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 100)
    }

    @Test func queryRefusesBadRectanglesAndFindsPassThroughBoxes() throws {
        let r = Rig()
        let a = r.box(center: Vec2(300, 300), editing: false) { $0.behavior.passThrough = true }
        for bad in [Double.nan, .infinity, -.infinity, 2e9] {
            expectGripError(.invalidArgument) { try r.e.query(Vec2(bad, 0), Vec2(10, 10), contain: false) { _ in } }
            expectGripError(.invalidArgument) { try r.e.query(Vec2(0, 0), Vec2(10, bad), contain: true) { _ in } }
        }
        var got: [BoxID] = []
        try r.e.query(Vec2(1000, 1000), Vec2(0, 0), contain: true) { got.append($0) }
        #expect(got == [a])
        // A rectangle touching the box's edge meets it; one a hair away does not.
        got = []
        try r.e.query(Vec2(400, 0), Vec2(500, 1000), contain: false) { got.append($0) }
        #expect(got == [a])
        got = []
        try r.e.query(Vec2(400.000001, 0), Vec2(500, 1000), contain: false) { got.append($0) }
        #expect(got.isEmpty)
    }

    // MARK: view helpers

    @Test func screenAndWorldMapThroughTheView() throws {
        var rng = SplitMix64(seed: 901)
        let r = Rig()
        try r.e.setView(randomView(&rng))
        for _ in 0..<50 {
            let p = Vec2(rng.double(-1000, 1000), rng.double(-1000, 1000))
            #expect(close(try r.e.worldToScreen(p), r.screen(p), rel: 1e-12))
            #expect(close(try r.e.screenToWorld(r.screen(p)), p, rel: 1e-9, scale: 1000))
        }
        expectGripError(.invalidArgument) { _ = try r.e.screenToWorld(Vec2(.nan, 0)) }
        expectGripError(.invalidArgument) { _ = try r.e.worldToScreen(Vec2(0, .infinity)) }
    }
}
