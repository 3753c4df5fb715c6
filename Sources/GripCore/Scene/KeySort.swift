/// Sorts `keys` ascending, in place: the one sort of the 64-bit keys that queries and the marquee
/// build (draw key in the high half, slot in the low half) and of the marquee's slot sets. Keys
/// are plain values, so any correct sort gives the same result.
///
/// Runs of 16 are insertion-sorted, then merged in passes of doubling width through a scratch
/// buffer; a pass copies a pair of runs that are already in order instead of merging them, so
/// keys gathered nearly in order cost about one comparison each. Written out once for `UInt64`
/// instead of the standard library's `sort()`, whose stable merge sort is a separate copy of
/// 2-4 KB for every element type and comparator it is called with.
@inline(never) func sortKeys(_ keys: inout [UInt64]) {
    let n = keys.count
    guard n > 1 else { return }
    keys.withUnsafeMutableBufferPointer { b in
        if let a = b.baseAddress { sortRuns(a, n) }
    }
    guard n > keySortRun else { return }
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n) { scratch in
        keys.withUnsafeMutableBufferPointer { b in
            if let a = b.baseAddress, let s = scratch.baseAddress { mergeRuns(a, s, n) }
        }
    }
}

/// The length of the runs `sortRuns` sorts.
private let keySortRun = 16

/// Insertion-sorts `a[0..<n]` in runs of `keySortRun`. (The sort's loops are functions of their
/// own, not closures, so that they are compiled for speed: a closure does not take its function's
/// `@_optimize`.)
@_optimize(speed) private func sortRuns(_ a: UnsafeMutablePointer<UInt64>, _ n: Int) {
    var lo = 0
    while lo < n {
        let hi = Swift.min(lo + keySortRun, n)
        var i = lo + 1
        while i < hi {
            let x = a[i]
            var j = i
            while j > lo && a[j - 1] > x {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = x
            i += 1
        }
        lo = hi
    }
}

/// Merges the sorted runs of `a[0..<n]` in passes of doubling width, through `scratch` (room for
/// n keys); the result ends in `a`.
@_optimize(speed) private func mergeRuns(_ a: UnsafeMutablePointer<UInt64>, _ scratch: UnsafeMutablePointer<UInt64>, _ n: Int) {
    var src = a, dst = scratch
    var width = keySortRun
    while width < n {
        var start = 0
        while start < n {
            let mid = Swift.min(start + width, n), end = Swift.min(start + 2 * width, n)
            if mid == end || src[mid - 1] < src[mid] {
                copyKeys(src + start, to: dst + start, end - start)
            } else {
                var i = start, j = mid, k = start
                while i < mid && j < end {
                    if src[j] < src[i] {
                        dst[k] = src[j]
                        j += 1
                    } else {
                        dst[k] = src[i]
                        i += 1
                    }
                    k += 1
                }
                if i < mid { copyKeys(src + i, to: dst + k, mid - i) }
                if j < end { copyKeys(src + j, to: dst + k, end - j) }
            }
            start = end
        }
        swap(&src, &dst)
        width *= 2
    }
    if src != a { copyKeys(src, to: a, n) }
}

/// Copies `n` keys from `src` to `dst` with one memcpy (in code compiled for size, a typed
/// pointer's `update(from:count:)` is a loop over the elements).
@inline(__always) private func copyKeys(_ src: UnsafeMutablePointer<UInt64>, to dst: UnsafeMutablePointer<UInt64>, _ n: Int) {
    UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: n * MemoryLayout<UInt64>.stride)
}

/// Whether `keys`, sorted ascending, hold `key` (a binary search).
func sortedKeys(_ keys: [UInt64], contain key: UInt64) -> Bool {
    var lo = 0, hi = keys.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if keys[mid] < key { lo = mid + 1 } else { hi = mid }
    }
    return lo < keys.count && keys[lo] == key
}
