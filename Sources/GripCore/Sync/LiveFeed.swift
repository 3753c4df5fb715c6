/// The ephemeral feed (`grip_feed_live`): where the boxes local interactions drive are now, for a
/// sync engine's awareness channel; never part of the document.
extension Engine {
    /// Calls `out` with each box a local interaction drives (its key, its parent's key, the
    /// gesture and its geometry now) and returns how many, or nil when nothing it would list
    /// changed since the previous call. Allocates nothing.
    public func liveBoxes(_ out: (Int, UInt64, UInt64, GestureKind, BoxID, BoxGeometry) -> Void) -> Int? {
        var n = 0
        for gi in interactions.indices where interactions[gi].drivesGeometry {
            n += interactions[gi].members.count
        }
        // (Presence is drawn but not listed: its changes are left out.)
        let version = scene.drawVersion &- sync.presenceBumps
        if sync.liveSerial == version && sync.liveCount == n { return nil }
        sync.liveSerial = version
        sync.liveCount = n
        var i = 0
        for gi in interactions.indices where interactions[gi].drivesGeometry {
            let g = interactions[gi]
            for k in 0..<g.members.count {
                guard let s = scene.slot(g.members.box(k)) else { continue }
                let r = scene[s]
                let p = r.parent >= 0 ? scene.id(r.parent) : BoxID.none
                out(i, sync.keys.key(s), r.parent >= 0 ? sync.keys.key(r.parent) : 0, g.kind.gesture, p, r.geometry)
                i += 1
            }
        }
        return i
    }
}
