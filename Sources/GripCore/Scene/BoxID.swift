/// A box id: the slot index in the low 32 bits, the slot's generation (from 1) in the next 16,
/// and the tag of the engine that made it in the top 16. 0 is never valid (the generation is
/// never 0), nor is all ones (the index is below 2^31), which is `selection`. A destroyed box's
/// id is never handed out again by its engine, and an id of another engine alive at the same
/// time never names a box here (their tags differ).
///
/// An engine's tag is the lowest one no other engine alive holds (the C layer hands them out),
/// so a program that runs one engine at a time gets the same ids in every run, and tag 0 keeps
/// the ids of an engine alone the plain `generation << 32 | index`.
public struct BoxID: Hashable, Sendable, BitwiseCopyable {
    public var rawValue: UInt64

    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }
    @inlinable init(index: Int32, generation: UInt32, tag: UInt16 = 0) {
        rawValue = UInt64(tag) << 48 | UInt64(generation & 0xFFFF) << 32 | UInt64(UInt32(bitPattern: index))
    }

    /// The "no box" id.
    public static let none = BoxID(rawValue: 0)
    /// The selection as a whole (`GRIP_SELECTION`): what its overlay, its handles' hits and the
    /// events of gestures on several selected boxes carry. Never a box's id.
    public static let selection = BoxID(rawValue: .max)
    /// The last generation a slot gets; a slot whose box of that generation is destroyed is retired.
    public static let maxGeneration: UInt32 = 0xFFFF
    /// How many engines can hold distinct tags at once.
    public static let tagCount = 1 << 16

    @inlinable var index: Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: rawValue)) }
    @inlinable var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) & 0xFFFF }
    /// The tag of the engine that made the id.
    @inlinable public var tag: UInt16 { UInt16(truncatingIfNeeded: rawValue >> 48) }
}

/// A handle of a box: the eight resize handles, the rotate handle, or a custom one (16 + n).
public struct HandleID: Hashable, Sendable, BitwiseCopyable {
    public var rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let none = HandleID(rawValue: 0)
    public static let topLeft = HandleID(rawValue: 1)
    public static let top = HandleID(rawValue: 2)
    public static let topRight = HandleID(rawValue: 3)
    public static let right = HandleID(rawValue: 4)
    public static let bottomRight = HandleID(rawValue: 5)
    public static let bottom = HandleID(rawValue: 6)
    public static let bottomLeft = HandleID(rawValue: 7)
    public static let left = HandleID(rawValue: 8)
    public static let rotate = HandleID(rawValue: 9)
    /// The first custom handle; custom handle n is `custom + n`.
    public static let custom = HandleID(rawValue: 16)

    /// The eight resize handles, clockwise from the top-left corner.
    public static let resizeHandles: [HandleID] = [.topLeft, .top, .topRight, .right, .bottomRight, .bottom, .bottomLeft, .left]
    /// The eight resize handles, then the rotate handle: what a selection of several boxes shows.
    public static let selectionHandles: [HandleID] = resizeHandles + [.rotate]

    /// True for the four corners and four edges.
    @inlinable public var isResize: Bool { rawValue >= 1 && rawValue <= 8 }
    /// True for the four corners.
    @inlinable public var isCorner: Bool { isResize && rawValue % 2 == 1 }

    /// Where the handle sits in unit box space: x and y in {0, 0.5, 1}. Rotate sits above the top.
    @inlinable public var anchor: Vec2 {
        switch rawValue {
        case 1: return Vec2(0, 0)
        case 2: return Vec2(0.5, 0)
        case 3: return Vec2(1, 0)
        case 4: return Vec2(1, 0.5)
        case 5: return Vec2(1, 1)
        case 6: return Vec2(0.5, 1)
        case 7: return Vec2(0, 1)
        case 8: return Vec2(0, 0.5)
        default: return Vec2(0.5, 0)
        }
    }

    /// The handle with the x side mirrored (left <-> right).
    @inlinable public var mirroredX: HandleID {
        switch rawValue {
        case 1: return .topRight
        case 3: return .topLeft
        case 4: return .left
        case 5: return .bottomLeft
        case 7: return .bottomRight
        case 8: return .right
        default: return self
        }
    }

    /// The handle with the y side mirrored (top <-> bottom).
    @inlinable public var mirroredY: HandleID {
        switch rawValue {
        case 1: return .bottomLeft
        case 2: return .bottom
        case 3: return .bottomRight
        case 5: return .topRight
        case 6: return .top
        case 7: return .topLeft
        default: return self
        }
    }
}
