/// The memory the engine's unread events hold, what a script host counts against a script's
/// memory budget with `historyBytes` (History/Commits.swift); `setLimits` bounds both.
extension Engine {
    /// The bytes the events waiting in both queues hold, with the steps the COMMITTED, UNDONE and
    /// REDONE among them list (a step the history holds too is counted again: an upper bound),
    /// and the unread changes of the change feed.
    public var unreadEventBytes: UInt64 {
        outbox.bytes + guestOutbox.bytes + UInt64(sync.feed.count) * UInt64(MemoryLayout<FeedChange>.stride)
    }
}
