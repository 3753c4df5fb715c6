/// What a remote change (Sync/RemoteApply.swift) does to a local interaction in progress: a box
/// destroyed remotely leaves it (the rest of a group goes on; an interaction of that box alone
/// ends), and the remote values of the fields it does not drive go into its snapshots.
extension Engine {
    /// The interaction driving box `id` (not a marquee or a long press) and the box's place among its members.
    func interaction(moving id: BoxID) -> (Int, Int)? {
        for gi in interactions.active.indices where interactions.active[gi].drivesGeometry {
            let m = interactions.active[gi].members
            for k in 0..<m.count where m.box(k) == id { return (gi, k) }
        }
        return nil
    }

    /// Takes member `k` out of interaction `gi`: the rest of a group goes on (a group's box
    /// leaves the selection); an interaction of that box alone ends where it is, a gesture with
    /// CANCELLED, its pointer driving nothing until it is released.
    func dropMember(_ k: Int, of gi: Int) {
        let id = interactions.active[gi].members.box(k)
        let count = interactions.active[gi].members.count, group = interactions.active[gi].group
        let gesture = interactions.active[gi].kind.gesture
        if count > 1 {
            if k == 0 {
                interactions.active[gi].members.first = interactions.active[gi].members.rest.removeFirst()
            } else {
                interactions.active[gi].members.rest.remove(at: k - 1)
            }
            if group && selection.members.contains(id) { setSelection(selection.members.filter { $0 != id }) }
        } else {
            let pointer = interactions.active[gi].pointer, handle = interactions.active[gi].activeHandle
            let isGesture = interactions.active[gi].isGesture
            interactions.active.remove(at: gi)
            input.pointers.update(pointer) { $0.role = .ignored }
            if let s = scene.slot(id) {
                scene.restyle(s)
                if isGesture { emit(.gestureCancelled, gesture, slot: s, handle: handle, pointer: pointer) }
            }
            scene.drawnStateChanged()
        }
    }

    /// Remote values `after` of fields `free` (FeedField bits), which interaction `gi` does not
    /// drive, taken into member `k`'s snapshots (and the frame, when the member is the frame).
    func takeRemote(_ after: BoxGeometry, fields free: UInt32, intoMember k: Int, of gi: Int) {
        var m = interactions.active[gi].members[k]
        m.start = FeedField.merged(m.start, after, free)
        m.current = FeedField.merged(m.current, after, free)
        interactions.active[gi].members[k] = m
        if k == 0 && interactions.active[gi].frameIsMember {
            interactions.active[gi].frame = FeedField.merged(interactions.active[gi].frame, after, free)
        }
    }
}
