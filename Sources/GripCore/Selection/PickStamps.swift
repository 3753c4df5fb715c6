/// Marks per slot told apart by stamp: taking a new stamp makes every mark set before it old at
/// once, so a pass over some boxes never clears the marks of the one before.
enum PickStamps {
    /// A stamp no entry of `marks` holds yet (`stamp` advanced), the marks grown to `slots`
    /// entries; when the stamp wraps, every mark is cleared and the stamps start again at 1 (0 is
    /// never a stamp).
    static func next(_ marks: inout [UInt32], _ stamp: inout UInt32, slots: Int) -> UInt32 {
        if marks.count < slots { marks.append(contentsOf: repeatElement(0, count: slots - marks.count)) }
        stamp &+= 1
        if stamp == 0 {
            for i in marks.indices { marks[i] = 0 }
            stamp = 1
        }
        return stamp
    }
}
