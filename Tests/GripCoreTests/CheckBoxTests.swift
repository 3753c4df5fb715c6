import Testing

@testable import GripCore

/// `Engine.checkBox` (what a scene load checks of every box before it changes anything) refuses
/// exactly what `createBox` refuses, with the same error, and creates nothing.
@Suite struct CheckBoxTests {
    /// The error a call throws, or nil.
    private func error(_ body: () throws(GripError) -> Void) -> GripError? {
        do throws(GripError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesWhatCreateRefusesAndCreatesNothing() {
        let r = Rig()
        var good = BoxDesc()
        good.geometry = BoxGeometry(center: Vec2(100, 100), width: 40, height: 30)
        var narrow = good
        narrow.geometry.width = 5  // below the default min_width of 10
        var scaled = good
        scaled.geometry.scale = 50  // above the default max_scale of 10
        var notANumber = good
        notANumber.geometry.center = Vec2(.nan, 0)
        var badBehavior = good
        badBehavior.behavior.cornerRadius = -1
        for d in [narrow, scaled, notANumber, badBehavior] {
            let checked = error { () throws(GripError) in try r.e.checkBox(d, depth: 0) }
            let created = error { () throws(GripError) in _ = try r.e.createBox(d) }
            #expect(checked != nil)
            #expect(checked == created)
        }
        #expect(error { () throws(GripError) in try r.e.checkBox(good, depth: 0) } == nil)
        #expect(r.e.boxCount == 0)
    }

    /// Depth 31 is the deepest a box may be (32 levels); depth 32 is refused as creating a child
    /// of a box at depth 31 is.
    @Test func refusesTheDepthCreateRefuses() throws {
        let r = Rig()
        var d = BoxDesc()
        d.geometry = BoxGeometry(center: Vec2(100, 100), width: 40, height: 30)
        var parent = BoxID.none
        for _ in 0..<Int(Scene.maxDepth) {
            d.parent = parent
            parent = try r.e.createBox(d)
        }
        d.parent = parent
        let created = error { () throws(GripError) in _ = try r.e.createBox(d) }
        let checked = error { () throws(GripError) in try r.e.checkBox(d, depth: Int(Scene.maxDepth)) }
        #expect(created != nil && checked == created)
        #expect(error { () throws(GripError) in try r.e.checkBox(d, depth: Int(Scene.maxDepth) - 1) } == nil)
        #expect(r.e.boxCount == Int(Scene.maxDepth))
    }
}
