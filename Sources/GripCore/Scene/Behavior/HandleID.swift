/// A handle of a box: the eight resize handles, the rotate handle, or a custom one (16 + n).
public struct HandleID: Hashable, Sendable, BitwiseCopyable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

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
    public static let resizeHandles: [HandleID] = [
        .topLeft, .top, .topRight, .right, .bottomRight, .bottom, .bottomLeft, .left
    ]
    /// The eight resize handles, then the rotate handle: what a selection of several boxes shows.
    public static let selectionHandles: [HandleID] = resizeHandles + [.rotate]

    /// True for the four corners and four edges.
    public var isResize: Bool { rawValue >= 1 && rawValue <= 8 }
    /// True for the four corners.
    public var isCorner: Bool { isResize && rawValue % 2 == 1 }

    /// Where the handle sits in unit box space: x and y in {0, 0.5, 1}. Rotate sits above the top.
    public var anchor: Vec2 {
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
    public var mirroredX: HandleID {
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
    public var mirroredY: HandleID {
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
