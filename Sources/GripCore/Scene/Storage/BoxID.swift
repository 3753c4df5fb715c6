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

    public init(rawValue: UInt64) { self.rawValue = rawValue }
    init(index: Int32, generation: UInt32, tag: UInt16 = 0) {
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

    var index: Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: rawValue)) }
    var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) & 0xFFFF }
    /// The tag of the engine that made the id.
    public var tag: UInt16 { UInt16(truncatingIfNeeded: rawValue >> 48) }
}
