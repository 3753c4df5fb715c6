/// An array grown and shrunk at the end, stored in fixed pages that never move, with value
/// semantics (copy on write). Growing it never copies what it holds: a contiguous array copies
/// every element into fresh memory each time it doubles, and for big elements (the box records,
/// the bounds tree's leaves) those copies and their page faults took milliseconds at 100,000
/// boxes. Element access is one page-table load more than a contiguous array's.
struct PagedArray<Element> {
    /// Elements per page: a power of two, about 16 KiB of elements (at least 16): small enough
    /// that an engine with a few boxes holds little memory, large enough that the page table
    /// stays small (a few thousand entries at 100,000 boxes).
    @inline(__always) static var pageBits: Int {
        let perPage = Swift.max(16, 16384 / Swift.max(1, MemoryLayout<Element>.stride))
        return Int.bitWidth - 1 - perPage.leadingZeroBitCount
    }
    @inline(__always) static var pageMask: Int { (1 << pageBits) - 1 }

    private var storage = Storage()
    /// The storage's page table and count, kept here for the subscript's fast path.
    private var pages: UnsafeMutablePointer<UnsafeMutablePointer<Element>>?
    private(set) var count = 0

    init() {}

    /// `0 ..< count`.
    var indices: Range<Int> { 0..<count }

    var isEmpty: Bool { count == 0 }

    /// The pages and their table, owned and freed here.
    private final class Storage {
        var pages: UnsafeMutablePointer<UnsafeMutablePointer<Element>>?
        var pageCount = 0, pageCapacity = 0
        var count = 0

        /// Adds a page; the table may move. Out of line, as `copy()`: both are rare, and each
        /// would otherwise be compiled into every caller that appends or writes (10 KB in all).
        @inline(never) func addPage() {
            if pageCount == pageCapacity {
                let capacity = Swift.max(8, pageCapacity * 2)
                let table = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: capacity)
                if let old = pages {
                    table.moveInitialize(from: old, count: pageCount)
                    old.deallocate()
                }
                pages = table
                pageCapacity = capacity
            }
            pages![pageCount] = .allocate(capacity: 1 << PagedArray.pageBits)
            pageCount += 1
        }

        /// A storage holding copies of these elements.
        @inline(never) func copy() -> Storage {
            let s = Storage()
            var left = count
            for p in 0..<pageCount {
                s.addPage()
                let n = Swift.min(left, 1 << PagedArray.pageBits)
                s.pages![p].initialize(from: pages![p], count: n)
                left -= n
            }
            s.count = count
            return s
        }

        deinit {
            var left = count
            for p in 0..<pageCount {
                let n = Swift.min(left, 1 << PagedArray.pageBits)
                pages![p].deinitialize(count: n)
                pages![p].deallocate()
                left -= n
            }
            pages?.deallocate()
        }
    }

    /// The element at `i`, read and written in place.
    subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(UInt(bitPattern: i) < UInt(count), "index out of range")
            return UnsafePointer(pages.unsafelyUnwrapped[i >> PagedArray.pageBits] + (i & PagedArray.pageMask))
        }
        @inline(__always) unsafeMutableAddress {
            precondition(UInt(bitPattern: i) < UInt(count), "index out of range")
            makeUnique()
            return pages.unsafelyUnwrapped[i >> PagedArray.pageBits] + (i & PagedArray.pageMask)
        }
    }

    /// The address of element `i`, for a run of reads in place (one page-table load, no copy of
    /// the element). Writing through it is allowed only after `makeUniqueForWrites()`, with no
    /// copy of the array made since: the address is that of this array's own storage.
    @inline(__always) func address(_ i: Int) -> UnsafeMutablePointer<Element> {
        precondition(UInt(bitPattern: i) < UInt(count), "index out of range")
        return pages.unsafelyUnwrapped[i >> PagedArray.pageBits] + (i & PagedArray.pageMask)
    }

    /// Gives this array storage of its own (copying it if it is shared), once for a run of
    /// writes through `address(_:)`, instead of the check each write through the subscript makes.
    @inline(__always) mutating func makeUniqueForWrites() { makeUnique() }

    /// Adds `e` at the end.
    @_optimize(speed) mutating func append(_ e: Element) {
        makeUnique()
        if count & PagedArray.pageMask == 0 && count >> PagedArray.pageBits == storage.pageCount {
            storage.addPage()
            pages = storage.pages
        }
        (pages.unsafelyUnwrapped[count >> PagedArray.pageBits] + (count & PagedArray.pageMask)).initialize(to: e)
        count += 1
        storage.count = count
    }

    /// Removes the last element and returns it; its page stays for later appends.
    @discardableResult mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty array")
        makeUnique()
        count -= 1
        storage.count = count
        return (pages.unsafelyUnwrapped[count >> PagedArray.pageBits] + (count & PagedArray.pageMask)).move()
    }

    /// Removes the last `k` elements.
    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removeLast past the start")
        makeUnique()
        for _ in 0..<k {
            count -= 1
            (pages.unsafelyUnwrapped[count >> PagedArray.pageBits] + (count & PagedArray.pageMask)).deinitialize(
                count: 1)
        }
        storage.count = count
    }

    /// Gives this array storage of its own before a change.
    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { copyStorage() }
    }

    /// Replaces the shared storage with a copy of its own.
    @inline(never) private mutating func copyStorage() {
        storage = storage.copy()
        pages = storage.pages
    }
}
