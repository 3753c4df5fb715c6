/// Changes of the draw order applied to the BOX commands in place, so that a box created in the
/// middle of the draw order, a destroy, a re-parent or a reorder does not make the next frame
/// lay out every BOX command again.
///
/// Such a change is recorded as it is made (`Scene.drawOrderEdited`: where the commands it
/// concerns are in the frame as built) and applied by the next frame build: the commands after
/// the place it changes are moved with `memmove` a slice at a time (a move's shorter side
/// through scratch storage), the slot -> command map of each slice fixed from its box ids while
/// it is in the cache, and the overlay after them is laid out again. The storage the host holds is not touched
/// before its next frame read. One change waits at most; a second one before the next frame
/// read lays out everything again.
extension Engine {
    /// Index of the BOX command of slot `s` (a live box drawn in the frame as built, or created
    /// after it by `appendBoxCommand`).
    func boxCommandIndex(_ s: Int32) -> Int { Int(frameState.boxCommand[Int(s)]) }

    /// The BOX commands of slot `s`'s subtree in the frame as built: the first and how many.
    func subtreeCommands(_ s: Int32) -> (at: Int, count: Int) {
        let at = boxCommandIndex(s)
        return (at, commandAfterSubtree(s) - at)
    }

    /// Index of the BOX command drawn after the subtree of slot `s`, or the end of the box
    /// section when nothing is.
    private func commandAfterSubtree(_ s: Int32) -> Int {
        if let n = scene.nextAfterSubtree(s) { return boxCommandIndex(n) }
        return frameState.overlayStart + frameState.appended
    }

    /// Slot `s`'s subtree moved in the draw order (reordered or re-parented), its BOX commands
    /// having been `from` (nil when the frame's structure was not valid before).
    func drawOrderMoved(_ s: Int32, from: (at: Int, count: Int)?) {
        guard let from, scene.drawOrderEditable else { scene.restructure(); return }
        scene.drawOrderEdited(DrawOrderEdit(kind: .move, at: from.at, count: from.count, to: commandAfterSubtree(s)))
    }

    /// Applies the waiting change of the draw order to the BOX commands (the frame build's step
    /// after the appended boxes were taken in; the overlay is laid out again after it).
    @_optimize(speed) func applyDrawOrderEdit(_ e: DrawOrderEdit, _ gestures: ActiveGestures) {
        let end = frameState.overlayStart
        frameState.commands.truncate(to: end)
        let lo: Int
        switch e.kind {
        case .insert:
            lo = e.at
            // Room for one more (a larger storage being filled may take over now).
            makeRoom(for: end, reading: true)
            let c = Command(kind: .box, box: scene.id(e.slot))
            frameState.commands.place(c, at: end)
            shiftCommands(end - e.at, from: e.at, to: e.at + 1)
            frameState.commands[e.at] = c
            if Int(e.slot) >= frameState.boxCommand.count {
                frameState.boxCommand.append(
                    contentsOf: repeatElement(-1, count: Int(e.slot) + 1 - frameState.boxCommand.count))
            }
            frameState.boxCommand[Int(e.slot)] = Int32(truncatingIfNeeded: e.at)
            writeBoxCommand(at: e.at, e.slot, gestures)
        case .remove:
            lo = e.at
            shiftCommands(end - e.at - e.count, from: e.at + e.count, to: e.at)
            frameState.commands.truncate(to: end - e.count)
        case .move:
            // The two sides of the range rotated: the one moved and the commands it passes.
            if e.to == e.at || e.to == e.at + e.count { return }
            if e.to < e.at {
                rotateCommands(e.to, e.at, e.at + e.count)
            } else {
                rotateCommands(e.at, e.at + e.count, e.to)
            }
            lo = Swift.min(e.at, e.to)
        }
        frameState.overlayStart = frameState.commands.count
        // (A larger storage being filled holds the commands before the change only.)
        frameState.migrated = Swift.min(frameState.migrated, lo)
    }

    /// Commands `lo ..< mid` and `mid ..< hi` trade places, the shorter side through scratch
    /// storage.
    private func rotateCommands(_ lo: Int, _ mid: Int, _ hi: Int) {
        let left = mid - lo, right = hi - mid
        var scratch = FrameBuffer<Command>()
        scratch.allocate(capacity: Swift.min(left, right))
        if left <= right {
            scratch.copy(0, left, from: frameState.commands, at: lo)
            shiftCommands(right, from: mid, to: lo)
            frameState.commands.copy(lo + right, hi, from: scratch, at: 0)
            renumberBoxCommands(lo + right, hi)
        } else {
            scratch.copy(0, right, from: frameState.commands, at: mid)
            shiftCommands(left, from: lo, to: lo + right)
            frameState.commands.copy(lo, lo + right, from: scratch, at: 0)
            renumberBoxCommands(lo, lo + right)
        }
        scratch.deallocate()
    }

    /// Moves commands `from ..< from + n` to `to ..< to + n` (in use), a slice at a time, each
    /// slice's slot -> command map fixed while the slice is in the cache.
    @_optimize(speed) private func shiftCommands(_ n: Int, from: Int, to: Int) {
        let slice = 256
        if to > from {
            var end = n
            while end > 0 {
                let start = Swift.max(0, end - slice)
                frameState.commands.move(end - start, from: from + start, to: to + start)
                renumberBoxCommands(to + start, to + end)
                end = start
            }
        } else {
            var start = 0
            while start < n {
                let end = Swift.min(n, start + slice)
                frameState.commands.move(end - start, from: from + start, to: to + start)
                renumberBoxCommands(to + start, to + end)
                start = end
            }
        }
    }

    /// The slot -> command map for commands `lo ..< hi` (moved), read from their box ids.
    @_optimize(speed) @inline(__always) private func renumberBoxCommands(_ lo: Int, _ hi: Int) {
        guard hi > lo else { return }
        let c = frameState.commands.window(at: lo, count: hi - lo)
        for i in 0..<c.count {
            frameState.boxCommand[Int(c[i].box.index)] = Int32(truncatingIfNeeded: lo + i)
        }
    }
}
