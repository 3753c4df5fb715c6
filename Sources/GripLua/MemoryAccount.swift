import CGrip
import CLuaShim

/// What a script's engines hold in host memory, counted against its state's memory_limit: the
/// boxes, history and unread events of the engines it made (`grip.new`), and the events of any
/// engine waiting for it in `pending`. Each call on an engine the script made runs with the
/// engine's limits lowered to what memory_limit has room for (`capToMemory`), so that box
/// creation, scene loads and undo refuse (changing nothing) rather than overrun it, and the
/// history forgets its oldest steps; after the call the state is charged for what the engine
/// holds now (`accountMemory`).
extension LuaEngine {
    /// The host memory this engine holds for the script now.
    var heldBytes: Int {
        var n = pendingBytes
        if owned && !closed && !hostGone, let i = info {
            n += i.box_count * LuaLimits.bytesPerBox + Int(clamping: i.history_bytes) + Int(clamping: i.event_bytes)
        }
        return n
    }

    /// Whether `bytes` more than the engine holds now fit in what memory_limit has left.
    func hasRoom(for bytes: Int) -> Bool {
        let free = gl_memory_free(ctx)
        return free < 0 || Int64(bytes) + Int64(heldBytes - chargedBytes) <= free
    }

    /// Charges the state for `heldBytes` (the difference since the last account). What does not
    /// fit in memory_limit is left uncharged as `debt` (charging it would leave the state no
    /// memory even to raise the error): while there is debt, `perform` refuses every call that
    /// could make the engine hold more. Returns whether everything is charged.
    @discardableResult func accountMemory() -> Bool {
        let want = heldBytes
        if want <= chargedBytes {
            _ = gl_charge_memory(ctx, Int64(want - chargedBytes), false)
            chargedBytes = want
            debt = 0
            return true
        }
        if gl_charge_memory(ctx, Int64(want - chargedBytes), false) {
            chargedBytes = want
            debt = 0
            return true
        }
        debt = want - chargedBytes
        return false
    }

    /// The error of a call refused (or made) while the engine holds more than memory_limit has room for.
    var memoryExceeded: LuaFailure {
        LuaFailure(
            "memory limit exceeded: the engine's boxes, undo history and unread events hold \(debt) bytes more than the state's memory_limit has room for (read the events with e:events(), clear the history or destroy boxes)"
        )
    }

    /// For one call on an engine the script made: max_boxes down to the boxes memory_limit has
    /// room for (the engine's own count as room) and history_bytes_limit down to half of what
    /// is free for the history (its own bytes count as free), never above the script's limits.
    func capToMemory() {
        guard owned, !closed, !hostGone, let i = info else { return }
        let free = gl_memory_free(ctx) - Int64(debt)
        guard gl_memory_free(ctx) >= 0 else { return }
        let room = Int(Swift.max(0, free))
        let boxRoom = (room + i.box_count * LuaLimits.bytesPerBox) / LuaLimits.bytesPerBox
        let maxBoxes = UInt32(clamping: Swift.max(1, Swift.min(Int(ownLimits.maxBoxes), boxRoom)))
        let historyRoom = (UInt64(room) + i.history_bytes) / 2
        let historyBytes = Swift.max(1, Swift.min(ownLimits.historyBytes, historyRoom))
        guard maxBoxes < ownLimits.maxBoxes || historyBytes < ownLimits.historyBytes else { return }
        if grip_engine_set_limits(ptr, maxBoxes, ownLimits.history, historyBytes) == GRIP_OK {
            capped = true
            cappedMaxBoxes = maxBoxes
        }
    }

    /// Puts back the limits `capToMemory` lowered.
    func uncap() {
        guard capped else { return }
        capped = false
        if !closed && !hostGone {
            _ = grip_engine_set_limits(ptr, ownLimits.maxBoxes, ownLimits.history, ownLimits.historyBytes)
        }
    }

    /// Reads the limits the script gave an engine it made.
    func readOwnLimits() {
        var d = grip_engine_desc()
        grip_engine_desc_init_sized(&d, MemoryLayout<grip_engine_desc>.size)
        guard grip_engine_describe(ptr, &d) == GRIP_OK else { return }
        ownLimits = (d.max_boxes, d.history_limit, d.history_bytes_limit)
    }

    /// The message of a call `capToMemory` made fail: the engine's, with why max_boxes was lower.
    func memoryMessage(_ engineMessage: String) -> String {
        "memory limit exceeded: \(engineMessage) (max_boxes lowered from \(ownLimits.maxBoxes) to \(cappedMaxBoxes): "
            + "the boxes of engines a script makes count \(LuaLimits.bytesPerBox) bytes each against memory_limit)"
    }
}

/// The operations a script may still call on an engine in memory debt (`LuaEngine.debt`): they
/// read, or give memory back.
func freesOrReads(_ op: Int) -> Bool {
    switch op {
    case Int(GL_OP_EVENT_NEXT), Int(GL_OP_EVENT_CHANGES), Int(GL_OP_HISTORY_CLEAR), Int(GL_OP_BOX_DESTROY),
        Int(GL_OP_ENGINE_DESCRIBE), Int(GL_OP_BOX_DESCRIBE), Int(GL_OP_BOX_STATE), Int(GL_OP_BOX_EXISTS),
        Int(GL_OP_BOXES), Int(GL_OP_QUERY), Int(GL_OP_SELECTION), Int(GL_OP_SELECTION_STATE), Int(GL_OP_HIT),
        Int(GL_OP_SCREEN_TO_WORLD), Int(GL_OP_WORLD_TO_SCREEN), Int(GL_OP_HISTORY_DEPTH),
        Int(GL_OP_HISTORY_RECORDING), Int(GL_OP_ENGINE_TIME), Int(GL_OP_GET_VIEW), Int(GL_OP_CANCEL_POINTERS),
        Int(GL_OP_SCENE_SAVE):
        return true
    default:
        return false
    }
}
