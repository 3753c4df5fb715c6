import Testing

@testable import GripCore

/// The conversions that a 32-bit target (wasm32, where `Int` has 32 bits) must survive: each
/// keeps its value unsigned, in `Int64` or clamped in `Double` before it becomes an `Int`, so the
/// values past 2^31 that trapped there give what the rule says on every target.
@Suite struct WideValueTests {
    @Test func behaviourHashesPast2To31PickTheirLowBitsAsTheBucket() {
        #expect(Scene.bucket(0xFFFF_FFF5, of: 16) == 5)
        #expect(Scene.bucket(0x8000_0000, of: 1024) == 0)
        #expect(Scene.bucket(0x8000_03FF, of: 1024) == 1023)
        #expect(Scene.bucket(7, of: 1) == 0)
    }

    @Test func cellsOfPointsFarOutsideTheGridAreClampedBeforeTheyBecomeIntegers() {
        #expect(CellIndex.clamped(5.7, 64) == 5)
        #expect(CellIndex.clamped(63.2, 64) == 63)
        #expect(CellIndex.clamped(1e300, 64) == 63)
        #expect(CellIndex.clamped(3e9, 64) == 63)
        #expect(CellIndex.clamped(-0.5, 64) == 0)
        #expect(CellIndex.clamped(-1e300, 64) == 0)
        #expect(CellIndex.clamped(.nan, 64) == 0)
    }

    @Test func dashPhaseOfLargeTimesCountsWholePeriodsPast2To31() {
        // 10 units per second, period 12: at t = 5e8 s, d = 5e9 = 12 * 416,666,666 + 8.
        #expect(Style.dashPhase(at: 5e8) == 8)
        // d = 3e10 = 12 * 2.5e9 exactly: 2.5e9 whole periods, more than an Int32 holds.
        #expect(Style.dashPhase(at: 3e9) == 0)
    }

    @Test func anglesOfMoreThan2To31TurnsWrapIntoTheHalfOpenRange() {
        // 1e10 turns and a quarter: the turns alone are past 2^31.
        let a = (1e10 + 0.25) * 2 * Double.pi
        let want = a.truncatingRemainder(dividingBy: 2 * Double.pi)
        let r = Angle.wrap(a)
        #expect(r > -Double.pi && r <= Double.pi)
        #expect(abs(r - want) < 1e-5)
    }
}
