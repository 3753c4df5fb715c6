/// Changes of the draw order applied to the BOX commands in place, so that boxes created in the
/// middle of the draw order, destroyed, re-parented or reordered do not make the next frame lay
/// out every BOX command again.
///
/// Between two frame builds the box section as it will be is kept as a short list of runs
/// (`FrameState.boxRuns`): commands of the frame as built, in a row, or BOX commands still to be
/// written for boxes created since. Each change splits and rearranges the runs where it falls
/// (found from the frame's slot -> command map, a created box's entry in it pointing at its
/// place among the new boxes instead), touching no command, so the storage the host holds
/// stays as it read it. The next build applies them all in one pass from the first place that
/// changed, moving each command at most once (`memmove` a slice at a time, each slice's
/// slot -> command map fixed from its box ids while it is in the cache): the runs that keep their
/// order among each other (the longest such set) move in place, the others go through scratch
/// storage first, the new boxes' commands are written, and the overlay is laid out again. Past
/// `maxBoxRuns` runs (many scattered changes between two reads) the frame is laid out again.
extension Engine {
    /// Runs past which the next frame lays out everything again.
    static let maxBoxRuns = 64

    /// The number of BOX commands once the waiting changes are applied.
    private var boxSectionEnd: Int {
        if !scene.changes.orderEdited { return frameState.overlayStart + frameState.appended }
        var n = 0
        for r in frameState.boxRuns { n += r.count }
        return n
    }

    /// Starts recording changes of the draw order (the box section as built is one run).
    private func beginOrderEdits() {
        if scene.changes.orderEdited { return }
        let n = frameState.overlayStart + frameState.appended
        frameState.boxRuns.removeAll(keepingCapacity: true)
        frameState.freshSlots.removeAll(keepingCapacity: true)
        if n > 0 { frameState.boxRuns.append(BoxRun(first: 0, count: n, fresh: false)) }
    }

    /// Where live slot `s`'s BOX command will be once the waiting changes are applied.
    private func placeOf(_ s: Int32) -> Int {
        let b = Int(frameState.boxCommand[Int(s)])
        let fresh = b < 0, k = fresh ? -b - 2 : b
        var v = 0
        for r in frameState.boxRuns {
            if r.fresh == fresh && k >= r.first && k < r.first + r.count { return v + k - r.first }
            v += r.count
        }
        preconditionFailure("a box's BOX command is in no run")
    }

    /// Where the BOX command drawn after the subtree of slot `s` will be (the end when none).
    private func placeAfterSubtree(_ s: Int32) -> Int {
        if let n = scene.nextAfterSubtree(s) { return placeOf(n) }
        return boxSectionEnd
    }

    /// Index of the run starting at place `v` (splitting the run across it; the number of runs
    /// when `v` is the end).
    private func splitRuns(at v: Int) -> Int {
        var start = 0
        for i in frameState.boxRuns.indices {
            let r = frameState.boxRuns[i]
            if v == start { return i }
            if v < start + r.count {
                frameState.boxRuns[i].count = v - start
                frameState.boxRuns.insert(
                    BoxRun(first: r.first + v - start, count: r.count - (v - start), fresh: r.fresh), at: i + 1)
                return i + 1
            }
            start += r.count
        }
        return frameState.boxRuns.count
    }

    /// The subtree of slot `s` (the frame's structure valid), `count` boxes, is about to change
    /// places or go: where its BOX commands will be, or nil when the frame is laid out again.
    func subtreePlace(_ s: Int32) -> (at: Int, count: Int)? {
        guard scene.changes.structureValid else { return nil }
        beginOrderEdits()
        let at = placeOf(s)
        return (at, placeAfterSubtree(s) - at)
    }

    /// Slot `s` was just created before box `next` in the draw order (the frame's structure
    /// valid): its BOX command is to go there (`next` nil: at the end).
    func boxInserted(_ s: Int32, before next: Int32?) {
        beginOrderEdits()
        let v = next.map { placeOf($0) } ?? boxSectionEnd
        // (The storage grows a slice per box, as for boxes appended.)
        makeRoom(for: boxSectionEnd)
        let i = splitRuns(at: v)
        let f = frameState.freshSlots.count
        frameState.freshSlots.append(s)
        if Int(s) >= frameState.boxCommand.count {
            frameState.boxCommand.append(contentsOf: repeatElement(-1, count: Int(s) + 1 - frameState.boxCommand.count))
        }
        frameState.boxCommand[Int(s)] = Int32(truncatingIfNeeded: -f - 2)
        if i > 0 && frameState.boxRuns[i - 1].fresh
            && frameState.boxRuns[i - 1].first + frameState.boxRuns[i - 1].count == f
        {
            frameState.boxRuns[i - 1].count += 1
        } else {
            frameState.boxRuns.insert(BoxRun(first: f, count: 1, fresh: true), at: i)
        }
        ordersEdited()
    }

    /// The subtree whose BOX commands were to be `place` was destroyed (nil: the frame is laid
    /// out again).
    func subtreeRemoved(_ place: (at: Int, count: Int)?) {
        guard let place, scene.changes.structureValid else { scene.restructure(); return }
        let i = splitRuns(at: place.at), j = splitRuns(at: place.at + place.count)
        frameState.boxRuns.removeSubrange(i..<j)
        ordersEdited()
    }

    /// Slot `s`'s subtree moved in the draw order (reordered or re-parented), its BOX commands
    /// having been to be `from` (nil: the frame is laid out again).
    func drawOrderMoved(_ s: Int32, from: (at: Int, count: Int)?) {
        guard let from, scene.changes.structureValid else { scene.restructure(); return }
        let to = placeAfterSubtree(s)
        if to == from.at || to == from.at + from.count { return ordersEdited() }
        // (Split at all three places first: a split before a run moves its index.)
        _ = splitRuns(at: to)
        let i = splitRuns(at: from.at), j = splitRuns(at: from.at + from.count)
        var k = splitRuns(at: to)
        let moved = Array(frameState.boxRuns[i..<j])
        frameState.boxRuns.removeSubrange(i..<j)
        if k > i { k -= j - i }
        frameState.boxRuns.insert(contentsOf: moved, at: k)
        ordersEdited()
    }

    /// A change was recorded in the runs: adjacent runs that continue each other merge; too
    /// many, and the frame is laid out again.
    private func ordersEdited() {
        var n = 0
        for i in frameState.boxRuns.indices {
            let r = frameState.boxRuns[i]
            if n > 0 && frameState.boxRuns[n - 1].fresh == r.fresh
                && frameState.boxRuns[n - 1].first + frameState.boxRuns[n - 1].count == r.first
            {
                frameState.boxRuns[n - 1].count += r.count
            } else {
                frameState.boxRuns[n] = r
                n += 1
            }
        }
        frameState.boxRuns.removeLast(frameState.boxRuns.count - n)
        if n > Engine.maxBoxRuns {
            scene.restructure()
        } else {
            scene.drawOrderEdited()
            frameState.sectionChanged = true
        }
    }

    /// The frame build's first step when the box section changed: the appended boxes taken in,
    /// the changes of the draw order applied (or every BOX command laid out again when they
    /// cannot be). Returns true (the overlay is laid out again).
    func takeSectionChanges(_ gestures: ActiveGestures) -> Bool {
        frameState.sectionChanged = false
        _ = takeAppendedBoxes(gestures)
        if scene.changes.orderEdited {
            scene.changes.orderEdited = false
            if !applyOrderEdits(gestures) {
                scene.restructure()
                layOutBoxCommands(gestures)
            }
        }
        return true
    }

    /// Applies the waiting changes of the draw order to the BOX commands (the frame build's step
    /// after the appended boxes were taken in; the overlay is laid out again after it). False
    /// when they cannot be (the storage too small): everything is laid out again then.
    func applyOrderEdits(_ gestures: ActiveGestures) -> Bool {
        let end = frameState.overlayStart
        frameState.commands.truncate(to: end)
        var total = 0
        for r in frameState.boxRuns { total += r.count }
        guard total <= frameState.commands.capacity else { return false }
        // The first place that changed, and where each run goes.
        var first = 0, p = 0
        while first < frameState.boxRuns.count && !frameState.boxRuns[first].fresh
            && frameState.boxRuns[first].first == p
        {
            p += frameState.boxRuns[first].count
            first += 1
        }
        // The runs of old commands that keep their order among each other, the most commands
        // (few runs: quadratic), stay; the others are saved first.
        let runs = frameState.boxRuns.count - first
        var best = [Int](repeating: 0, count: runs), prev = [Int](repeating: -1, count: runs)
        var top = -1
        var dest = p
        var at = [Int](repeating: 0, count: runs)
        for a in 0..<runs {
            let r = frameState.boxRuns[first + a]
            at[a] = dest
            dest += r.count
            if r.fresh { continue }
            best[a] = r.count
            for b in 0..<a
            where !frameState.boxRuns[first + b].fresh
                && frameState.boxRuns[first + b].first < r.first && best[b] + r.count > best[a]
            {
                best[a] = best[b] + r.count
                prev[a] = b
            }
            if top < 0 || best[a] > best[top] { top = a }
        }
        var stays = [Bool](repeating: false, count: runs)
        var s = top
        while s >= 0 { stays[s] = true; s = prev[s] }
        var saved = 0
        for a in 0..<runs where !stays[a] && !frameState.boxRuns[first + a].fresh {
            saved += frameState.boxRuns[first + a].count
        }
        var scratch = FrameBuffer<Command>()
        if saved > 0 { scratch.allocate(capacity: saved) }
        for a in 0..<runs where !stays[a] && !frameState.boxRuns[first + a].fresh {
            let r = frameState.boxRuns[first + a]
            scratch.copy(scratch.count, scratch.count + r.count, from: frameState.commands, at: r.first)
        }
        if total > end { frameState.commands.extend(to: total) }
        // Those moving down in order, then those moving up in reverse: none writes over a source
        // still to be read.
        for a in 0..<runs where stays[a] && at[a] < frameState.boxRuns[first + a].first {
            shiftCommands(frameState.boxRuns[first + a].count, from: frameState.boxRuns[first + a].first, to: at[a])
        }
        for a in stride(from: runs - 1, through: 0, by: -1)
        where stays[a] && at[a] > frameState.boxRuns[first + a].first {
            shiftCommands(frameState.boxRuns[first + a].count, from: frameState.boxRuns[first + a].first, to: at[a])
        }
        var from = 0
        for a in 0..<runs where !stays[a] {
            let r = frameState.boxRuns[first + a]
            if r.fresh {
                for j in 0..<r.count { writeNewBoxCommand(at: at[a] + j, frameState.freshSlots[r.first + j], gestures) }
            } else {
                frameState.commands.copy(at[a], at[a] + r.count, from: scratch, at: from)
                from += r.count
                renumberBoxCommands(at[a], at[a] + r.count)
            }
        }
        scratch.deallocate()
        frameState.commands.truncate(to: total)
        frameState.overlayStart = total
        // (A larger storage being filled holds the commands before the change only.)
        frameState.migrated = Swift.min(frameState.migrated, p)
        return true
    }

    /// Writes the BOX command of slot `x`, created since the last build, at index `k` (in use).
    @inline(never) private func writeNewBoxCommand(at k: Int, _ x: Int32, _ gestures: ActiveGestures) {
        frameState.commands[k] = Command(kind: .box, box: scene.id(x))
        frameState.boxCommand[Int(x)] = Int32(truncatingIfNeeded: k)
        writeBoxCommand(at: k, x, gestures)
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

/// A run of the box section as it will be once the waiting changes of the draw order are
/// applied: commands `first ..< first + count` of the frame as built, or (`fresh`) the BOX
/// commands to write for the boxes of `FrameState.freshSlots[first ..< first + count]`.
struct BoxRun {
    var first: Int
    var count: Int
    var fresh: Bool
}
