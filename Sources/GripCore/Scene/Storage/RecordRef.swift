/// A record read in place with one lookup: for a run of reads of one box's fields (the frame's
/// walk over moved boxes, a behaviour put together from its parts), where `scene[slot]` would
/// look the record up again for each field. Read-only; valid until the scene next gains a slot
/// or is copied (the pages never move otherwise), so it is kept for the reads of one box and
/// not stored.
struct RecordRef {
    private let p: UnsafePointer<BoxRecord>

    @inline(__always) fileprivate init(_ p: UnsafePointer<BoxRecord>) { self.p = p }

    /// The record, read in place.
    var record: BoxRecord {
        @inline(__always) unsafeAddress { p }
    }
}

extension BoxStore {
    /// Slot `i`'s record, for a run of reads (`i` below `count`).
    @inline(__always) func ref(_ i: Int) -> RecordRef { RecordRef(UnsafePointer(address(i))) }
}

extension Scene {
    /// Slot `s`'s record (`0 <= s < slotCount`), for a run of reads of its fields.
    @inline(__always) func ref(_ s: Int32) -> RecordRef { slots.ref(Int(s)) }
}
