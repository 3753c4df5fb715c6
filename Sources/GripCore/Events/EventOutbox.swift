/// The events waiting for the host, and the messages of the SCRIPT_ERROR events among them.
struct EventOutbox {
    var queue = EventQueue()
    /// Messages of queued SCRIPT_ERROR events, a bounded ring keyed by `Event.messageID`.
    private var scriptMessages: [(UInt32, String)] = []
    private var scriptMessageCounter: UInt32 = 0
    static let scriptMessageSlots = 256
    /// The steps of queued COMMITTED, UNDONE and REDONE events, oldest first, keyed by
    /// `Event.transactionID` (those events are never dropped, so the two stay in step).
    private var transactions: [(id: UInt32, step: Transaction)] = []
    private var transactionsHead = 0
    private var transactionCounter: UInt32 = 0
    /// Steps a script polled from the host's engine, waiting for the host's own poll (they
    /// reach the host whoever caused them), oldest first.
    var keptForHost: [(event: Event, step: Transaction)] = []
    var keptHead = 0

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

    /// Queues step event `e` (COMMITTED, UNDONE or REDONE) with the step it lists.
    mutating func pushTransaction(_ e: Event, _ step: Transaction) {
        var e = e
        transactionCounter &+= 1
        if transactionCounter == 0 { transactionCounter = 1 }
        e.transactionID = transactionCounter
        transactions.append((transactionCounter, step))
        queue.push(e)
    }

    /// The step of polled event `e`, removed with any older ones.
    mutating func takeTransaction(of e: Event) -> Transaction? {
        var found: Transaction? = nil
        while transactionsHead < transactions.count && found == nil {
            let t = transactions[transactionsHead]
            transactionsHead += 1
            if t.id == e.transactionID { found = t.step }
        }
        if transactionsHead == transactions.count {
            transactions.removeAll(keepingCapacity: true)
            transactionsHead = 0
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
    /// Queues an event for box slot `s` (its user data filled in).
    func emit(
        _ kind: EventKind, _ gesture: GestureKind = .none, slot s: Int32, handle: HandleID = .none,
        pointer: UInt32 = 0, at position: Vec2 = .zero
    ) {
        outbox.push(
            Event(
                kind: kind, gesture: gesture, box: scene.id(s), userData: scene.slots[Int(s)].userData,
                handle: handle, pointer: pointer, time: time, position: position))
    }

    /// Queues SCRIPT_ERROR for slot `s` with `failure`'s message.
    func hookFailed(_ failure: HookFailure, slot s: Int32, handle: HandleID = .none) {
        let e = Event(
            kind: .scriptError, box: scene.id(s), userData: scene.slots[Int(s)].userData,
            handle: handle, time: time)
        outbox.pushScriptError(e, message: failure.message)
    }

    /// Queues step `t` as event `kind` (COMMITTED, UNDONE or REDONE).
    func emitTransaction(_ kind: EventKind, _ t: Transaction) {
        var userData: UInt64 = 0
        let box = t.eventBox
        if box != .selection, let s = scene.slot(box) { userData = scene.slots[Int(s)].userData }
        outbox.pushTransaction(Event(kind: kind, gesture: t.gesture, box: box, userData: userData, time: time), t)
    }

    /// Removes and returns the oldest event, or nil when there is none. For SCRIPT_ERROR the
    /// hook's message is then in `polledMessage`; for COMMITTED, UNDONE and REDONE the step is in
    /// `polledTransaction` (nil after any other event). With `keepingSteps` (a script polling
    /// the host's engine) those three are also kept for the host's own poll, which returns them
    /// first.
    @_optimize(speed) public func pollEvent(keepingSteps: Bool = false) -> Event? {
        if polledTransaction != nil { polledTransaction = nil }
        if !keepingSteps && !outbox.keptForHost.isEmpty {
            let k = outbox.keptForHost[outbox.keptHead]
            outbox.keptHead += 1
            if outbox.keptHead == outbox.keptForHost.count { outbox.keptForHost.removeAll(); outbox.keptHead = 0 }
            polledMessage = nil
            polledTransaction = k.step
            return k.event
        }
        guard let e = outbox.queue.pop() else { return nil }
        polledMessage = e.messageID != 0 ? outbox.message(e.messageID) : nil
        if e.transactionID != 0 {
            polledTransaction = outbox.takeTransaction(of: e)
            if keepingSteps, let t = polledTransaction { outbox.keptForHost.append((e, t)) }
        }
        return e
    }
}
