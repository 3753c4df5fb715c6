/// The exact shape of a box for hit testing, kept in its bounds-tree leaf so that a query reads
/// no box record: world -> box space and the box's size, and its id (read once the box has
/// won, while the shape is still in cache). 72 bytes.
struct HitShape {
    /// World -> box space.
    var inverse: Affine
    var width: Double
    var height: Double
    var id: BoxID

    /// The shape of box `id` with box space -> world `world`; a transform that cannot be
    /// inverted gives a shape that contains nothing.
    init(id: BoxID, world: Affine, width: Double, height: Double) {
        self.id = id
        if let inv = world.inverse {
            inverse = inv
            self.width = width
            self.height = height
        } else {
            inverse = .identity
            self.width = -1
            self.height = -1
        }
    }

    /// The shape of a box that is never hit (pass-through): it contains nothing.
    init(nothing id: BoxID) {
        self.id = id
        inverse = .identity
        width = -1
        height = -1
    }

    /// The shape of box `id` (box space -> world `world`) grown by `ox` and `oy` box units on
    /// each side: the box space rectangle (-ox, -oy)-(width + ox, height + oy), shifted to start
    /// at the origin.
    init(id: BoxID, world: Affine, width: Double, height: Double, outsetX ox: Double, outsetY oy: Double) {
        self.init(id: id, world: world, width: width + 2 * ox, height: height + 2 * oy)
        if self.width >= 0 {
            inverse.tx += ox
            inverse.ty += oy
        }
    }

    /// True when world point `p` is inside the box or on its edge.
    @inline(__always) func contains(_ p: Vec2) -> Bool {
        let x = inverse.a * p.x + inverse.c * p.y + inverse.tx
        let y = inverse.b * p.x + inverse.d * p.y + inverse.ty
        return x >= 0 && x <= width && y >= 0 && y <= height
    }
}

/// Which box a bounds-tree leaf holds and where it is drawn: what ordering the boxes found at a
/// point needs, without reading their records.
struct HitInfo {
    /// Creation sequence number and parent slot (-1: top level): of two boxes with the same
    /// parent, the one with the larger order is drawn on top.
    var order: UInt64
    var parent: Int32
    /// The draw key: the order of the box's top-level ancestor (itself at top level), or
    /// `UInt32.max` for "that or more". A box with a larger key is drawn after one with a
    /// smaller key; boxes with equal keys need `order` and `parent` (or the scene) to decide.
    var key: UInt32

    init(order: UInt64, parent: Int32, topLevelOrder: UInt64) {
        self.order = order
        self.parent = parent
        key = UInt32(truncatingIfNeeded: Swift.min(topLevelOrder, UInt64(UInt32.max)))
    }
}
