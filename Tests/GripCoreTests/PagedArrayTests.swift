// PagedArray: the box records' storage. Appends across pages, writes in place, and value
// semantics (a copy is independent of the original), for plain and reference-counted elements.
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
}
