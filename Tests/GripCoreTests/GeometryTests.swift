import Testing

@testable import GripCore

@Suite struct GeometryTests {
    @Test func affineMultiplyAppliesRightOperandFirst() {
        let m = Affine(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let n = Affine(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        // Worked by hand: columns of M times columns of N, plus M's translation.
        #expect(m * n == Affine(a: 31, b: 46, c: 39, d: 58, tx: 52, ty: 76))
        let p = Vec2(-3, 2.5)
        let viaBoth = m.apply(n.apply(p))
        #expect(close((m * n).apply(p), viaBoth, rel: 1e-15))
        #expect(m * .identity == m && .identity * m == m)
    }

    @Test func affineInverse() throws {
        let m = Affine(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: 20)
        #expect(m.inverse == Affine(a: 0.5, b: 0, c: 0, d: 0.25, tx: -5, ty: -5))
        var rng = SplitMix64(seed: 11)
        for _ in 0..<500 {
            let f = Affine(
                a: rng.double(-3, 3), b: rng.double(-3, 3), c: rng.double(-3, 3), d: rng.double(-3, 3),
                tx: rng.double(-500, 500), ty: rng.double(-500, 500))
            guard abs(f.determinant) > 0.05 else { continue }
            let inv = try #require(f.inverse)
            let p = Vec2(rng.double(-1000, 1000), rng.double(-1000, 1000))
            #expect(close(inv.apply(f.apply(p)), p, rel: 1e-9))
            #expect(close(f.apply(inv.apply(p)), p, rel: 1e-9))
        }
        #expect(Affine(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverse == nil)  // singular
        #expect(Affine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverse == nil)
        #expect(Affine(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0).inverse == nil)
    }

    @Test func rotationIsClockwiseOnScreen() {
        // y grows down: a quarter turn takes +x to +y.
        let p = Affine.rotation(Double.pi / 2).apply(Vec2(1, 0))
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
    }

    /// (x, sin x, cos x), correctly rounded (mpmath, 50 digits).
    static let sinCosTable: [(Double, Double, Double)] = [
        (0.0, 0.0, 1.0),
        (0.5235987755982988, 0.49999999999999994, 0.8660254037844387),
        (0.7853981633974483, 0.7071067811865475, 0.7071067811865476),
        (0.7840999999990663, 0.706188245484223, 0.708024125252745),
        (2.356, 0.7072442931458977, -0.7069692424798688),
        (1.0471975511965976, 0.8660254037844386, 0.5000000000000001),
        (1.5707963267948966, 1.0, 6.123233995736766e-17),
        (3.141592653589793, 1.2246467991473532e-16, -1.0),
        (1.0, 0.8414709848078965, 0.5403023058681398),
        (2.0, 0.9092974268256817, -0.4161468365471424),
        (3.0, 0.1411200080598672, -0.9899924966004454),
        (-0.5, -0.479425538604203, 0.8775825618903728),
        (10.0, -0.5440211108893698, -0.8390715290764524),
        (100.0, -0.5063656411097588, 0.8623188722876839),
        (1000.0, 0.8268795405320025, 0.5623790762907029),
        (12345.678, -0.7040813137533816, 0.7101193587160628),
        (1000000.0, -0.34999350217129294, 0.9367521275331447),
        (100000000.0, 0.931639027109726, -0.3633850893556905),
        (-123456789.0, -0.9901147518020355, 0.14025968153390964)
    ]

    @Test(arguments: sinCosTable)
    func sinCosKnownValues(_ row: (Double, Double, Double)) {
        let (x, s, c) = row
        let (gs, gc) = Trig.sinCos(x)
        #expect(abs(gs - s) <= 1e-15, "sin(\(x)) = \(gs), want \(s)")
        #expect(abs(gc - c) <= 1e-15, "cos(\(x)) = \(gc), want \(c)")
    }

    @Test func sinCosAgreesWithLibmOnRandomAngles() {
        var rng = SplitMix64(seed: 7)
        var worst = 0.0
        for _ in 0..<20_000 {
            let x = rng.double(-1000, 1000)
            let (s, c) = Trig.sinCos(x)
            worst = Swift.max(worst, abs(s - refSin(x)), abs(c - refCos(x)))
        }
        #expect(worst <= 1e-15)
        #expect(Trig.sinCos(.nan).0.isNaN && Trig.sinCos(.infinity).1.isNaN)
    }

    /// (y, x, atan2(y, x)), correctly rounded (mpmath).
    static let atan2Table: [(Double, Double, Double)] = [
        (1.0, 1.0, 0.7853981633974483),
        (1.0, 0.0, 1.5707963267948966),
        (0.0, -1.0, 3.141592653589793),
        (-1.0, -1.0, -2.356194490192345),
        (1.0, 1.7320508075688772, 0.5235987755982989),
        (0.5, 1.0, 0.4636476090008061),
        (1.0, 3.0, 0.3217505543966422),
        (-2.0, -7.0, -2.8632929945846817),
        (3.0, -0.1, 1.6041173226731438),
        (0.0, 1.0, 0.0),
        (-1.0, 0.0, -1.5707963267948966),
        (1e-300, 1.0, 1e-300),
        (0.41421356237309503, 1.0, 0.39269908169872414),
        (0.19, 1.0, 0.18776194651359343),
        (0.21, 1.0, 0.206992194219821),
        (5.0, 0.3, 1.5108681716736887)
    ]

    @Test(arguments: atan2Table)
    func atan2KnownValues(_ row: (Double, Double, Double)) {
        let (y, x, want) = row
        let got = Trig.atan2(y, x)
        #expect(abs(got - want) <= 1e-15, "atan2(\(y), \(x)) = \(got), want \(want)")
    }

    @Test func atan2AgreesWithLibmAndEdgeCases() {
        var rng = SplitMix64(seed: 8)
        var worst = 0.0
        for _ in 0..<20_000 {
            let y = rng.double(-50, 50), x = rng.double(-50, 50)
            worst = Swift.max(worst, abs(Trig.atan2(y, x) - refAtan2(y, x)))
        }
        #expect(worst <= 1e-15)
        #expect(Trig.atan2(0, 0) == 0)
        #expect(Trig.atan2(.nan, 1).isNaN)
        #expect(Trig.atan2(1, .infinity) == 0)
        #expect(abs(Trig.atan2(.infinity, 1) - Double.pi / 2) <= 1e-15)
    }

    static func randomGeometry(_ rng: inout SplitMix64) -> BoxGeometry {
        BoxGeometry(
            center: Vec2(rng.double(-500, 500), rng.double(-500, 500)),
            width: rng.double(1, 400), height: rng.double(1, 400),
            rotation: rng.double(-4, 4), scale: rng.double(0.1, 5),
            flippedX: rng.bool(), flippedY: rng.bool())
    }

    @Test func localMatchesTheDesignFormula() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<2000 {
            let g = Self.randomGeometry(&rng)
            #expect(close(g.local, refLocal(g), rel: 1e-12), "\(g)")
        }
        // One worked by hand: 90 degrees, scale 2, flipped x, 10 x 20 at (100, 50).
        let g = BoxGeometry(
            center: Vec2(100, 50), width: 10, height: 20, rotation: Double.pi / 2, scale: 2, flippedX: true)
        // Box point (0, 0) is (-5, -10) from the centre; S -> (10, -20); R(90) -> (20, 10).
        #expect(close(g.local.apply(Vec2(0, 0)), Vec2(120, 60), rel: 1e-14))
        #expect(close(g.local.apply(Vec2(5, 10)), Vec2(100, 50), rel: 1e-14))
    }

    @Test func cornersAreTopLeftTopRightBottomRightBottomLeft() {
        let g = BoxGeometry(center: Vec2(50, 40), width: 100, height: 80)
        let c = g.corners(g.local)
        #expect(c.0 == Vec2(0, 0) && c.1 == Vec2(100, 0) && c.2 == Vec2(100, 80) && c.3 == Vec2(0, 80))
        let b = BoxGeometry(center: Vec2(0, 0), width: 2, height: 2, rotation: Double.pi / 4).parentBounds
        #expect(abs(b.max.x - 2.0.squareRoot()) < 1e-12 && abs(b.min.y + 2.0.squareRoot()) < 1e-12)
    }

    @Test func decomposeRoundTripsIncludingFlips() throws {
        var rng = SplitMix64(seed: 31)
        for i in 0..<2000 {
            var g = Self.randomGeometry(&rng)
            g.flippedX = i & 1 == 1
            g.flippedY = i & 2 == 2
            let back = try #require(
                BoxGeometry.decompose(g.local, width: g.width, height: g.height, preferFlipX: g.flippedX))
            #expect(back.flippedX == g.flippedX && back.flippedY == g.flippedY)
            #expect(close(back.scale, g.scale, rel: 1e-12))
            #expect(abs(angleDiff(back.rotation, g.rotation)) < 1e-12)
            #expect(close(back.center, g.center, rel: 1e-12))
            #expect(back.width == g.width && back.height == g.height)
            // The other flip choice describes the same transform (a half turn plus both flips).
            let other = try #require(
                BoxGeometry.decompose(g.local, width: g.width, height: g.height, preferFlipX: !g.flippedX))
            #expect(other.flippedX == !g.flippedX && other.flippedY == !g.flippedY)
            #expect(close(refLocal(other).affine, refLocal(g), rel: 1e-9))
        }
        #expect(
            BoxGeometry.decompose(Affine(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), width: 1, height: 1, preferFlipX: false)
                == nil)
    }

    @Test func angleWrapAndSnap() {
        #expect(abs(Angle.wrap(3 * Double.pi / 2) + Double.pi / 2) < 1e-15)
        #expect(Angle.wrap(-Double.pi) == Double.pi)
        let step = Double.pi / 4
        #expect(Angle.snap(step + 0.05, step: step, tolerance: 0.087) == step)
        #expect(Angle.snap(step + 0.1, step: step, tolerance: 0.087) == step + 0.1)
    }
}
