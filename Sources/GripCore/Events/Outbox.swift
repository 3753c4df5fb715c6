/// The events waiting for the host, and the messages of the SCRIPT_ERROR events among them.
struct EventOutbox {
    var queue = EventQueue()
    /// Messages of queued SCRIPT_ERROR events, a bounded ring keyed by `Event.messageID`.
    private var scriptMessages: [(UInt32, String)] = []
    private var scriptMessageCounter: UInt32 = 0
    static let scriptMessageSlots = 256

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
            scriptMessages.append(contentsOf: repeatElement((0, ""), count: EventOutbox.scriptMessageSlots - scriptMessages.count))
        }
        scriptMessages[slot] = (scriptMessageCounter, message)
        queue.push(e)
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
    func emit(_ kind: EventKind, _ gesture: GestureKind = .none, slot s: Int32, handle: HandleID = .none,
                                pointer: UInt32 = 0, at position: Vec2 = .zero) {
        outbox.push(Event(kind: kind, gesture: gesture, box: scene.id(s), userData: scene.slots[Int(s)].behavior.userData,
                          handle: handle, pointer: pointer, time: time, position: position))
    }

    /// Queues SCRIPT_ERROR for slot `s` with `failure`'s message.
    func hookFailed(_ failure: HookFailure, slot s: Int32, handle: HandleID = .none) {
        let e = Event(kind: .scriptError, box: scene.id(s), userData: scene.slots[Int(s)].behavior.userData,
                      handle: handle, time: time)
        outbox.pushScriptError(e, message: failure.message)
    }

    /// Removes and returns the oldest event, or nil when there is none. For SCRIPT_ERROR the
    /// hook's message is then in `polledMessage`.
    @_optimize(speed) public func pollEvent() -> Event? {
        guard let e = outbox.queue.pop() else { return nil }
        polledMessage = e.messageID != 0 ? outbox.message(e.messageID) : nil
        return e
    }
}
