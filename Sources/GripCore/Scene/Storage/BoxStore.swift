/// The box records of a scene and the free list of their slots: the one owner of the paged
/// storage. Records are read and written in place through the subscript (no record is copied);
/// the raw address of a record never leaves the storage room (Scene/Storage/), whose in-place
/// runs (world transforms, commits, the frame builder's walk) make the pages unique once and then
/// work through addresses.
struct BoxStore {
    private var records = PagedArray<BoxRecord>()
    /// Slots of destroyed boxes that a new box may take (their generation is not exhausted).
    private var free: [Int32] = []

    init() {}

    /// Slots ever used, live or not: every slot index is below it.
    @inline(__always) var count: Int { records.count }

    /// The record of slot `i`, read and written in place (a write makes the pages unique first).
    subscript(i: Int) -> BoxRecord {
        @inline(__always) unsafeAddress { UnsafePointer(records.address(i)) }
        @inline(__always) unsafeMutableAddress {
            records.makeUniqueForWrites()
            return records.address(i)
        }
    }

    // The four below are inlined into `Scene.insert` and `Scene.remove`: a call each would cost a
    // box's creation or removal about 1% in instructions (callgrind, bench/rows.c create and destroy),
    // and `append` builds the record straight into its slot instead of copying it there.

    /// Whether a new box can get a slot (a free one, or a new one below `Int32.max`).
    @inline(__always) var hasRoom: Bool { !free.isEmpty || records.count < Int(Int32.max) }

    /// Whether slot `s` is on the free list.
    func isFree(_ s: Int32) -> Bool { free.contains(s) }

    /// A free slot taken for reuse, or nil when none is free.
    @inline(__always) mutating func takeFree() -> Int32? { free.popLast() }

    /// Adds `r` as a new slot at the end and returns its index.
    @inline(__always) mutating func append(_ r: BoxRecord) -> Int32 {
        records.append(r)
        return Int32(records.count - 1)
    }

    /// Puts slot `s` (not alive, not held by history) on the free list, unless its generation is
    /// exhausted: then it is retired, so its ids are never reused.
    @inline(__always) mutating func release(_ s: Int32) {
        if records[Int(s)].generation < BoxID.maxGeneration { free.append(s) }
    }

    /// Gives the records pages of their own, once before a run of writes through `address`.
    @inline(__always) mutating func makeUniqueForWrites() { records.makeUniqueForWrites() }

    /// The address of slot `i`'s record, for a run of reads and writes in place inside the storage
    /// room only: writing through it is allowed after `makeUniqueForWrites()` with no copy of the
    /// scene made since.
    @inline(__always) func address(_ i: Int) -> UnsafeMutablePointer<BoxRecord> { records.address(i) }
}
