/// The parts of a box's overlay that come and go with a gesture: the long-press indicator (built
/// in, or a script's outline) and the guide along a snapped rotation.
extension Engine {
    /// The long-press indicator of slot `x`, while its press has progress.
    func appendIndicator(_ x: Int32) {
        let id = scene.id(x)
        let progress = pressProgress(id)
        guard progress > 0 else { return }
        let g = scene[x].geometry
        let behavior = scene.behavior(x)
        var c = Command(kind: .indicator, box: id)
        c.userData = behavior.userData
        c.strokeWidth = Style.indicatorStroke
        c.progress = progress
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        var points = frameState.indicatorScratch
        frameState.indicatorScratch = []  // so the array is uniquely referenced while it grows
        points.removeAll(keepingCapacity: true)
        let transform: Affine
        if behavior.indicator == .custom && customIndicator(x, progress: progress, into: &points) {
            transform = screenTransform(x)
        } else {
            transform = view * scene.parentWorld(x) * g.frameLocal
            Indicator.outline(
                behavior.indicator, width: g.width, height: g.height, cornerRadius: behavior.cornerRadius,
                screenScale: transform.uniformScale, mirrored: transform.determinant < 0, into: &points)
        }
        Indicator.trim(&points, from: 0, progress: progress)
        for p in points { frameState.vertices.append(transform.apply(p)) }
        c.vertexCount = UInt32(truncatingIfNeeded: points.count)
        frameState.indicatorScratch = points
        frameState.commands.append(c)
    }

    /// The snapped axis of slot `x` while a rotation rests on a snap angle: through the centre,
    /// from beyond the rotate handle to beyond the bottom.
    func appendGuide(_ x: Int32) {
        let id = scene.id(x)
        guard let gi = gesture(on: id), interactions.rotationSnapped(gi) else { return }
        let g = scene[x].geometry
        var c = Command(kind: .guide, box: id)
        c.userData = scene[x].userData
        c.strokeWidth = Style.borderStroke
        c.handle = interactions.activeHandle(gi)
        c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
        c.vertexCount = 2
        let frameToScreen = view * scene.parentWorld(x) * g.frameLocal
        frameState.vertices.append(
            frameToScreen.apply(Vec2(g.width * 0.5, -rotateHandleLift(frameToScreen) - g.height * 0.25)))
        frameState.vertices.append(frameToScreen.apply(Vec2(g.width * 0.5, g.height * 1.25)))
        frameState.commands.append(c)
    }

    /// Appends the scripted indicator outline of slot `x` (box space); false, with the vertices
    /// untouched, when there is none or it failed (then the built-in circle is drawn instead).
    private func customIndicator(_ x: Int32, progress: Double, into vertices: inout [Vec2]) -> Bool {
        let id = scene.id(x)
        guard let hooks, let pi = interactions.press(on: id), interactions.pressState(pi)?.indicatorDisabled == false
        else { return false }
        let start = vertices.count
        let failure = hooks.indicatorOutline(
            box: id, progress: progress, geometry: scene[x].geometry, into: &vertices)
        var problem = failure
        if problem == nil {
            if vertices.count - start < 2 {
                problem = HookFailure("custom indicator returned fewer than 2 points")
            } else if vertices[start...].contains(where: { !$0.isFinite }) {
                problem = HookFailure("custom indicator returned a non-finite point")
            } else if vertices.count - start > 65536 {
                problem = HookFailure("custom indicator returned more than 65536 points")
            }
        }
        guard let problem else { return true }
        vertices.truncate(to: start)
        interactions.disableIndicator(ofPressOn: id)
        hookFailed(problem, slot: x)
        return false
    }
}
