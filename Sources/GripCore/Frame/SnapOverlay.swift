/// The marks of the snap in effect, drawn with the selection's part of the overlay: a GUIDE per
/// aligned coordinate, a GAP per equal gap, in screen coordinates.
extension Engine {
    /// Appends the GUIDE and GAP commands of the gesture's snap.
    @inline(never) func appendSnapMarks() {
        guard !snapping.marks.isEmpty else { return }
        let x = snapping.markChild
        guard Int(x) < scene.slotCount, scene[x].alive else { return }
        let toWorld = scene.parentWorld(x)
        let m = view * toWorld
        for k in snapping.marks.indices {
            let mark = snapping.marks[k]
            var c = Command(kind: mark.gap ? .gap : .guide, box: snapping.markBox)
            c.strokeWidth = Style.borderStroke
            c.firstVertex = UInt32(truncatingIfNeeded: frameState.vertices.count)
            c.vertexCount = 2
            if mark.gap { c.width = toWorld.applyVector(mark.b - mark.a).length }
            frameState.vertices.append(m.apply(mark.a))
            frameState.vertices.append(m.apply(mark.b))
            frameState.commands.append(c)
        }
    }
}
