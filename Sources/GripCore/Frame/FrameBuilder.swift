extension Engine {
    /// The frame as of now (a copy), rebuilt first if something drawn changed.
    public func frame() -> Frame {
        let v = frameView()
        return Frame(commands: Array(v.commands), vertices: Array(v.vertices), serial: v.serial, time: v.time)
    }

    /// The frame as of now in the engine's memory, rebuilt first if something drawn changed.
    @_optimize(speed) public func frameView() -> FrameView {
        if frameState.serial != scene.drawVersion { rebuildFrame() }
        return FrameView(commands: frameState.commands.elements, vertices: frameState.vertices.elements,
                         serial: frameState.serial, time: frameState.time)
    }

    /// Moves the frame's commands and vertices to new storage and returns the storage last handed
    /// out by `frameView()`, unchanged, for the caller to free (`deallocate()`) once no one reads
    /// it: a frame built meanwhile for someone else then leaves the first reader's memory alone.
    public func detachFrame() -> (commands: UnsafeMutableRawPointer?, vertices: UnsafeMutableRawPointer?) {
        (frameState.commands.detach(), frameState.vertices.detach())
    }

    /// Serial of the frame `frame()` would return.
    public var frameSerial: UInt64 { scene.drawVersion }

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
        frameState.movedEntries.truncate(to: 0)
        if incremental {
            for i in 0..<scene.changes.dirtyRoots.count {
                let root = scene.changes.dirtyRoots[i]
                guard scene.slots[Int(root)].alive else { continue }
                var k = Int(frameState.boxCommand[Int(root)])
                var x = root
                while true {
                    writeBoxCommand(at: k, x)
                    if Int(x) < frameState.overlayEntryOfSlot.count && frameState.overlayEntryOfSlot[Int(x)] >= 0 {
                        frameState.movedEntries.append(frameState.overlayEntryOfSlot[Int(x)])
                    }
                    k += 1
                    guard let n = scene.nextInDrawOrder(x, within: root) else { break }
                    x = n
                }
            }
            for i in 0..<scene.changes.dirtyBoxes.count {
                let x = scene.changes.dirtyBoxes[i]
                guard scene.slots[Int(x)].alive else { continue }
                writeBoxCommand(at: Int(frameState.boxCommand[Int(x)]), x)
            }
        } else {
            frameState.commands.truncate(to: 0)
            if frameState.boxCommand.count < scene.slots.count {
                frameState.boxCommand.append(contentsOf: repeatElement(-1, count: scene.slots.count - frameState.boxCommand.count))
            }
            var s = scene.firstInDrawOrder
            while let x = s {
                let k = frameState.commands.count
                frameState.boxCommand[Int(x)] = Int32(truncatingIfNeeded: k)
                frameState.commands.append(Command(kind: .box, box: scene.id(x)))
                writeBoxCommand(at: k, x)
                s = scene.nextInDrawOrder(x)
            }
            frameState.overlayStart = frameState.commands.count
            scene.changes.structureValid = true
        }
        scene.changes.dirtyRoots.truncate(to: 0)
        scene.changes.dirtyBoxes.truncate(to: 0)
        collectOverlayOrder()
        if !(incremental && updateOverlayInPlace()) { rebuildOverlay() }
        scene.changes.overlayTouched = false
        scene.changes.antsMoved = false
        frameState.serial = scene.drawVersion
        frameState.time = time
    }

    /// Refreshes the BOX command at index `k`, which belongs to slot `x`.
    @_optimize(speed) @inline(__always) private func writeBoxCommand(at k: Int, _ x: Int32) {
        let id = scene.id(x)
        var state: UInt32 = 0
        if input.hover.box == id { state |= CommandState.hover }
        if hasGesture(on: id) { state |= CommandState.active }
        let m = screenTransform(x)
        precondition(k >= 0 && k < frameState.commands.count, "BOX command index out of range")
        let c = frameState.commands.base.unsafelyUnwrapped + k
        c.pointee.userData = scene.slots[Int(x)].behavior.userData
        c.pointee.transform = m
        c.pointee.width = scene.slots[Int(x)].geometry.width
        c.pointee.height = scene.slots[Int(x)].geometry.height
        c.pointee.state = state
    }

    /// Fills `overlayOrder` with the boxes that draw an overlay (editing, pressed), once each,
    /// in draw order.
    @_optimize(speed) private func collectOverlayOrder() {
        if scene.changes.overlayOrderValid { return }
        scene.changes.overlayOrderValid = true
        frameState.overlayOrder.truncate(to: 0)
        frameState.overlayOrder.append(contentsOf: scene.editingSlots)
        if soloSelectedSlot >= 0 { frameState.overlayOrder.append(soloSelectedSlot) }
        for p in input.presses { if let s = scene.slot(p.box) { frameState.overlayOrder.append(s) } }
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
