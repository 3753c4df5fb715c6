/// BOX commands written as boxes are created, and the command storage grown without a whole
/// copy in one call, so that no frame read after creating many boxes writes all of them.
///
/// A box created to draw after every other one gets its BOX command at once, at the end of the
/// box section (`overlayStart + appended`): past what the host read last when the host holds
/// this storage (the few that fall on the overlay the host reads wait in `unwritten` for the
/// next build), anywhere otherwise. When the commands in use pass half the storage, a storage
/// four times as large is filled a slice per created box; once it holds them all it takes over,
/// and the storage the host holds is kept, unchanged, until the host's next frame read. (Four
/// times, not twice: each growth copies every command into memory touched for the first time,
/// and with doubling those copies were as many bytes again as the commands themselves: a third
/// of the page faults of creating 100,000 boxes. The part of a storage not yet written costs no
/// memory, only address space.)
extension Engine {
    /// Commands copied into the larger storage per box created.
    static let growthSlice = 64
    /// How many times larger the next storage is.
    static let growthFactor = 4
    /// Commands copied into the larger storage per frame read.
    static let growthReadSlice = 4096

    /// Slot `s` was just created and draws after every other box (the frame's structure is
    /// valid): its BOX command goes at the end of the box section now.
    @_optimize(speed) func appendBoxCommand(_ s: Int32) {
        let k = frameState.overlayStart + frameState.appended
        frameState.appended += 1
        frameState.sectionChanged = true
        while Int(s) >= frameState.boxCommand.count { frameState.boxCommand.append(-1) }
        frameState.boxCommand[Int(s)] = Int32(truncatingIfNeeded: k)
        if frameState.held && k < frameState.handedCount {
            frameState.unwritten.append(s)
            return
        }
        makeRoom(for: k)
        frameState.commands.place(Command(kind: .box, box: scene.id(s)), at: k)
        writeBoxCommand(at: k, s, activeGestures)
        if k < frameState.migrated {
            let source = frameState.commands
            frameState.grown.copy(k, k + 1, from: source)
        }
    }

    /// Makes room for a command at index `k` (at most one past those in use): starts a larger
    /// storage when the commands pass half of this one, copies a slice into it, and moves to it
    /// once it holds them all (`reading`: in a frame build, the old storage freed then).
    @_optimize(speed) func makeRoom(for k: Int, reading: Bool = false) {
        let used = Swift.max(k + 1, frameState.commands.count)
        if frameState.grown.capacity == 0 {
            if used <= frameState.commands.capacity / 2 { return }
            frameState.grown.allocate(capacity: Swift.max(64, Engine.growthFactor * frameState.commands.capacity))
            frameState.migrated = 0
        }
        // (When the storage is full before the copy is done, the rest is copied at once.)
        let slice = k < frameState.commands.capacity ? Engine.growthSlice : Int.max
        if migrate(slice) { moveToGrown(reading: reading) }
    }

    /// Copies up to `n` more commands into the larger storage; true when it holds them all.
    @discardableResult private func migrate(_ n: Int) -> Bool {
        let from = frameState.migrated
        let to = frameState.commands.count - from <= n ? frameState.commands.count : from + n
        let source = frameState.commands
        frameState.grown.copy(from, to, from: source)
        frameState.migrated = to
        return to == frameState.commands.count
    }

    /// The larger storage, holding every command, takes over. The old one is kept for the host
    /// when it reads it (`held`, outside a frame read), freed otherwise.
    private func moveToGrown(reading: Bool = false) {
        let old = frameState.commands
        frameState.commands = frameState.grown
        frameState.grown = old
        if frameState.held && !reading {
            frameState.retired = frameState.grown.take()
        } else {
            frameState.grown.deallocate()
        }
        frameState.held = false
        frameState.migrated = 0
    }

    /// The frame build's first step after boxes were appended: the box section takes them in
    /// (the overlay after it is laid out again), the waiting ones are written. Returns whether
    /// boxes were appended.
    @_optimize(speed) func takeAppendedBoxes(_ gestures: ActiveGestures) -> Bool {
        if frameState.appended == 0 { return false }
        frameState.overlayStart += frameState.appended
        frameState.appended = 0
        frameState.commands.truncate(to: frameState.overlayStart)
        // (A box destroyed since is dropped by the changes of the draw order waiting, and its
        // slot, if created again, is among the new boxes those write.)
        for s in frameState.unwritten where scene[s].alive && frameState.boxCommand[Int(s)] >= 0 {
            let k = Int(frameState.boxCommand[Int(s)])
            frameState.commands[k] = Command(kind: .box, box: scene.id(s))
            writeBoxCommand(at: k, s, gestures)
            mirrorBoxCommands(k, k + 1)
        }
        frameState.unwritten.removeAll(keepingCapacity: true)
        return true
    }

    /// Commands `start ..< end` were rewritten during a frame build: the larger storage being
    /// filled gets them too where it holds them already.
    @inline(__always) func mirrorBoxCommands(_ start: Int, _ end: Int) {
        if start < frameState.migrated {
            let source = frameState.commands
            frameState.grown.copy(start, Swift.min(end, frameState.migrated), from: source)
        }
    }

    /// The end of a frame build while a larger storage is being filled: the overlay, rewritten in
    /// place, is copied again; a slice more is copied, and the larger storage takes over when it
    /// holds everything (the host reads it next).
    func growAfterBuild() {
        frameState.migrated = Swift.min(frameState.migrated, frameState.overlayStart)
        if migrate(Engine.growthReadSlice) { moveToGrown(reading: true) }
    }

    /// Frees the storage kept for the host after the commands moved (it read a new frame).
    func freeRetired() {
        frameState.retired?.deallocate()
        frameState.retired = nil
    }

    /// A frame build from nothing: no appended boxes wait and no larger storage is filled.
    func dropGrowth() {
        frameState.sectionChanged = false
        frameState.appended = 0
        frameState.unwritten.removeAll(keepingCapacity: true)
        frameState.grown.deallocate()
        frameState.migrated = 0
    }
}
