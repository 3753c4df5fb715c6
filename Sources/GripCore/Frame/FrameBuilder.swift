/// A frame: the draw commands back to front and the vertices their polylines use, in screen
/// coordinates (a copy, for Swift callers and tests; `frameView()` gives the engine's own memory).
public struct Frame {
    public internal(set) var commands: [Command] = []
    public internal(set) var vertices: [Vec2] = []
    /// The engine's draw version the frame was built at (0: never built).
    public internal(set) var serial: UInt64 = 0
    /// Time of the last dispatch when the frame was built.
    public internal(set) var time = 0.0
}

/// The engine's current frame in its own memory: valid until the next `frameView()` or
/// `frame()` call (which may rebuild it in place or move it) or the end of the engine.
public struct FrameView {
    public var commands: UnsafeBufferPointer<Command>
    public var vertices: UnsafeBufferPointer<Vec2>
    public var serial: UInt64
    public var time: Double
}

/// The engine's bookkeeping for incremental frames (the buffers themselves are engine properties).
///
/// Box content (one BOX command per box, in draw order) is updated in place for the boxes whose
/// geometry or state changed. The overlay after it (borders, handles, indicators, guides of the
/// few boxes that have one) is moved in place when only its boxes' positions on screen changed,
/// redrawn in place when they keep their layout (the same handles), and rebuilt otherwise. A
/// structural change (a box created, destroyed or re-parented, the view moved) rebuilds everything.
struct FrameState {
    var serial: UInt64 = 0
    var time = 0.0
    /// Index of the first overlay command (the number of BOX commands).
    var overlayStart = 0
    /// False after a structural change: the next rebuild lays out all content again.
    var structureValid = false
    /// Slot -> index of its BOX command (valid while `structureValid`).
    var boxCommand: [Int32] = []
    /// Boxes whose subtree's BOX commands must be refreshed, and boxes whose own one must.
    /// Past `dirtyLimit` entries (frames not being read) the next frame is rebuilt whole instead.
    var dirtyRoots = FrameBuffer<Int32>()
    var dirtyBoxes = FrameBuffer<Int32>()
    static let dirtyLimit = 4096
    /// The boxes with an overlay, in draw order, and whether that is still so (editing boxes,
    /// presses and the draw order unchanged).
    var overlayOrder: [Int32] = []
    var overlayOrderValid = false
    /// The overlay as built last, one entry per box of `overlayOrder` then, and the offsets of
    /// its border vertices and handle centres from the box's screen translation.
    var overlay: [OverlayEntry] = []
    var overlayOffsets = FrameBuffer<Vec2>()
    /// How many times the overlay was laid out again rather than moved in place (for tests).
    var overlayRebuilds = 0
    /// The last box drawn with handles: the angle of its frame's x axis on screen, of its
    /// transform's first column (a, b), and that of the diagonal of its size.
    var heading = (a: 1.0, b: 0.0, angle: 0.0)
    var diagonal = (width: 0.0, height: 0.0, angle: 0.0)
    /// Scratch for building an indicator outline.
    var indicatorScratch: [Vec2] = []
}

extension Engine {
    /// The frame as of now (a copy), rebuilt first if something drawn changed.
    public func frame() -> Frame {
        let v = frameView()
        return Frame(commands: Array(v.commands), vertices: Array(v.vertices), serial: v.serial, time: v.time)
    }

    /// The frame as of now in the engine's memory, rebuilt first if something drawn changed.
    public func frameView() -> FrameView {
        if frameState.serial != drawVersion { rebuildFrame() }
        return FrameView(commands: frameCommands.elements, vertices: frameVertices.elements,
                         serial: frameState.serial, time: frameState.time)
    }

    /// Serial of the frame `frame()` would return.
    public var frameSerial: UInt64 { drawVersion }

    /// The frame built from nothing, ignoring what the incremental builder kept (for tests: it
    /// must equal `frame()`).
    func frameFromScratch() -> Frame {
        restructure()
        frameState.overlay.truncate(to: 0)
        return frame()
    }

    // MARK: invalidation

    /// Applies geometry `g` to slot `s`, invalidating what depends on it; true when it changed.
    @discardableResult
    @inline(__always) func place(_ s: Int32, _ g: BoxGeometry) -> Bool {
        guard scene.setGeometry(s, g) else { return false }
        if frameState.dirtyRoots.count < FrameState.dirtyLimit { frameState.dirtyRoots.append(s) } else { restructure() }
        drawVersion &+= 1
        return true
    }

    /// Slot `s`'s BOX command must be refreshed (its hover or active state changed).
    func restyle(_ s: Int32) {
        if frameState.dirtyBoxes.count < FrameState.dirtyLimit { frameState.dirtyBoxes.append(s) } else { restructure() }
        drawVersion &+= 1
    }

    /// The draw order or every box's transform changed: the next frame lays out everything again.
    func restructure() {
        frameState.structureValid = false
        frameState.overlayOrderValid = false
        frameState.dirtyRoots.truncate(to: 0)
        frameState.dirtyBoxes.truncate(to: 0)
        drawVersion &+= 1
    }

    // MARK: building

    private func rebuildFrame() {
        let incremental = frameState.structureValid
        if incremental {
            for i in 0..<frameState.dirtyRoots.count {
                let root = frameState.dirtyRoots[i]
                guard scene.slots[Int(root)].alive else { continue }
                var k = Int(frameState.boxCommand[Int(root)])
                var x = root
                while true {
                    writeBoxCommand(at: k, x)
                    k += 1
                    guard let n = scene.nextInDrawOrder(x, within: root) else { break }
                    x = n
                }
            }
            for i in 0..<frameState.dirtyBoxes.count {
                let x = frameState.dirtyBoxes[i]
                guard scene.slots[Int(x)].alive else { continue }
                writeBoxCommand(at: Int(frameState.boxCommand[Int(x)]), x)
            }
        } else {
            frameCommands.truncate(to: 0)
            if frameState.boxCommand.count < scene.slots.count {
                frameState.boxCommand.append(contentsOf: repeatElement(-1, count: scene.slots.count - frameState.boxCommand.count))
            }
            var s = scene.firstInDrawOrder
            while let x = s {
                let k = frameCommands.count
                frameState.boxCommand[Int(x)] = Int32(truncatingIfNeeded: k)
                frameCommands.append(Command(kind: .box, box: scene.id(x)))
                writeBoxCommand(at: k, x)
                s = scene.nextInDrawOrder(x)
            }
            frameState.overlayStart = frameCommands.count
            frameState.structureValid = true
        }
        frameState.dirtyRoots.truncate(to: 0)
        frameState.dirtyBoxes.truncate(to: 0)
        collectOverlayOrder()
        if !(incremental && updateOverlayInPlace()) { rebuildOverlay() }
        frameState.serial = drawVersion
        frameState.time = time
    }

    /// Refreshes the BOX command at index `k`, which belongs to slot `x`.
    @inline(__always) private func writeBoxCommand(at k: Int, _ x: Int32) {
        let id = scene.id(x)
        var state: UInt32 = 0
        if hover.box == id { state |= CommandState.hover }
        for i in gestures.indices where gestures[i].box == id { state |= CommandState.active }
        let m = screenTransform(x)
        precondition(k >= 0 && k < frameCommands.count, "BOX command index out of range")
        let c = frameCommands.base.unsafelyUnwrapped + k
        c.pointee.userData = scene.slots[Int(x)].behavior.userData
        c.pointee.transform = m
        c.pointee.width = scene.slots[Int(x)].geometry.width
        c.pointee.height = scene.slots[Int(x)].geometry.height
        c.pointee.state = state
    }

    /// Fills `overlayOrder` with the boxes that draw an overlay (editing, pressed), once each,
    /// in draw order.
    private func collectOverlayOrder() {
        if frameState.overlayOrderValid { return }
        frameState.overlayOrderValid = true
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
