/// A change of a box's draw order among its siblings (`grip_order`).
public enum Reorder: UInt32, Sendable {
    /// Its parent's last child: drawn over every sibling.
    case front = 0
    /// Its parent's first child: drawn under every sibling.
    case back = 1
    /// Swapped with the next sibling (nothing when it is the last).
    case forward = 2
    /// Swapped with the previous sibling (nothing when it is the first).
    case backward = 3
}

extension Scene {
    /// Moves slot `s` among its siblings; its descendants go with it. Returns whether the draw
    /// order changed (the caller tells the frame). Sibling lists stay sorted by `order`, which hit
    /// testing reads from the bounds tree's leaves: the boxes whose order or draw key changed get
    /// their leaves refreshed.
    mutating func reorder(_ s: Int32, _ op: Reorder) -> Bool {
        let r = slots[Int(s)]
        let parent = r.parent
        switch op {
        case .front, .back:
            let last = parent >= 0 ? slots[Int(parent)].lastChild : lastRoot
            let first = parent >= 0 ? slots[Int(parent)].firstChild : firstRoot
            if (op == .front ? last : first) == s { return false }
            if op == .back && nextBackOrder < 1 { renumberOrders() }
            unlink(s)
            if op == .front {
                slots[Int(s)].order = nextOrder
                nextOrder &+= 1
            } else {
                slots[Int(s)].order = nextBackOrder
                nextBackOrder -= 1
            }
            link(s, under: parent)
            refreshHitInfo(s, subtree: parent < 0)
        case .forward, .backward:
            let other = op == .forward ? r.nextSibling : r.prevSibling
            if other < 0 { return false }
            let o = slots[Int(other)].order
            // Swapping the two orders swaps the two places in the sorted sibling list.
            unlink(s)
            slots[Int(s)].order = o
            slots[Int(other)].order = r.order
            unlink(other)
            link(other, under: parent)
            link(s, under: parent)
            refreshHitInfo(s, subtree: parent < 0)
            refreshHitInfo(other, subtree: parent < 0)
        }
        return true
    }

    /// Marks slot `s`'s bounds-tree leaf for refreshing (its order changed), and with `subtree`
    /// its descendants' too (a top-level box's order is their draw key).
    private mutating func refreshHitInfo(_ s: Int32, subtree: Bool) {
        var x = s
        while true {
            markBoundsDirty(x)
            guard subtree, let n = nextInDrawOrder(x, within: s) else { return }
            x = n
        }
    }

    /// Slot `s`'s leaf is rebuilt at the next `refreshBounds` (its shape or info changed).
    mutating func markBoundsDirty(_ s: Int32) {
        contentChanged()
        if slots[Int(s)].boundsDirty { return }
        slots[Int(s)].boundsDirty = true
        boundsDirtySlots.append(s)
    }

    /// Gives every box a new order keeping the draw order (when sending boxes to the back has
    /// used up the orders below the first one given): a walk in draw order, so siblings keep
    /// their relative order; every leaf is refreshed.
    private mutating func renumberOrders() {
        var next = Scene.firstOrder
        var x = firstInDrawOrder
        while let s = x {
            slots[Int(s)].order = next
            next += 1
            markBoundsDirty(s)
            x = nextInDrawOrder(s)
        }
        nextOrder = next
        nextBackOrder = Scene.firstOrder - 1
    }
}

extension Engine {
    /// Changes the draw order of a box among its siblings (and so which is hit first); the frame's
    /// BOX commands follow. Refused while a gesture acts on the box. Returns whether anything
    /// changed (a box already in front is left as it is).
    @discardableResult
    public func order(_ id: BoxID, _ op: Reorder) throws(GripError) -> Bool {
        let s = try slot(id)
        if hasGesture(on: id) {
            throw .state("box \(id.rawValue) is in a gesture; change its order after the gesture ends")
        }
        if recording != nil {
            // A swap changes the neighbour's order too: both join the step.
            let r = scene[s]
            let other = op == .forward ? r.nextSibling : op == .backward ? r.prevSibling : -1
            noteForStep(id)
            if other >= 0 { noteForStep(scene.id(other)) }
        }
        let feedBefore = feedBeforeHostEdit(id)
        defer { feedHostEdit(id, feedBefore) }
        let from = subtreePlace(s)
        guard scene.reorder(s, op) else { return false }
        drawOrderMoved(s, from: from)
        return true
    }
}

extension Scene {
    /// Gives every box a new order keeping the draw order, 2^16 apart, so a box fits between any
    /// two siblings again.
    mutating func spreadOrders() {
        var next = Scene.firstOrder
        var x = firstInDrawOrder
        while let s = x {
            slots[Int(s)].order = next
            next += 1 << 16
            markBoundsDirty(s)
            x = nextInDrawOrder(s)
        }
        nextOrder = next
        nextBackOrder = Scene.firstOrder - 1
    }
}

extension Scene {
    /// Puts each run of `keys` (a draw key in the high half, a slot in the low) that shares one
    /// draw key, boxes under one top-level box, in the scene's draw order: back to front, or front
    /// to back with `frontFirst`. An insertion sort: such runs are short, and one in order already
    /// costs a comparison a box.
    func orderRuns(_ keys: inout [UInt64], frontFirst: Bool) {
        @inline(__always) func slot(_ k: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: k)) }
        var i = 0
        while i < keys.count {
            var j = i + 1
            while j < keys.count && keys[j] >> 32 == keys[i] >> 32 { j += 1 }
            var k = i + 1
            while k < j {
                let key = keys[k]
                var m = k
                while m > i
                    && (frontFirst
                        ? drawsAfter(slot(key), slot(keys[m - 1])) : drawsAfter(slot(keys[m - 1]), slot(key)))
                {
                    keys[m] = keys[m - 1]
                    m -= 1
                }
                keys[m] = key
                k += 1
            }
            i = j
        }
    }
}
