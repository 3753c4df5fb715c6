import Testing

@testable import GripCore

/// `FrameBuffer`, the frame's storage: a window writes the buffer's own elements, and a range
/// outside the elements in use stops the program instead of touching other memory.
@Suite struct FrameBufferTests {
    /// A buffer holding 10, 11, ..., 10 + n - 1.
    static func numbers(_ n: Int) -> FrameBuffer<Int32> {
        var b = FrameBuffer<Int32>()
        for i in 0..<n { b.append(Int32(10 + i)) }
        return b
    }

    @Test func windowReadsAndWritesTheBuffersElements() {
        var b = Self.numbers(6)
        defer { b.deallocate() }
        let w = b.window(at: 2, count: 3)
        #expect(w.count == 3)
        #expect(w[0] == 12 && w[1] == 13 && w[2] == 14)
        w[0] = -1
        w[2] += 100
        #expect((0..<6).map { b[$0] } == [10, 11, -1, 13, 114, 15])
        // The whole buffer, and one element at its end.
        #expect(b.window(at: 0, count: 6)[5] == 15)
        let last = b.window(at: 5, count: 1)
        last[0] = 7
        #expect(b[5] == 7)
    }

    @Test func emptyWindowsNeedNoStorage() {
        var never = FrameBuffer<Int32>()
        #expect(never.window(at: 0, count: 0).count == 0)
        var b = Self.numbers(4)
        defer { b.deallocate(); never.deallocate() }
        #expect(b.window(at: 4, count: 0).count == 0)
    }

    @Test func windowsStayWhereTheBufferDoesNotMove() {
        var b = Self.numbers(3)
        defer { b.deallocate() }
        let before = b.elements.baseAddress
        b.truncate(to: 1)
        b.append(20)
        #expect(b.elements.baseAddress == before)
        #expect(b.window(at: 0, count: 2)[1] == 20)
    }

    @Test func rangesOutsideTheElementsInUseStop() async {
        await #expect(processExitsWith: .failure) { _ = Self.numbers(6).window(at: 5, count: 2) }
        await #expect(processExitsWith: .failure) { _ = Self.numbers(6).window(at: 6, count: 1) }
        await #expect(processExitsWith: .failure) { _ = Self.numbers(6).window(at: -1, count: 1) }
        await #expect(processExitsWith: .failure) { _ = Self.numbers(6).window(at: 1, count: -1) }
        await #expect(processExitsWith: .failure) { _ = FrameBuffer<Int32>().window(at: 0, count: 1) }
    }
}
