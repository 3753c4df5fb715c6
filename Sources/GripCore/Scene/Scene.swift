/// Box storage and hierarchy: slots in pages that never move, generational ids, sibling lists
/// in draw order (creation order unless reordered, Scene/Order.swift), and world transforms cached per box and invalidated by subtree. Every
/// change to what is drawn is recorded through Scene/SceneChanges.swift (`commit` for geometry,
/// Scene/Storage/GeometryCommit.swift). The records themselves are kept by `BoxStore` (Scene/Storage/).
public struct Scene {
    /// Most levels boxes nest: a top-level box is the first level (depth 0), so depths run
    /// 0 ..< maxDepth.
    public static let maxDepth: Int32 = 32

    /// The box records and their free slots (Scene/Storage/BoxStore.swift).
    var slots = BoxStore()
    /// Home geometries of the boxes that moved away from theirs, and the free entries
    /// (Scene/Homes.swift).
    var homes: [BoxGeometry] = []
    var freeHomes: [Int32] = []
    /// Each distinct behaviour once, with the count of boxes using it; the free entries; the
    /// first live entry of each bucket by hash, a power of two of them at least the live entries
    /// (empty until the first box); the entry the last box created got. Scene/Behavior/Behaviors.swift.
    var behaviors: [BehaviorEntry] = []
    var freeBehaviors: [Int32] = []
    var behaviorBuckets: [Int32] = []
    var lastBehavior: Int32 = -1
    /// Top-level boxes, first and last, in creation order.
    var firstRoot: Int32 = -1
    var lastRoot: Int32 = -1
    /// The order the next box (or one brought to the front) gets, and the one a box sent to
    /// the back gets: siblings draw by increasing order, so these grow apart from the middle.
    var nextOrder: UInt64 = Scene.firstOrder
    var nextBackOrder: UInt64 = Scene.firstOrder - 1
    static let firstOrder: UInt64 = 1 << 31
    /// The engine's tag, carried in every id it hands out.
    let tag: UInt16
    public internal(set) var count = 0
    /// Scratch for walking up to the first valid ancestor (reused, never shrinks).
    var pathScratch: [Int32] = []
    /// World bounds of every box, for hit testing; refreshed lazily from `boundsDirtySlots`.
    var tree = BoundsTree()
    var boundsDirtySlots: [Int32] = []
    /// The view without its translation: what turns hit outsets (screen units) into box units;
    /// and whether any box has had an outset (until then a view change refreshes no hit shape).
    var viewLinear = Affine.identity
    var hasOutsets = false
    /// Scratch of region queries (Scene/HitTesting/Queries.swift): the leaves found, the tree walk's stack,
    /// the boxes that passed the exact test (draw key inverted << 32 | slot).
    var queryFound: [Int32] = []
    var queryStack: [Int32] = []
    var queryHits: [UInt64] = []
    /// Slots of the boxes with `editing` set: they draw overlays, their handles are hit-tested,
    /// and the marching ants move with time when there is one.
    var editingSlots: [Int32] = [] { didSet { changes.overlayOrderValid = false } }
    /// Boxes whose custom-handle position hook failed (until their gesture or the next configure).
    var disabledHandleHooks: [BoxID] = []
    /// What changed since the frame was last built (Scene/SceneChanges.swift).
    var changes = SceneChanges()
    /// Snapping (Snapping/SnapIndex.swift): the slots committed, created, destroyed, reparented
    /// or made a target or not since the snap index last took them in, each once (`snapQueued`).
    var snapDirty: [Int32] = []
    var snapQueued: [Bool] = []
    /// Counts the world transforms computed whose linear part (rotation, scale, flips in the
    /// world) differed from the one cached before: while it stands, no box has turned.
    var worldTurns: UInt64 = 0

    init(tag: UInt16 = 0) { self.tag = tag }

    // MARK: ids

    /// The slot of a live box, or nil for unknown and destroyed ids.
    @inline(__always) func slot(_ id: BoxID) -> Int32? {
        let i = id.index
        guard i >= 0, Int(i) < slots.count, id.generation != 0, id.tag == tag else { return nil }
        let r = slots[Int(i)]
        return r.alive && r.generation == id.generation ? i : nil
    }

    @inline(__always) func id(_ slot: Int32) -> BoxID {
        BoxID(index: slot, generation: slots[Int(slot)].generation, tag: tag)
    }

    func record(_ slot: Int32) -> BoxRecord { slots[Int(slot)] }

    // MARK: creation and destruction

    /// Stores a new box under `parent` (-1 for top level) and returns its slot, or nil when no
    /// slot is free (every slot's generation exhausted or `Int32` indices used up).
    /// `lastBehavior`: what `isLastBehavior(behavior)` returned.
    @_optimize(speed) mutating func insert(
        geometry: BoxGeometry, behavior: BoxBehavior, parent: Int32, lastBehavior isLast: Bool
    ) -> Int32? {
        let s: Int32
        guard slots.hasRoom else { return nil }
        let b = retainBehavior(behavior, isLast: isLast)
        // The record is built in one expression, straight into its slot.
        if let f = slots.takeFree() {
            s = f
            slots[Int(s)] = BoxRecord(
                generation: slots[Int(f)].generation &+ 1, geometry: geometry, behaviorIndex: b,
                userData: behavior.userData, editing: behavior.editing, order: nextOrder)
        } else {
            s = slots.append(
                BoxRecord(
                    generation: 1, geometry: geometry, behaviorIndex: b, userData: behavior.userData,
                    editing: behavior.editing, order: nextOrder))
        }
        nextOrder &+= 1
        boundsDirtySlots.append(s)
        snapTouched(s)
        link(s, under: parent)
        count += 1
        // Boxes created in numbers get their bounds a batch at a time as they come.
        if boundsDirtySlots.count >= Scene.boundsBatch { refreshBounds(advancing: false) }
        return s
    }

    /// Boxes whose bounds wait at most; the most leaves the tree is rebuilt top-down for in one call.
    static let boundsBatch = 64, bulkRebuildLimit = 2048

    /// Appends `root` and its descendants, in draw order, to `out`.
    func collectSubtree(_ root: Int32, into out: inout [Int32]) {
        var x = root
        while true {
            out.append(x)
            guard let n = nextInDrawOrder(x, within: root) else { return }
            x = n
        }
    }

    /// Removes `slot` and its whole subtree (the slots keep their generation and data until reused).
    /// With `freeing` false no slot goes to the free list: the caller frees those it does not hold
    /// for a step that may bring them back (Scene/Revival.swift).
    mutating func remove(_ slot: Int32, freeing: Bool = true) {
        unlink(slot)
        // Iterative walk of the detached subtree.
        var stack: [Int32] = [slot]
        while let s = stack.popLast() {
            var c = slots[Int(s)].firstChild
            while c >= 0 { stack.append(c); c = slots[Int(c)].nextSibling }
            if slots[Int(s)].leaf >= 0 { tree.remove(slots[Int(s)].leaf) }
            slots[Int(s)].leaf = -1
            slots[Int(s)].boundsDirty = false
            slots[Int(s)].alive = false
            releaseHome(s)
            releaseBehavior(slots[Int(s)].behaviorIndex)
            snapTouched(s)
            slots[Int(s)].firstChild = -1
            slots[Int(s)].lastChild = -1
            count -= 1
            // A slot whose generation is exhausted is retired, so ids are never reused.
            if freeing { slots.release(s) }
        }
    }

    // MARK: hierarchy

    /// The deepest depth in the subtree of `s`, relative to `s` (0 for a leaf).
    func subtreeHeight(_ s: Int32) -> Int32 {
        var x = s, deepest: Int32 = 0
        let base = slots[Int(s)].depth
        while true {
            deepest = Swift.max(deepest, slots[Int(x)].depth - base)
            guard let n = nextInDrawOrder(x, within: s) else { return deepest }
            x = n
        }
    }

    /// True when `a` is `b` or one of its ancestors.
    func isAncestor(_ a: Int32, of b: Int32) -> Bool {
        var p = b
        while p >= 0 {
            if p == a { return true }
            p = slots[Int(p)].parent
        }
        return false
    }

    /// Moves `slot` under `parent` (-1: top level), placed among the new siblings by its order.
    mutating func reparent(_ slot: Int32, under parent: Int32) {
        unlink(slot)
        link(slot, under: parent)
        invalidateWorld(slot)
        snapTouched(slot)
        // (Its own geometry may stay as it is, a remote re-parent's: the subtree's commands must
        // still follow the new parent.)
        subtreeMoved(slot)
    }

    mutating func link(_ s: Int32, under parent: Int32) {
        contentChanged()
        slots[Int(s)].parent = parent
        let order = slots[Int(s)].order
        // Find the first sibling created after s, scanning from the end (new boxes go last; a box
        // sent to the back goes first without a scan).
        var after = parent >= 0 ? slots[Int(parent)].lastChild : lastRoot
        let first = parent >= 0 ? slots[Int(parent)].firstChild : firstRoot
        if first >= 0 && slots[Int(first)].order > order { after = -1 }
        while after >= 0 && slots[Int(after)].order > order { after = slots[Int(after)].prevSibling }
        let before =
            after >= 0 ? slots[Int(after)].nextSibling : (parent >= 0 ? slots[Int(parent)].firstChild : firstRoot)
        slots[Int(s)].prevSibling = after
        slots[Int(s)].nextSibling = before
        if after >= 0 {
            slots[Int(after)].nextSibling = s
        } else if parent >= 0 {
            slots[Int(parent)].firstChild = s
        } else {
            firstRoot = s
        }
        if before >= 0 {
            slots[Int(before)].prevSibling = s
        } else if parent >= 0 {
            slots[Int(parent)].lastChild = s
        } else {
            lastRoot = s
        }
        setDepth(s, parent >= 0 ? slots[Int(parent)].depth + 1 : 0)
    }

    mutating func unlink(_ s: Int32) {
        contentChanged()
        let r = slots[Int(s)]
        if r.prevSibling >= 0 {
            slots[Int(r.prevSibling)].nextSibling = r.nextSibling
        } else if r.parent >= 0 {
            slots[Int(r.parent)].firstChild = r.nextSibling
        } else {
            firstRoot = r.nextSibling
        }
        if r.nextSibling >= 0 {
            slots[Int(r.nextSibling)].prevSibling = r.prevSibling
        } else if r.parent >= 0 {
            slots[Int(r.parent)].lastChild = r.prevSibling
        } else {
            lastRoot = r.prevSibling
        }
        slots[Int(s)].prevSibling = -1
        slots[Int(s)].nextSibling = -1
        slots[Int(s)].parent = -1
    }

    private mutating func setDepth(_ s: Int32, _ depth: Int32) {
        let delta = depth &- slots[Int(s)].depth
        if delta == 0 { return }
        var x = s
        while true {
            slots[Int(x)].depth &+= delta
            guard let n = nextInDrawOrder(x, within: s) else { return }
            x = n
        }
    }

    /// The box drawn after `s` (pre-order: first child, else next sibling, else an ancestor's
    /// next sibling), staying inside the subtree of `root` when given; nil at the end.
    func nextInDrawOrder(_ s: Int32, within root: Int32 = -1) -> Int32? {
        let r = slots[Int(s)]
        if r.firstChild >= 0 { return r.firstChild }
        var p = s
        while p >= 0 && p != root {
            let n = slots[Int(p)].nextSibling
            if n >= 0 { return n }
            p = slots[Int(p)].parent
        }
        return nil
    }

    /// The box drawn after the whole subtree of `s` (its next sibling, else an ancestor's), or nil.
    func nextAfterSubtree(_ s: Int32) -> Int32? {
        var p = s
        while p >= 0 {
            let n = slots[Int(p)].nextSibling
            if n >= 0 { return n }
            p = slots[Int(p)].parent
        }
        return nil
    }

    /// The first box in draw order, or nil when the scene is empty.
    var firstInDrawOrder: Int32? { firstRoot >= 0 ? firstRoot : nil }

    // MARK: world transforms

    /// Marks the world transform of `s` and its descendants stale.
    @_optimize(speed) @inline(__always) mutating func invalidateWorld(_ s: Int32) {
        // A stale box has only stale descendants: world() validates ancestors before children.
        if !slots[Int(s)].worldValid { return }
        invalidateWorld(s, subtreeOf: s)
    }

    /// Marks the world transforms stale from `first` on, in draw order, through the rest of the
    /// subtree of `root` (`first` is `root` or one of its descendants).
    @_optimize(speed) mutating func invalidateWorld(_ first: Int32, subtreeOf root: Int32) {
        var x = first
        while true {
            if slots[Int(x)].markStale() { boundsDirtySlots.append(x) }
            guard let n = nextInDrawOrder(x, within: root) else { return }
            x = n
        }
    }

    /// Brings the bounds tree up to date with every box whose world moved.
    /// With `advancing`, also does a step of linking the leaves that wait (a query is coming).
    @_optimize(speed) mutating func refreshBounds(advancing: Bool = true) {
        if boundsDirtySlots.isEmpty {
            if advancing && tree.pendingCount > 0 { tree.advanceBuild() }
            return
        }
        // Many new boxes at once in a small tree: add them unlinked and rebuild the tree
        // top-down, which is faster than inserting one by one and gives a better tree. New boxes
        // arriving in batches (see `insert`) wait unlinked instead, and queries link them a
        // bounded step at a time (BoundsTreeSlicedBuild.swift): no call pays for all of them.
        let bulk =
            boundsDirtySlots.count > 64 && boundsDirtySlots.count > tree.leafCount / 2
            && tree.leafCount + boundsDirtySlots.count <= Scene.bulkRebuildLimit
        let waiting = !bulk && (boundsDirtySlots.count >= Scene.boundsBatch || tree.pendingCount > 0)

        while let s = boundsDirtySlots.popLast() {
            guard slots[Int(s)].alive, slots[Int(s)].boundsDirty else { continue }
            slots[Int(s)].boundsDirty = false
            let m = world(s)
            let g = slots[Int(s)].geometry
            let (p0, p1, p2, p3) = g.corners(m)
            var r = Rect(bounding: p0, p1, p2, p3)
            // The info holds the parent and the top-level ancestor's order: they change only by
            // insert, reparent and reorder, which mark the box's bounds (and its descendants') dirty.
            var shape = HitShape(id: id(s), world: m, width: g.width, height: g.height)
            let outset = behavior(s).hitOutset
            if behavior(s).passThrough {
                shape = HitShape(nothing: id(s))
            } else if outset > 0 {
                hasOutsets = true
                (shape, r) = outsetShape(id(s), m, g, outset)
            }
            let info = HitInfo(
                order: slots[Int(s)].order, parent: slots[Int(s)].parent,
                topLevelOrder: slots[Int(topLevelAncestor(s))].order)
            if slots[Int(s)].leaf >= 0 {
                tree.update(slots[Int(s)].leaf, r, shape, info)
            } else {
                slots[Int(s)].leaf = tree.insert(r, shape, info, deferred: bulk || waiting)
            }
        }
        if bulk {
            // The rebuild renumbers the leaves.
            tree.rebuild()
            for i in tree.shapes.indices { slots[Int(tree.shapes[i].id.index)].leaf = Int32(i) }
        } else if advancing && tree.pendingCount > 0 {
            tree.advanceBuild()
        }
    }

    /// The top-level box that `s` is in (`s` itself at top level).
    func topLevelAncestor(_ s: Int32) -> Int32 {
        var x = s
        while slots[Int(x)].parent >= 0 { x = slots[Int(x)].parent }
        return x
    }

    /// True when `a` is drawn after (on top of) `b`: a descendant of `b`, or under a later sibling.
    func drawsAfter(_ a: Int32, _ b: Int32) -> Bool {
        if a == b { return false }
        var x = a, y = b
        // Climb to equal depth; meeting the other box means one is the other's ancestor.
        while slots[Int(x)].depth > slots[Int(y)].depth {
            x = slots[Int(x)].parent
            if x == y { return true }
        }
        while slots[Int(y)].depth > slots[Int(x)].depth {
            y = slots[Int(y)].parent
            if y == x { return false }
        }
        while slots[Int(x)].parent != slots[Int(y)].parent {
            x = slots[Int(x)].parent
            y = slots[Int(y)].parent
        }
        return slots[Int(x)].order > slots[Int(y)].order
    }

    /// The parent's box space -> world for `s` (identity for top-level boxes).
    mutating func parentWorld(_ s: Int32) -> Affine {
        let p = slots[Int(s)].parent
        return p >= 0 ? world(p) : .identity
    }
}
