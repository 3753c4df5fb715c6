/// What a polled COMMITTED, UNDONE or REDONE event lists.
enum PolledStep {
    /// The event lists no step.
    case absent
    /// Its changes were dropped while it waited unread (the unread steps held too many bytes).
    case dropped
    case step(Transaction)
}

/// The events waiting for the host, and the messages of the SCRIPT_ERROR events among them.
struct EventOutbox {
    var queue = EventQueue()
    /// Messages of queued SCRIPT_ERROR events, a bounded ring keyed by `Event.messageID`.
    private var scriptMessages: [(UInt32, String)] = []
    private var scriptMessageCounter: UInt32 = 0
    static let scriptMessageSlots = 256
    /// The steps of queued COMMITTED, UNDONE and REDONE events, oldest first, keyed by
    /// `Event.transactionID` (those events are never dropped, so the two stay in step). A step
    /// is nil once `pushTransaction` dropped its changes to keep the unread steps within bounds.
    private var transactions: [(id: UInt32, step: Transaction?)] = []
    private var transactionsHead = 0
    private var transactionCounter: UInt32 = 0
    /// The bytes the steps of `transactions` hold (`History.bytes(of:)` summed).
    private var transactionBytes: UInt64 = 0

    /// The bytes the waiting events and the steps they list hold.
    var bytes: UInt64 {
        UInt64(queue.count) * UInt64(MemoryLayout<Event>.stride) + transactionBytes
    }
    /// Queues `e`.
    @inline(__always) mutating func push(_ e: Event) { queue.push(e) }

    /// Queues SCRIPT_ERROR event `e` with its hook's `message`.
    mutating func pushScriptError(_ e: Event, message: String) {
        var e = e
        scriptMessageCounter &+= 1
        if scriptMessageCounter == 0 { scriptMessageCounter = 1 }
        e.messageID = scriptMessageCounter
        let slot = Int(scriptMessageCounter % UInt32(EventOutbox.scriptMessageSlots))
        if scriptMessages.count < EventOutbox.scriptMessageSlots {
            scriptMessages.append(
                contentsOf: repeatElement((0, ""), count: EventOutbox.scriptMessageSlots - scriptMessages.count))
        }
        scriptMessages[slot] = (scriptMessageCounter, message)
        queue.push(e)
    }

    /// Queues step event `e` (COMMITTED, UNDONE or REDONE) with the step it lists. When the
    /// unread steps then hold more than `byteLimit` bytes, the oldest of them lose their changes
    /// (their events stay queued; `takeTransaction` reports them dropped), the newest never.
    mutating func pushTransaction(_ e: Event, _ step: Transaction, byteLimit: UInt64) {
        var e = e
        transactionCounter &+= 1
        if transactionCounter == 0 { transactionCounter = 1 }
        e.transactionID = transactionCounter
        transactions.append((transactionCounter, step))
        transactionBytes += History.bytes(of: step)
        var k = transactionsHead
        while transactionBytes > byteLimit && k < transactions.count - 1 {
            if let old = transactions[k].step {
                transactionBytes -= History.bytes(of: old)
                transactions[k].step = nil
            }
            k += 1
        }
        queue.push(e)
    }

    /// The step of polled event `e`, removed with any older ones: `.dropped` when its changes
    /// were dropped unread, `.absent` when `e` lists no step.
    mutating func takeTransaction(of e: Event) -> PolledStep {
        var found = PolledStep.absent
        while transactionsHead < transactions.count, case .absent = found {
            let t = transactions[transactionsHead]
            transactionsHead += 1
            if let step = t.step { transactionBytes -= History.bytes(of: step) }
            if t.id == e.transactionID { found = t.step.map { .step($0) } ?? .dropped }
        }
        if transactionsHead == transactions.count {
            transactions.removeAll(keepingCapacity: true)
            transactionsHead = 0
            transactionBytes = 0
        }
        return found
    }

    /// The message of the queued SCRIPT_ERROR event with `messageID` (one too many queued since
    /// has overwritten it: a note saying so).
    func message(_ messageID: UInt32) -> String {
        let m = scriptMessages[Int(messageID % UInt32(EventOutbox.scriptMessageSlots))]
        return m.0 == messageID ? m.1 : "script error (message dropped: too many queued)"
    }
}

extension Engine {
    /// Queues `e` for whoever reads the engine's events now: the guest while `capturing`.
    @inline(__always) func queue(_ e: Event) {
        if capturing { guestOutbox.push(e) } else { outbox.push(e) }
    }

    /// Queues an event for box slot `s` (its user data filled in).
    func emit(
        _ kind: EventKind, _ gesture: GestureKind = .none, slot s: Int32, handle: HandleID = .none,
        pointer: UInt32 = 0, at position: Vec2 = .zero
    ) {
        queue(
            Event(
                kind: kind, gesture: gesture, box: scene.id(s), userData: scene[s].userData,
                handle: handle, pointer: pointer, time: time, position: position))
    }

    /// Queues SCRIPT_ERROR for slot `s` with `failure`'s message.
    func hookFailed(_ failure: HookFailure, slot s: Int32, handle: HandleID = .none) {
        let e = Event(
            kind: .scriptError, box: scene.id(s), userData: scene[s].userData,
            handle: handle, time: time)
        if capturing {
            guestOutbox.pushScriptError(e, message: failure.message)
        } else {
            outbox.pushScriptError(e, message: failure.message)
        }
    }

    /// Queues step `t` as event `kind` (COMMITTED, UNDONE or REDONE): for the host always, and for
    /// the guest too while `capturing` (a step reaches the host whoever caused it).
    func emitTransaction(_ kind: EventKind, _ t: Transaction) {
        var userData: UInt64 = 0
        let box = t.eventBox
        if box != .selection, let s = scene.slot(box) { userData = scene[s].userData }
        let e = Event(kind: kind, gesture: t.gesture, box: box, userData: userData, time: time)
        outbox.pushTransaction(e, t, byteLimit: config.historyBytesLimit)
        if capturing { guestOutbox.pushTransaction(e, t, byteLimit: config.historyBytesLimit) }
        feedStep(kind, t)
    }

    /// Removes and returns the oldest event of the host's queue (or, with `guest`, of the guest's),
    /// or nil when there is none. For SCRIPT_ERROR the hook's message is then in `polledMessage`;
    /// for COMMITTED, UNDONE and REDONE the step is in `polledTransaction` (nil after any other
    /// event).
    @_optimize(speed) public func pollEvent(guest: Bool = false) -> Event? {
        if polledTransaction != nil { polledTransaction = nil }
        polledStepDropped = false
        if guest { return Engine.poll(&guestOutbox, &polledMessage, &polledTransaction, &polledStepDropped) }
        return Engine.poll(&outbox, &polledMessage, &polledTransaction, &polledStepDropped)
    }

    @inline(__always) private static func poll(
        _ box: inout EventOutbox, _ message: inout String?, _ step: inout Transaction?, _ dropped: inout Bool
    ) -> Event? {
        guard let e = box.queue.pop() else { return nil }
        message = e.messageID != 0 ? box.message(e.messageID) : nil
        if e.transactionID != 0 {
            switch box.takeTransaction(of: e) {
            case .step(let t): step = t
            case .dropped: dropped = true
            case .absent: break
            }
        }
        return e
    }
}
