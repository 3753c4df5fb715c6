// PagedArray: the storage of the box records and of the bounds tree. Appends across pages,
// writes in place, removes from the end, never moves what it holds, and value semantics (a copy
// is independent of the original), for plain and reference-counted elements.
import Testing

@testable import GripCore

@Suite struct PagedArrayTests {
    final class Token {
        let n: Int
        init(_ n: Int) { self.n = n }
    }

    @Test func appendsAcrossPagesAndWritesInPlace() {
        var a = PagedArray<Int>()
        #expect(a.count == 0)
        let n = 3 * (1 << PagedArray<Int>.pageBits) + 17
        for i in 0..<n { a.append(i * 3) }
        #expect(a.count == n)
        #expect((0..<n).allSatisfy { a[$0] == $0 * 3 })
        for i in stride(from: 0, to: n, by: 7) { a[i] += 1 }
        #expect((0..<n).allSatisfy { a[$0] == $0 * 3 + ($0 % 7 == 0 ? 1 : 0) })
    }

    @Test func copiesAreIndependent() {
        var a = PagedArray<Int>()
        for i in 0..<5000 { a.append(i) }
        var b = a
        b[10] = -1
        b.append(99)
        #expect(a[10] == 10 && a.count == 5000)
        #expect(b[10] == -1 && b.count == 5001 && b[5000] == 99)
        a[4999] = 7
        #expect(b[4999] == 4999)
    }

    @Test func holdsReferencesWithoutLeaksOrEarlyReleases() {
        weak var first: Token?
        do {
            var a = PagedArray<Token>()
            for i in 0..<5000 { a.append(Token(i)) }
            first = a[0]
            var b = a
            b[0] = Token(-1)
            #expect(a[0].n == 0 && b[0].n == -1)
            #expect(first != nil)
            #expect((0..<5000).allSatisfy { a[$0].n == $0 })
        }
        // Both arrays are gone, and the elements with them.
        #expect(first == nil)
    }

    @Test func growingNeverMovesTheElements() {
        var a = PagedArray<Int>()
        a.append(1)
        let first = a.address(0)
        let n = 40 * (1 << PagedArray<Int>.pageBits)
        for i in 1..<n { a.append(i) }
        // A contiguous array would have moved its storage about 17 times by now.
        #expect(a.address(0) == first && a[0] == 1)
        #expect(a[n - 1] == n - 1)
    }

    @Test func removesFromTheEndAndAppendsAgain() {
        var a = PagedArray<Int>()
        let page = 1 << PagedArray<Int>.pageBits
        for i in 0..<(2 * page + 5) { a.append(i) }
        #expect(a.removeLast() == 2 * page + 4)
        a.removeLast(page + 10)
        #expect(a.count == page - 6 && a[page - 7] == page - 7)
        // The pages emptied are used again.
        for i in 0..<(page + 6) { a.append(-i) }
        #expect(a.count == 2 * page && a[page - 6] == 0 && a[2 * page - 1] == -(page + 5))
        var b = a
        b.removeLast(page)
        #expect(a.count == 2 * page && b.count == page && a[2 * page - 1] == -(page + 5))
        a.removeLast(a.count)
        #expect(a.isEmpty && b[page - 1] == -5)
    }

    @Test func removingReleasesTheElements() {
        weak var last: Token?
        var a = PagedArray<Token>()
        for i in 0..<5000 { a.append(Token(i)) }
        last = a[4999]
        #expect(a.removeLast().n == 4999)
        #expect(last == nil)
        weak let middle: Token? = a[3000]
        a.removeLast(2000)
        #expect(middle == nil && a.count == 2999 && a[2998].n == 2998)
    }
}
