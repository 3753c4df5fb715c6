/// One change to the shared document (`grip_feed_change`): what the change feed hands the host
/// and what `Engine.applyRemote` takes from other peers. Boxes are named by key; `beforeParent`
/// and `afterParent` are this engine's ids, for the host.
public struct FeedChange: Sendable {
    /// `grip_feed_kind`.
    public enum Kind: UInt32, Sendable {
        case created = 1, destroyed = 2, changed = 3
    }
    /// `grip_origin`: what made it.
    public enum Origin: UInt32, Sendable {
        case gesture = 1, host = 2, undo = 3, redo = 4, remote = 5
    }

    public var kind: Kind
    public var origin: Origin
    /// `FeedField` bits: what changed.
    public var fields: UInt32
    public var gesture: GestureKind
    public var key: UInt64
    public var parentKey: UInt64
    /// The sibling drawn just before the box (0: it is its parent's first).
    public var belowKey: UInt64
    public var before: BoxGeometry
    public var after: BoxGeometry
    public var beforeParent: BoxID
    public var afterParent: BoxID
    public var behavior: BoxBehavior

    public init(
        kind: Kind, origin: Origin, fields: UInt32, gesture: GestureKind = .none, key: UInt64, parentKey: UInt64 = 0,
        belowKey: UInt64 = 0, before: BoxGeometry = .absent, after: BoxGeometry = .absent,
        beforeParent: BoxID = .none, afterParent: BoxID = .none, behavior: BoxBehavior = BoxBehavior()
    ) {
        self.kind = kind; self.origin = origin; self.fields = fields; self.gesture = gesture; self.key = key
        self.parentKey = parentKey; self.belowKey = belowKey; self.before = before; self.after = after
        self.beforeParent = beforeParent; self.afterParent = afterParent; self.behavior = behavior
    }
}

/// The fields of a box a change names (`GRIP_FIELD_*`).
public enum FeedField {
    public static let center: UInt32 = 1 << 0
    public static let size: UInt32 = 1 << 1
    public static let rotation: UInt32 = 1 << 2
    public static let scale: UInt32 = 1 << 3
    public static let flip: UInt32 = 1 << 4
    public static let parent: UInt32 = 1 << 5
    public static let order: UInt32 = 1 << 6
    public static let behavior: UInt32 = 1 << 7
    /// The geometry's fields.
    public static let geometry: UInt32 = 0x1F
    public static let all: UInt32 = 0xFF

    /// The geometry fields in which `a` and `b` differ, bit for bit.
    static func differing(_ a: BoxGeometry, _ b: BoxGeometry) -> UInt32 {
        var f: UInt32 = 0
        if a.center.x.bitPattern != b.center.x.bitPattern || a.center.y.bitPattern != b.center.y.bitPattern {
            f |= center
        }
        if a.width.bitPattern != b.width.bitPattern || a.height.bitPattern != b.height.bitPattern { f |= size }
        if a.rotation.bitPattern != b.rotation.bitPattern { f |= rotation }
        if a.scale.bitPattern != b.scale.bitPattern { f |= scale }
        if a.flippedX != b.flippedX || a.flippedY != b.flippedY { f |= flip }
        return f
    }

    /// `base` with the geometry fields of `fields` taken from `from`.
    static func merged(_ base: BoxGeometry, _ from: BoxGeometry, _ fields: UInt32) -> BoxGeometry {
        var g = base
        if fields & center != 0 { g.center = from.center }
        if fields & size != 0 { g.width = from.width; g.height = from.height }
        if fields & rotation != 0 { g.rotation = from.rotation }
        if fields & scale != 0 { g.scale = from.scale }
        if fields & flip != 0 { g.flippedX = from.flippedX; g.flippedY = from.flippedY }
        return g
    }
}

extension BoxBehavior {
    /// Equal but for `editing`, which is each peer's own.
    func sameShared(_ o: BoxBehavior) -> Bool {
        var a = self
        a.editing = o.editing
        return a == o
    }
}
