/// Boxes brought back by undo: a box a recorded step destroyed (or created, when the step is
/// undone) keeps its slot and generation while a step may bring it back, so it returns with its
/// own id. Such a slot is held by the history (`History.park`) instead of going to the free list,
/// and freed once no step mentions it (`Engine.freeReleasedSlots`).
extension Scene {
    /// Brings dead slot `s` back as a live box of its old generation, under `parent` (-1: top
    /// level) at draw order `order`, with `geometry`, `behavior` and `hooks`; its home is `home`
    /// (an editing box draws its overlay again).
    /// The caller checked the slot is dead with the generation of the id it revives, and that the
    /// parent is live and shallow enough.
    mutating func revive(
        _ s: Int32, parent: Int32, order: UInt64, geometry: BoxGeometry, home: BoxGeometry,
        behavior: BoxBehavior, hooks: BoxHookSet
    ) {
        let b = retainBehavior(behavior, isLast: false)
        slots[Int(s)] = BoxRecord(
            generation: slots[Int(s)].generation, geometry: geometry, behaviorIndex: b,
            userData: behavior.userData, editing: behavior.editing, order: order)
        slots[Int(s)].hooks = hooks
        if !home.sameBits(geometry) { slots[Int(s)].homeIndex = storeHome(home) }
        boundsDirtySlots.append(s)
        snapTouched(s)
        link(s, under: parent)
        count += 1
        keepOrdersAbove(order)
        if behavior.editing { editingSlots.append(s) }
    }

    /// Moves live slot `s` under `parent` (-1: top level) at draw order `order` among its new
    /// siblings (its subtree goes with it).
    mutating func place(_ s: Int32, under parent: Int32, order: UInt64) {
        unlink(s)
        slots[Int(s)].order = order
        link(s, under: parent)
        invalidateWorld(s)
        snapTouched(s)
        var x = s
        while true {
            markBoundsDirty(x)
            guard let n = nextInDrawOrder(x, within: s) else { break }
            x = n
        }
        keepOrdersAbove(order)
    }

    /// Keeps the orders handed out next (front and back) clear of `order`, one a box got back.
    private mutating func keepOrdersAbove(_ order: UInt64) {
        if order >= nextOrder { nextOrder = order &+ 1 }
        if order <= nextBackOrder && order > 0 { nextBackOrder = order - 1 }
    }
}
