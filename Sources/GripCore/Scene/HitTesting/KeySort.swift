/// Sorting 64-bit keys in place, ascending, with no heap allocation (the standard library's sort
/// allocates a merge buffer and a run stack on every call): a quicksort on median-of-three
/// pivots, insertion sort for short ranges, heapsort where the quicksort recurses too deep (so
/// never quadratic). Queries and the marquee sort their hits by draw position with it, and the
/// marquee's shift-union its slot sets. Written once for `UInt64` keys: the standard library's
/// sort is a separate copy of a few KB for every element type and comparator.
enum KeySort {
    /// Whether `keys`, sorted ascending, hold `key` (a binary search).
    static func contains(_ keys: [UInt64], _ key: UInt64) -> Bool {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < keys.count && keys[lo] == key
    }

    /// Sorts `keys` ascending.
    @_optimize(speed) static func sort(_ keys: inout [UInt64]) {
        let n = keys.count
        guard n > 1 else { return }
        var depth = 0
        var m = n
        while m > 1 { depth += 2; m >>= 1 }
        keys.withUnsafeMutableBufferPointer { b in
            guard let p = b.baseAddress else { return }
            quicksort(p, 0, n, depth: depth)
        }
    }

    @_optimize(speed) private static func quicksort(_ p: UnsafeMutablePointer<UInt64>, _ lo: Int, _ hi: Int, depth: Int)
    {
        var lo = lo, hi = hi, depth = depth
        while hi - lo > 16 {
            if depth == 0 { heapsort(p + lo, hi - lo); return }
            depth -= 1
            // The median of the first, middle and last keys, which also leaves a key no larger
            // than the pivot first and one no smaller last (the scans below stop at them).
            let mid = lo + (hi - lo) / 2
            if p[mid] < p[lo] { p.swapAt(mid, lo) }
            if p[hi - 1] < p[lo] { p.swapAt(hi - 1, lo) }
            if p[hi - 1] < p[mid] { p.swapAt(hi - 1, mid) }
            let pivot = p[mid]
            // Hoare's partition: [lo, j] <= pivot <= [j + 1, hi), both parts non-empty.
            var i = lo - 1, j = hi
            while true {
                repeat { i += 1 } while p[i] < pivot
                repeat { j -= 1 } while p[j] > pivot
                if i >= j { break }
                p.swapAt(i, j)
            }
            let split = j + 1
            // The shorter part by recursion, the longer by the loop: the stack stays O(log n).
            if split - lo < hi - split {
                quicksort(p, lo, split, depth: depth)
                lo = split
            } else {
                quicksort(p, split, hi, depth: depth)
                hi = split
            }
        }
        var k = lo + 1
        while k < hi {
            let key = p[k]
            var m = k
            while m > lo && p[m - 1] > key { p[m] = p[m - 1]; m -= 1 }
            p[m] = key
            k += 1
        }
    }

    @_optimize(speed) private static func heapsort(_ p: UnsafeMutablePointer<UInt64>, _ n: Int) {
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && p[child] < p[child + 1] { child += 1 }
                guard p[root] < p[child] else { return }
                p.swapAt(root, child)
                root = child
            }
        }
        var start = n / 2
        while start > 0 { start -= 1; siftDown(start, n) }
        var end = n
        while end > 1 {
            end -= 1
            p.swapAt(0, end)
            siftDown(0, end)
        }
    }
}

extension UnsafeMutablePointer where Pointee == UInt64 {
    /// Exchanges the keys at `i` and `j`.
    @inline(__always) fileprivate func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]; self[i] = self[j]; self[j] = t
    }
}
