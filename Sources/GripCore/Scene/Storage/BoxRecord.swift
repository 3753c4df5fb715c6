/// One slot of the scene's box storage. Links are slot indices, -1 for none.
struct BoxRecord {
    // What a step of a gesture and a frame read of a moved box touch comes first, together
    // (fewer cache lines per box when many move): identity, flags, links to walk the subtree,
    // geometry, the cached world transform and the sine and cosine it is built from.
    // (Four-byte fields fill the gaps the geometries leave, the home geometry is kept aside only
    // for boxes that moved, and the behaviour is kept once per distinct behaviour in the scene's
    // table: 192 bytes a record rather than 408, fewer pages first touched when boxes are
    // created in numbers.)
    var generation: UInt32 = 0
    var alive = false
    /// Whether `world` is valid, and whether its world bounds are stale in the bounds tree.
    var worldValid = false
    var boundsDirty = false
    /// Its part in the selection.
    var selection = SelectionMark.none
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var nextSibling: Int32 = -1
    var lastChild: Int32 = -1
    /// Geometry as drawn now (animations and gestures included).
    var geometry = BoxGeometry(center: .zero, width: 1, height: 1)
    /// Whether it shows its border and handles (its behaviour's `editing`, kept here: it is set
    /// per box, and fills a gap after the geometry).
    var editing = false
    var prevSibling: Int32 = -1
    /// Cached box space -> world; valid when `worldValid`.
    var world = Affine.identity
    /// The sine and cosine of the rotation `sinCosAngle` (the geometry's, unless it changed since).
    var sinCosAngle = 0.0, sine = 0.0, cosine = 1.0
    /// Nesting depth, 0 for top level.
    var depth: Int32 = 0
    /// Where its home geometry (the one it was created or last configured with, where a reset
    /// goes back to) is kept in the scene's `homes`; -1 while it is the geometry itself (most
    /// boxes never move: their home costs no storage). Scene/Homes.swift.
    var homeIndex: Int32 = -1
    /// Its behaviour's `userData` (set per box: kept here, not in the shared entry).
    var userData: UInt64 = 0
    /// Its entry in the scene's behaviour table (Scene/Behavior/Behaviors.swift): read the whole behaviour
    /// with `Scene.behavior(_:)`.
    var behaviorIndex: Int32 = 0
    /// Leaf in the bounds tree (-1: not in it yet).
    var leaf: Int32 = -1
    /// Draw order among siblings (the larger draws later): given at creation, changed by
    /// reordering (Scene/Order.swift).
    var order: UInt64 = 0
    /// Scripted behaviour plugged into this box.
    var hooks = BoxHookSet()

    /// A live box's record.
    init(
        generation: UInt32, geometry: BoxGeometry, behaviorIndex: Int32, userData: UInt64, editing: Bool,
        order: UInt64
    ) {
        self.generation = generation
        alive = true
        boundsDirty = true
        self.geometry = geometry
        self.editing = editing
        self.userData = userData
        self.behaviorIndex = behaviorIndex
        self.order = order
    }

    // One mutating call per change: each access to a slot for writing checks the storage is
    // unique once, so the fields that change together are written together.

    /// Caches `m` as the world transform; true when its linear part differs, bit for bit, from
    /// the transform cached before.
    @inline(__always) mutating func cacheWorld(_ m: Affine) -> Bool {
        let turned =
            m.a.bitPattern != world.a.bitPattern || m.b.bitPattern != world.b.bitPattern
            || m.c.bitPattern != world.c.bitPattern || m.d.bitPattern != world.d.bitPattern
        world = m
        worldValid = true
        return turned
    }

    /// Keeps the sine and cosine of `angle`.
    @inline(__always) mutating func cacheSinCos(of angle: Double, _ s: Double, _ c: Double) {
        sinCosAngle = angle
        sine = s
        cosine = c
    }

    /// Marks the world transform stale and the bounds dirty; true when the bounds were clean.
    @inline(__always) mutating func markStale() -> Bool {
        worldValid = false
        if boundsDirty { return false }
        boundsDirty = true
        return true
    }
}
