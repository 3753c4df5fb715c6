/// What the engine keeps for sharing its scene with other peers (docs/multiplayer.md): the box
/// keys, the change feed not read yet, and what the ephemeral feed last listed.
struct SyncState {
    var keys = KeyTable()
    /// Changes kept unread at most; 0: the feed is off.
    var feedLimit = 0
    var feed: [FeedChange] = []
    /// Changes were lost since the last read (the limit was reached).
    var overflowed = false
    /// Set while `applyRemote` runs: its changes stay out of the feed and the history.
    var applying = false
    /// The frame serial and interaction count when `liveBoxes` last answered (nil: never).
    var liveSerial: UInt64? = nil
    var liveCount = -1
    /// Per slot: its place in draw order, filled when a step's changes are sorted.
    var places: [Int32] = []
    /// Other peers' values of fields a local gesture drives, held until it ends: a cancel puts
    /// them in, a commit drops them (its local values win).
    var pending: [RemoteHold] = []
    /// Other peers' presence, in increasing peer id order, and how many times it changed (each a
    /// bump of the draw version the ephemeral feed leaves out).
    var presence: [PeerPresence] = []
    var presenceBumps: UInt64 = 0
    /// The overlay built last has presence commands.
    var presenceDrawn = false
}

/// Fields of a box another peer set while a local gesture drove them.
struct RemoteHold {
    var box: BoxID
    var fields: UInt32
    var geometry: BoxGeometry
}
