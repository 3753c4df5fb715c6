extension Engine {
    /// The frame as of now (a copy), rebuilt first if something drawn changed.
    public func frame() -> Frame {
        let v = frameView()
        return Frame(commands: Array(v.commands), vertices: Array(v.vertices), serial: v.serial, time: v.time)
    }

    /// The frame as of now in the engine's memory, rebuilt first if something drawn changed.
    @_optimize(speed) package func frameView() -> FrameView {
        snapUpkeep()
        // The host is done with what it read last: storage kept for it after the commands moved.
        if frameState.retired != nil { freeRetired() }
        if frameState.serial != scene.drawVersion { rebuildFrame() }
        frameState.held = true
        frameState.handedCount = frameState.commands.count
        return FrameView(
            commands: frameState.commands.elements, vertices: frameState.vertices.elements,
            serial: frameState.serial, time: frameState.time)
    }

    /// Moves the frame's commands and vertices to new storage and returns the storage last handed
    /// out by `frameView()`, unchanged, for the caller to free (`deallocate()`) once no one reads
    /// it: a frame built meanwhile for someone else then leaves the first reader's memory alone.
    package func detachFrame() -> (commands: UnsafeMutableRawPointer?, vertices: UnsafeMutableRawPointer?) {
        frameState.held = false
        if let r = frameState.retired {
            // The commands moved since: the storage handed out is the one kept for the reader.
            frameState.retired = nil
            return (r, frameState.vertices.detach())
        }
        return (frameState.commands.detach(), frameState.vertices.detach())
    }

    /// Serial of the frame `frame()` would return.
    public var frameSerial: UInt64 { scene.drawVersion }

    /// Frames built since the engine was made that laid out every BOX command or the whole
    /// overlay again (the others updated what changed in place).
    public var frameFullBuilds: UInt64 { frameState.fullBuilds }

    /// The frame built from nothing, ignoring what the incremental builder kept (for tests: it
    /// must equal `frame()`).
    func frameFromScratch() -> Frame {
        scene.restructure()
        frameState.overlay.truncate(to: 0)
        return frame()
    }

    // MARK: building

    @_optimize(speed) private func rebuildFrame() {
        let incremental = scene.changes.structureValid
        let gestures = activeGestures
        frameState.movedEntries.truncate(to: 0)
        var appended = false
        if incremental {
            // Boxes created on top, changes of the draw order: the box section changed.
            appended = frameState.sectionChanged && takeSectionChanges(gestures)
            // Boxes moved (geometry commits): their BOX commands' placement, and their subtrees'.
            // Their style (user data, hover, active) has not changed, or they are restyled below.
            let outlines = !frameState.outlineSlots.isEmpty, entries = !frameState.overlay.isEmpty
            // (A larger storage being filled gets the rewritten commands it holds already.)
            let mirror = frameState.migrated > 0
            scene.openInPlaceRun()
            for i in 0..<scene.changes.dirtyRoots.count {
                let root = scene.changes.dirtyRoots[i]
                // Each slot's record is looked up once for the placement, the outline and the walk.
                var r = scene.ref(root)
                guard r.record.alive else { continue }
                var k = Int(frameState.boxCommand[Int(root)])
                let first = k
                var x = root
                while true {
                    let m = writeBoxPlacement(at: k, x, r)
                    // The member outline moves with its box (kept if the overlay is updated in place).
                    if outlines { moveOutline(of: x, m, r) }
                    if entries && Int(x) < frameState.overlayEntryOfSlot.count
                        && frameState.overlayEntryOfSlot[Int(x)] >= 0
                    {
                        frameState.movedEntries.append(frameState.overlayEntryOfSlot[Int(x)])
                    }
                    k += 1
                    // (A root without children is the whole subtree.)
                    if x == root && r.record.firstChild < 0 { break }
                    guard let n = scene.nextInDrawOrder(x, within: root) else { break }
                    x = n
                    r = scene.ref(x)
                }
                if mirror { mirrorBoxCommands(first, k) }
            }
            for i in 0..<scene.changes.dirtyBoxes.count {
                let x = scene.changes.dirtyBoxes[i]
                guard scene[x].alive else { continue }
                let k = Int(frameState.boxCommand[Int(x)])
                writeBoxCommand(at: k, x, gestures)
                if mirror { mirrorBoxCommands(k, k + 1) }
            }
        } else {
            layOutBoxCommands(gestures)
        }
        scene.changes.dirtyRoots.truncate(to: 0)
        scene.changes.dirtyBoxes.truncate(to: 0)
        collectOverlayOrder()
        // (Boxes appended: the overlay moved past them.)
        // (Presence, before the local overlay, is laid out again with it every time.)
        let inPlace = incremental && !appended && !drawsPresence && updateOverlayInPlace()
        if !inPlace { rebuildOverlay() }
        if !incremental || !inPlace { frameState.fullBuilds &+= 1 }
        if frameState.grown.capacity > 0 { growAfterBuild() }
        scene.changes.overlayTouched = false
        scene.changes.outlinesTouched = false
        scene.changes.antsMoved = false
        frameState.serial = scene.drawVersion
        frameState.time = time
    }

    /// Writes every BOX command again, in draw order (the structure is valid afterwards).
    @_optimize(speed) func layOutBoxCommands(_ gestures: ActiveGestures) {
        dropGrowth()
        frameState.commands.truncate(to: 0)
        if frameState.boxCommand.count < scene.slotCount {
            frameState.boxCommand.append(
                contentsOf: repeatElement(-1, count: scene.slotCount - frameState.boxCommand.count))
        }
        var s = scene.firstInDrawOrder
        while let x = s {
            let k = frameState.commands.count
            frameState.boxCommand[Int(x)] = Int32(truncatingIfNeeded: k)
            frameState.commands.append(Command(kind: .box, box: scene.id(x)))
            writeBoxCommand(at: k, x, gestures)
            s = scene.nextInDrawOrder(x)
        }
        frameState.overlayStart = frameState.commands.count
        scene.changes.structureValid = true
    }

    /// Refreshes the BOX command at index `k`, which belongs to slot `x` (alive; `gestures`: the
    /// gestures in progress).
    @_optimize(speed) @inline(__always) func writeBoxCommand(at k: Int, _ x: Int32, _ gestures: ActiveGestures) {
        let m = screenTransform(x)
        let r = scene.ref(x)
        let id = BoxID(index: x, generation: r.record.generation, tag: scene.tag)
        var state: UInt32 = 0
        if input.hover.box == id { state |= CommandState.hover }
        if gestureActs(on: id, r.record.selection, gestures) { state |= CommandState.active }
        let c = frameState.commands.window(at: k, count: 1)
        c[0].userData = r.record.userData
        c[0].transform = m
        c[0].width = r.record.geometry.width
        c[0].height = r.record.geometry.height
        c[0].state = state
    }

    /// Refreshes the placement (transform and size) in the BOX command at index `k`, which
    /// belongs to slot `x` whose record is `r` (alive; in the scene's in-place run); returns the
    /// box's screen transform.
    @_optimize(speed) @inline(__always) private func writeBoxPlacement(at k: Int, _ x: Int32, _ r: RecordRef) -> Affine
    {
        let w = scene.worldInRun(x, r)
        let m = viewIsIdentity ? w : view * w
        let c = frameState.commands.window(at: k, count: 1)
        c[0].transform = m
        c[0].width = r.record.geometry.width
        c[0].height = r.record.geometry.height
        return m
    }

    /// Rewrites the member OUTLINE of slot `x` (its record `r`), if it has one, for screen
    /// transform `m`: its corners, as `appendOutline` writes them.
    @_optimize(speed) @inline(__always) private func moveOutline(of x: Int32, _ m: Affine, _ r: RecordRef) {
        guard Int(x) < frameState.outlineVertexOfSlot.count else { return }
        let v = Int(frameState.outlineVertexOfSlot[Int(x)])
        guard v >= 0 else { return }
        let out = frameState.vertices.window(at: v, count: 4)
        let (p0, p1, p2, p3) = r.record.geometry.corners(m)
        out[0] = p0; out[1] = p1; out[2] = p2; out[3] = p3
    }

    /// Fills `overlayOrder` with the boxes that draw an overlay (editing, pressed), once each,
    /// in draw order.
    @_optimize(speed) private func collectOverlayOrder() {
        if scene.changes.overlayOrderValid { return }
        scene.changes.overlayOrderValid = true
        frameState.overlayOrder.truncate(to: 0)
        frameState.overlayOrder.append(contentsOf: scene.editingSlots)
        if soloSelectedSlot >= 0 { frameState.overlayOrder.append(soloSelectedSlot) }
        for gi in interactions.indices {
            if let id = interactions.pressedBox(gi), let s = scene.slot(id) { frameState.overlayOrder.append(s) }
        }
        // Insertion sort by BOX command index (few boxes), dropping duplicates.
        var n = 0
        for i in 0..<frameState.overlayOrder.count {
            let x = frameState.overlayOrder[i]
            let key = frameState.boxCommand[Int(x)]
            var j = n
            while j > 0 && frameState.boxCommand[Int(frameState.overlayOrder[j - 1])] > key { j -= 1 }
            if j > 0 && frameState.overlayOrder[j - 1] == x { continue }
            var k = n
            while k > j { frameState.overlayOrder[k] = frameState.overlayOrder[k - 1]; k -= 1 }
            frameState.overlayOrder[j] = x
            n += 1
        }
        frameState.overlayOrder.truncate(to: n)
    }
}

/// Which gestures make a box draw active, read once per frame build: `Engine.hasGesture(on:)`
/// for a live box, without finding its slot again.
struct ActiveGestures {
    /// A gesture on the selection as a whole (its members draw active), and one on a single box.
    var group = false, single = false
}

extension Engine {
    /// The gestures in progress, as `ActiveGestures`.
    var activeGestures: ActiveGestures {
        let (group, single) = interactions.boxGestures()
        return ActiveGestures(group: group, single: single)
    }

    /// Whether a gesture acts on live box `id`, whose selection mark is `mark` (`gestures`: the
    /// gestures in progress).
    @inline(__always) private func gestureActs(on id: BoxID, _ mark: SelectionMark, _ gestures: ActiveGestures) -> Bool
    {
        if gestures.group && mark == .member { return true }
        return gestures.single && interactions.hasOwnGesture(on: id)
    }
}
