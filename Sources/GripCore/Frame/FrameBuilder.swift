/// A frame: the draw commands back to front and the vertices their polylines use, in screen
/// coordinates. The arrays belong to the engine and are reused from frame to frame.
///
/// Box content (one BOX command per box, in draw order) is updated in place for the boxes whose
/// geometry or state changed; the overlay after it (borders, handles, indicators, guides of the
/// few boxes that have one) is rebuilt whenever anything drawn changed. A structural change
/// (a box created, destroyed or re-parented, the view moved) rebuilds everything.
public struct Frame {
    public internal(set) var commands: [Command] = []
    public internal(set) var vertices: [Vec2] = []
    /// The engine's draw version the frame was built at (0: never built).
    public internal(set) var serial: UInt64 = 0
    /// Time of the last dispatch when the frame was built.
    public internal(set) var time = 0.0
    /// Counts rebuilds; `changedContent` is relative to the previous one.
    public internal(set) var generation: UInt64 = 0
    /// The content commands the latest rebuild changed (all of them after a structural change).
    /// Commands from `overlayStart` on are rebuilt every time.
    public internal(set) var changedContent: Range<Int> = 0..<0
    public internal(set) var overlayStart = 0
}

/// The engine's bookkeeping for incremental frames (the arrays themselves are engine properties,
/// written in place).
struct FrameState {
    var serial: UInt64 = 0
    var time = 0.0
    var generation: UInt64 = 0
    var changedContent: Range<Int> = 0..<0
    var overlayStart = 0
    /// False after a structural change: the next rebuild lays out all content again.
    var structureValid = false
    /// Slot -> index of its BOX command (valid while `structureValid`).
    var boxCommand: [Int32] = []
    /// Boxes whose subtree's BOX commands must be refreshed, and boxes whose own one must.
    var dirtyRoots: [Int32] = []
    var dirtyBoxes: [Int32] = []
    /// Scratch: the boxes with an overlay, in draw order.
    var overlayOrder: [Int32] = []
}

extension Engine {
    /// The frame as of now (a snapshot), rebuilt only when something drawn changed.
    public func frame() -> Frame {
        if frameState.serial != drawVersion { rebuildFrame() }
        let f = frameState
        return Frame(commands: frameCommands, vertices: frameVertices, serial: f.serial, time: f.time,
                     generation: f.generation, changedContent: f.changedContent, overlayStart: f.overlayStart)
    }

    /// Calls `body` with the current frame's buffers, without copying them. The metadata in the
    /// `Frame` passed along has empty arrays.
    public func withFrame<R>(_ body: (Frame, UnsafeBufferPointer<Command>, UnsafeBufferPointer<Vec2>) -> R) -> R {
        if frameState.serial != drawVersion { rebuildFrame() }
        let f = frameState
        let info = Frame(serial: f.serial, time: f.time, generation: f.generation,
                         changedContent: f.changedContent, overlayStart: f.overlayStart)
        return frameCommands.withUnsafeBufferPointer { c in
            frameVertices.withUnsafeBufferPointer { v in body(info, c, v) }
        }
    }

    /// Serial of the frame `frame()` would return.
    public var frameSerial: UInt64 { drawVersion }

    // MARK: invalidation

    /// Applies geometry `g` to slot `s`, invalidating what depends on it; true when it changed.
    @discardableResult
    func place(_ s: Int32, _ g: BoxGeometry) -> Bool {
        guard scene.setGeometry(s, g) else { return false }
        frameState.dirtyRoots.append(s)
        drawVersion &+= 1
        return true
    }

    /// Slot `s`'s BOX command must be refreshed (its hover or active state changed).
    func restyle(_ s: Int32) {
        frameState.dirtyBoxes.append(s)
        drawVersion &+= 1
    }

    /// The draw order or every box's transform changed: the next frame lays out everything again.
    func restructure() {
        frameState.structureValid = false
        frameState.dirtyRoots.truncate(to: 0)
        frameState.dirtyBoxes.truncate(to: 0)
        drawVersion &+= 1
    }

    // MARK: building

    private func rebuildFrame() {
        if frameState.structureValid {
            frameCommands.truncate(to: frameState.overlayStart)
            var lo = Int.max, hi = 0
            for root in frameState.dirtyRoots where scene.slots[Int(root)].alive {
                var k = Int(frameState.boxCommand[Int(root)])
                lo = Swift.min(lo, k)
                var x = root
                while true {
                    frameCommands[k] = boxCommand(x)
                    k += 1
                    guard let n = scene.nextInDrawOrder(x, within: root) else { break }
                    x = n
                }
                hi = Swift.max(hi, k)
            }
            for x in frameState.dirtyBoxes where scene.slots[Int(x)].alive {
                let k = Int(frameState.boxCommand[Int(x)])
                frameCommands[k] = boxCommand(x)
                lo = Swift.min(lo, k)
                hi = Swift.max(hi, k + 1)
            }
            frameState.changedContent = lo < hi ? lo..<hi : 0..<0
        } else {
            frameCommands.truncate(to: 0)
            if frameState.boxCommand.count < scene.slots.count {
                frameState.boxCommand.append(contentsOf: repeatElement(-1, count: scene.slots.count - frameState.boxCommand.count))
            }
            var s = scene.firstInDrawOrder
            while let x = s {
                frameState.boxCommand[Int(x)] = Int32(truncatingIfNeeded: frameCommands.count)
                frameCommands.append(boxCommand(x))
                s = scene.nextInDrawOrder(x)
            }
            frameState.changedContent = 0..<frameCommands.count
            frameState.structureValid = true
        }
        frameState.dirtyRoots.truncate(to: 0)
        frameState.dirtyBoxes.truncate(to: 0)
        frameState.overlayStart = frameCommands.count
        frameVertices.truncate(to: 0)
        collectOverlayOrder()
        for i in frameState.overlayOrder.indices { appendOverlay(frameState.overlayOrder[i]) }
        frameState.serial = drawVersion
        frameState.time = time
        frameState.generation &+= 1
    }

    /// The BOX command of slot `x`.
    private func boxCommand(_ x: Int32) -> Command {
        let r = scene.slots[Int(x)]
        var c = Command(kind: .box, box: scene.id(x))
        c.userData = r.behavior.userData
        c.transform = screenTransform(x)
        c.width = r.geometry.width
        c.height = r.geometry.height
        if hover.box == c.box { c.state |= CommandState.hover }
        if gestures.contains(where: { $0.box == c.box }) { c.state |= CommandState.active }
        return c
    }

    /// Fills `f.overlayOrder` with the boxes that draw an overlay (editing, pressed, snapped),
    /// once each, in draw order.
    private func collectOverlayOrder() {
        frameState.overlayOrder.truncate(to: 0)
        frameState.overlayOrder.append(contentsOf: editingSlots)
        for p in presses { if let s = scene.slot(p.box) { frameState.overlayOrder.append(s) } }
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
