/// One slot of the scene's box storage. Links are slot indices, -1 for none.
struct BoxRecord {
    var generation: UInt32 = 0
    var alive = false
    /// Geometry as drawn now (animations and gestures included).
    var geometry = BoxGeometry(center: .zero, width: 1, height: 1)
    /// Geometry it was created or last configured with: where a reset goes back to.
    var home = BoxGeometry(center: .zero, width: 1, height: 1)
    var behavior = BoxBehavior()
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    var prevSibling: Int32 = -1
    /// Draw order among siblings (the larger draws later): given at creation, changed by
    /// reordering (Scene/Order.swift).
    var order: UInt64 = 0
    /// Cached box space -> world; valid when `worldValid`.
    var world = Affine.identity
    var worldValid = false
    /// Nesting depth, 0 for top level.
    var depth: Int32 = 0
    /// Leaf in the bounds tree (-1: not in it yet) and whether its world bounds are stale there.
    var leaf: Int32 = -1
    var boundsDirty = false
    /// Scripted behaviour plugged into this box.
    var hooks = BoxHookSet()
    /// Its part in the selection.
    var selection = SelectionMark.none
    /// The sine and cosine of the rotation `sinCosAngle` (the geometry's, unless it changed since).
    var sinCosAngle = 0.0, sine = 0.0, cosine = 1.0

    // One mutating call per change: each access to a slot for writing checks the storage is
    // unique once, so the fields that change together are written together.

    /// Caches `m` as the world transform.
    @inline(__always) mutating func cacheWorld(_ m: Affine) {
        world = m
        worldValid = true
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
