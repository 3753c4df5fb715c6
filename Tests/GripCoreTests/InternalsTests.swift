// Internals the behaviour tests reach only indirectly: the bounds tree's invariants under
// random edits, and the shortcut cursor angles against direct measurement.
import Testing
@testable import GripCore

@Suite struct BoundsTreeTests {
    @Test func staysBalancedAndConsistentUnderRandomEdits() {
        var rng = SplitMix64(seed: 7)
        var tree = BoundsTree()
        var leaves: [(Int32, Rect)] = []
        for i in 0..<2000 {
            let r = Rect(x: rng.double(0, 1000), y: rng.double(0, 1000), width: rng.double(1, 50), height: rng.double(1, 50))
            leaves.append((tree.insert(Int32(i), r), r))
        }
        for _ in 0..<3000 {
            let k = rng.int(leaves.count)
            let r = Rect(x: rng.double(0, 1000), y: rng.double(0, 1000), width: rng.double(1, 50), height: rng.double(1, 50))
            tree.update(leaves[k].0, r)
            leaves[k].1 = r
        }
        for k in stride(from: leaves.count - 1, through: 0, by: -3) {
            tree.remove(leaves[k].0)
            leaves.remove(at: k)
        }
        #expect(tree.validate() == nil)
        // A balanced tree of n leaves is at most about 2 log2 n high.
        #expect(tree.height <= 2 * 11 + 2)
        // Every leaf containing a point is found, and nothing else.
        for _ in 0..<500 {
            let p = Vec2(rng.double(0, 1000), rng.double(0, 1000))
            var found: [Int32] = []
            tree.query(p, into: &found)
            for (leaf, r) in leaves where r.contains(p) {
                #expect(found.contains(tree.nodes[Int(leaf)].item))
            }
            for item in found {
                let fat = tree.nodes.first { $0.item == item && $0.height == 0 }!.rect
                #expect(fat.contains(p))
            }
        }
    }
}

@Suite struct CursorDirectionTests {
    @Test func shortcutMatchesMeasuredAngles() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let rotation = rng.double(-7, 7), s = rng.double(0.1, 5)
            let mirrored = rng.bool()
            var m = Affine.rotation(rotation) * Affine.scale(s, mirrored ? -s : s)
            m.tx = rng.double(-100, 100)
            let w = rng.double(10, 300), h = rng.double(10, 300)
            let c = CursorDirections(frameToScreen: m, width: w, height: h)
            for v in [Vec2(w / 2, h / 2), Vec2(-w / 2, h / 2), Vec2(w / 2, -h / 2), Vec2(-w / 2, -h / 2),
                      Vec2(w / 2, 0), Vec2(-w / 2, 0), Vec2(0, h / 2), Vec2(0, -h / 2 - 24)] {
                let d = Angle.wrap(c.angle(frameVector: v) - c.measured(v))
                #expect(abs(d) < 1e-12, "rotation \(rotation) mirrored \(mirrored) vector \(v)")
            }
        }
    }

    @Test func shearedViewsAreMeasured() {
        let m = Affine(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let c = CursorDirections(frameToScreen: m, width: 100, height: 50)
        let v = Vec2(50, 25)
        #expect(c.angle(frameVector: v) == c.measured(v))
        #expect(abs(c.measured(v) - refAtan2(25, 62.5)) < 1e-15)
    }
}
