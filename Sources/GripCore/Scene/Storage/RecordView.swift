/// The read view of the box records from outside the storage: a slot's record read in place
/// (no copy of the record), and how many slots there are. Writes go through the scene's named
/// methods, which keep the indexes and the frame in step.
extension Scene {
    /// The record of slot `s` (`0 <= s < slotCount`; a slot out of range stops the program, as an
    /// array index does), read in place.
    subscript(s: Int32) -> BoxRecord {
        @inline(__always) unsafeAddress { UnsafePointer(slots.address(Int(s))) }
    }

    /// Slots ever used, live or not: every slot index is below it (per-slot side tables grow to it).
    @inline(__always) var slotCount: Int { slots.count }
}
