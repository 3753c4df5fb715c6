/// A frame: the draw commands back to front and the vertices their polylines use, in screen
/// coordinates. The arrays belong to the engine and are reused from frame to frame.
///
/// Box content (one BOX command per box, in draw order) is updated in place for the boxes whose
/// geometry or state changed; the overlay after it (borders, handles, indicators, guides of the
/// few boxes that have one) is rebuilt whenever anything drawn changed. A structural change
/// (a box created, destroyed or re-parented, the view moved) rebuilds everything.
public struct FrameBuilder {
    public internal(set) var commands: [Command] = []
    public internal(set) var vertices: [Vec2] = []
    /// The engine's draw version the frame was built at (0: never built).
    public internal(set) var serial: UInt64 = 0
    /// Time of the last dispatch when the frame was built.
    public internal(set) var time = 0.0
    /// Counts rebuilds; `changedContent` is relative to the previous one.
    public internal(set) var generation: UInt64 = 0
    /// The content commands this rebuild changed (all of them after a structural change).
    /// Commands from `overlayStart` on are rebuilt every time.
    public internal(set) var changedContent: Range<Int> = 0..<0
    public internal(set) var overlayStart = 0

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
    /// The frame as of now, rebuilt only when something drawn changed since the last call.
    public func frame() -> FrameBuilder {
        if frameBuilder.serial != drawVersion { rebuildFrame() }
        return frameBuilder
    }

    /// Calls `body` with the current frame without copying it.
    public func withFrame<R>(_ body: (borrowing FrameBuilder) -> R) -> R {
        if frameBuilder.serial != drawVersion { rebuildFrame() }
        return body(frameBuilder)
    }

    /// Serial of the frame `frame()` would return.
    public var frameSerial: UInt64 { drawVersion }

    // MARK: invalidation

    /// Applies geometry `g` to slot `s`, invalidating what depends on it; true when it changed.
    @discardableResult
    func place(_ s: Int32, _ g: BoxGeometry) -> Bool {
        guard scene.setGeometry(s, g) else { return false }
        frameBuilder.dirtyRoots.append(s)
        drawVersion &+= 1
        return true
    }

    /// Slot `s`'s BOX command must be refreshed (its hover or active state changed).
    func restyle(_ s: Int32) {
        frameBuilder.dirtyBoxes.append(s)
        drawVersion &+= 1
    }

    /// The draw order or every box's transform changed: the next frame lays out everything again.
    func restructure() {
        frameBuilder.structureValid = false
        frameBuilder.dirtyRoots.removeAll(keepingCapacity: true)
        frameBuilder.dirtyBoxes.removeAll(keepingCapacity: true)
        drawVersion &+= 1
    }

    // MARK: building

    private func rebuildFrame() {
        var f = frameBuilder
        frameBuilder = FrameBuilder()  // drop our reference so the edits below do not copy
        if f.structureValid {
            f.commands.removeSubrange(f.overlayStart...)
            var lo = Int.max, hi = 0
            for root in f.dirtyRoots where scene.slots[Int(root)].alive {
                var k = Int(f.boxCommand[Int(root)])
                lo = Swift.min(lo, k)
                var x = root
                while true {
                    f.commands[k] = boxCommand(x)
                    k += 1
                    guard let n = scene.nextInDrawOrder(x, within: root) else { break }
                    x = n
                }
                hi = Swift.max(hi, k)
            }
            for x in f.dirtyBoxes where scene.slots[Int(x)].alive {
                let k = Int(f.boxCommand[Int(x)])
                f.commands[k] = boxCommand(x)
                lo = Swift.min(lo, k)
                hi = Swift.max(hi, k + 1)
            }
            f.changedContent = lo < hi ? lo..<hi : 0..<0
        } else {
            f.commands.removeAll(keepingCapacity: true)
            if f.boxCommand.count < scene.slots.count {
                f.boxCommand.append(contentsOf: repeatElement(-1, count: scene.slots.count - f.boxCommand.count))
            }
            var s = scene.firstInDrawOrder
            while let x = s {
                f.boxCommand[Int(x)] = Int32(truncatingIfNeeded: f.commands.count)
                f.commands.append(boxCommand(x))
                s = scene.nextInDrawOrder(x)
            }
            f.changedContent = 0..<f.commands.count
            f.structureValid = true
        }
        f.dirtyRoots.removeAll(keepingCapacity: true)
        f.dirtyBoxes.removeAll(keepingCapacity: true)
        f.overlayStart = f.commands.count
        f.vertices.removeAll(keepingCapacity: true)
        collectOverlayOrder(&f)
        let order = f.overlayOrder
        f.overlayOrder = []
        for x in order { appendOverlay(x, into: &f) }
        f.overlayOrder = order
        f.serial = drawVersion
        f.time = time
        f.generation &+= 1
        frameBuilder = f
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
    private func collectOverlayOrder(_ f: inout FrameBuilder) {
        f.overlayOrder.removeAll(keepingCapacity: true)
        f.overlayOrder.append(contentsOf: editingSlots)
        for p in presses { if let s = scene.slot(p.box) { f.overlayOrder.append(s) } }
        // Insertion sort by BOX command index (few boxes), dropping duplicates.
        var n = 0
        for i in 0..<f.overlayOrder.count {
            let x = f.overlayOrder[i]
            let key = f.boxCommand[Int(x)]
            var j = n
            while j > 0 && f.boxCommand[Int(f.overlayOrder[j - 1])] > key { j -= 1 }
            if j > 0 && f.overlayOrder[j - 1] == x { continue }
            var k = n
            while k > j { f.overlayOrder[k] = f.overlayOrder[k - 1]; k -= 1 }
            f.overlayOrder[j] = x
            n += 1
        }
        f.overlayOrder.removeSubrange(n...)
    }
}
