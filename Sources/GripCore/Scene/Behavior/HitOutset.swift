/// The hit outset of a box (`hit_outset`): its body is hit that many screen units outside its
/// outline, on every side (the outline grown along the box's own axes, so with square corners).
/// Screen units become box units through the view, so the scene keeps the view's linear part,
/// and the boxes with an outset are refreshed when it changes.
extension Scene {
    /// The hit shape and tight world bounds of slot-`s` box `id` (box space -> world `m`,
    /// geometry `g`) grown by `outset` screen units. Exact for views that are similarities; a
    /// box whose screen axes have no length keeps its plain shape.
    func outsetShape(_ id: BoxID, _ m: Affine, _ g: BoxGeometry, _ outset: Double) -> (HitShape, Rect) {
        let screen = viewLinear * m
        let lx = screen.applyVector(Vec2(1, 0)).length, ly = screen.applyVector(Vec2(0, 1)).length
        let ox = lx > 0 ? outset / lx : 0, oy = ly > 0 ? outset / ly : 0
        let shape = HitShape(id: id, world: m, width: g.width, height: g.height, outsetX: ox, outsetY: oy)
        let r = Rect(
            bounding: m.apply(Vec2(-ox, -oy)), m.apply(Vec2(g.width + ox, -oy)),
            m.apply(Vec2(g.width + ox, g.height + oy)), m.apply(Vec2(-ox, g.height + oy)))
        return (shape, r)
    }

    /// The view's linear part changed to `linear`: boxes with an outset get new hit shapes (a
    /// scan of every slot, skipped while no box has had an outset).
    mutating func viewLinearChanged(_ linear: Affine) {
        if viewLinear == linear { return }
        viewLinear = linear
        guard hasOutsets else { return }
        for i in 0..<slots.count where slots[i].alive && behavior(Int32(i)).hitOutset > 0 {
            markBoundsDirty(Int32(i))
        }
    }
}

extension BoxBehavior {
    /// True when going from this behaviour to `b` changes the box's hit shape.
    func changesHitShape(_ b: BoxBehavior) -> Bool { passThrough != b.passThrough || hitOutset != b.hitOutset }
}
