/// The change feed (`grip_feed_read`): every change to the document, local gestures' and the
/// host's, undo's and redo's, as `FeedChange`s in the order they happened, kept until read up to
/// a limit. A gesture reaches it once, at its commit, so pointer moves cost it nothing. Changes
/// `applyRemote` makes stay out of it.
extension Engine {
    /// Whether changes go into the feed now.
    @inline(__always) var feedTaking: Bool { sync.feedLimit > 0 && !sync.applying }

    /// Starts the feed keeping at most `limit` unread changes (1 ... 2^20), or stops it (0),
    /// dropping what is unread.
    public func enableFeed(limit: Int) throws(GripError) {
        guard limit >= 0 && limit <= 1 << 20 else { throw .arg("feed limit \(limit) is outside 0 ... 1048576") }
        sync.feedLimit = limit
        sync.overflowed = false
        if limit == 0 { sync.feed = [] }
    }

    /// Takes the oldest `max` unread changes (fewer when there are fewer), and whether changes
    /// were lost since the last read.
    public func readFeed(max: Int, into out: (Int, FeedChange) -> Void) -> (count: Int, overflowed: Bool) {
        let n = Swift.min(max, sync.feed.count)
        for i in 0..<n { out(i, sync.feed[i]) }
        sync.feed.removeFirst(n)
        let lost = sync.overflowed
        sync.overflowed = false
        return (n, lost)
    }

    /// The unread changes, oldest first (for tests and bindings that read them whole).
    public var unreadFeed: [FeedChange] { sync.feed }

    private func feedAppend(_ c: FeedChange) {
        if sync.feed.count >= sync.feedLimit {
            sync.overflowed = true
            return
        }
        sync.feed.append(c)
    }

    /// The key of live slot `s`'s parent (0: top level) and of the sibling drawn before it.
    private func placeKeys(_ s: Int32) -> (parent: UInt64, below: UInt64) {
        let r = scene[s]
        return (r.parent >= 0 ? sync.keys.key(r.parent) : 0, r.prevSibling >= 0 ? sync.keys.key(r.prevSibling) : 0)
    }

    /// A change of live slot `s` as it is now.
    private func feedLive(
        _ kind: FeedChange.Kind, _ origin: FeedChange.Origin, _ gesture: GestureKind, _ s: Int32,
        before: BoxGeometry, beforeParent: BoxID, fields: UInt32
    ) {
        let k = placeKeys(s)
        let r = scene[s]
        feedAppend(
            FeedChange(
                kind: kind, origin: origin, fields: fields, gesture: gesture, key: sync.keys.key(s),
                parentKey: k.parent,
                belowKey: k.below, before: before, after: r.geometry, beforeParent: beforeParent,
                afterParent: r.parent >= 0 ? scene.id(r.parent) : .none, behavior: scene.behavior(s)))
    }

    /// Box `s` was destroyed (its slot keeps its key), as it was: `before`.
    private func feedDestroyed(_ s: Int32, _ origin: FeedChange.Origin, _ gesture: GestureKind, _ before: BoxSnapshot) {
        feedAppend(
            FeedChange(
                kind: .destroyed, origin: origin, fields: 0, gesture: gesture, key: sync.keys.key(s),
                before: before.geometry, beforeParent: before.parent, behavior: before.behavior))
    }

    /// The fields in which live box `s` differs from `before`.
    private func changedFields(_ s: Int32, from before: BoxSnapshot) -> UInt32 {
        let r = scene[s]
        var f = FeedField.differing(before.geometry, r.geometry)
        if before.parent != (r.parent >= 0 ? scene.id(r.parent) : .none) { f |= FeedField.parent | FeedField.order }
        if before.order != r.order { f |= FeedField.order }
        if !before.behavior.sameShared(scene.behavior(s)) { f |= FeedField.behavior }
        return f
    }

    /// Box `id` as a host edit outside a recorded step finds it, when the feed takes the edit.
    @inline(__always) func feedBeforeHostEdit(_ id: BoxID) -> BoxSnapshot? {
        feedTaking && recording == nil ? feedSnapshot(id) : nil
    }

    /// `snapshot(id)`, out of line: the host edits that take it are many.
    @inline(never) private func feedSnapshot(_ id: BoxID) -> BoxSnapshot { snapshot(id) }

    /// The host's edit of box `id`, which was `before`, is done.
    @inline(never) func feedHostEdit(_ id: BoxID, _ before: BoxSnapshot?) {
        guard let before, let s = scene.slot(id) else { return }
        let f = changedFields(s, from: before)
        if f != 0 {
            feedLive(.changed, .host, .none, s, before: before.geometry, beforeParent: before.parent, fields: f)
        }
    }

    /// The host created live box `s` outside a recorded step.
    @inline(never) func feedHostCreated(_ s: Int32) {
        guard feedTaking && recording == nil else { return }
        feedLive(.created, .host, .none, s, before: .absent, beforeParent: .none, fields: FeedField.all)
    }

    /// The host is about to destroy the live slots `doomed` (a subtree, root first) outside a
    /// recorded step.
    @inline(never) func feedHostDestroying(_ doomed: [Int32]) {
        guard feedTaking && recording == nil else { return }
        for s in doomed { feedDestroyed(s, .host, .none, snapshot(scene.id(s))) }
    }

    /// Step `t`, just committed, undone or redone (`kind`), into the feed.
    @inline(never) func feedStep(_ kind: EventKind, _ t: Transaction) {
        guard feedTaking else { return }
        let origin: FeedChange.Origin =
            kind == .undone ? .undo : kind == .redone ? .redo : t.gesture == .host ? .host : .gesture
        if !t.isRecorded {
            for i in t.changes.indices {
                let c = t.changes[i]
                guard let s = scene.slot(c.box) else { continue }
                let f = FeedField.differing(c.before, c.after)
                if f != 0 {
                    feedLive(.changed, origin, t.gesture, s, before: c.before, beforeParent: c.parent, fields: f)
                }
            }
            return
        }
        // Boxes that exist after the step in draw order (a parent and the sibling before a box
        // come before it, so a peer applying them in turn finds both), then the destroyed ones.
        // Each live box of the step carries its index + 1 in `places` while the scene is walked
        // in draw order once (one walk however many boxes the step holds).
        if sync.places.count < scene.slotCount {
            sync.places.append(contentsOf: repeatElement(0, count: scene.slotCount - sync.places.count))
        }
        var living = 0
        for k in t.states.indices {
            guard let s = scene.slot(t.states[k].box) else { continue }
            sync.places[Int(s)] = Int32(k + 1)
            living += 1
        }
        var x = living > 0 ? scene.firstInDrawOrder : nil
        while let s = x, living > 0 {
            x = Engine.nextDrawn(s, of: &scene)
            let k = Int(sync.places[Int(s)]) - 1
            guard k >= 0 else { continue }
            sync.places[Int(s)] = 0
            living -= 1
            let st = t.states[k]
            if !st.before.exists {
                feedLive(.created, origin, t.gesture, s, before: .absent, beforeParent: .none, fields: FeedField.all)
                continue
            }
            let f = changedFields(s, from: st.before)
            if f != 0 {
                feedLive(
                    .changed, origin, t.gesture, s, before: st.before.geometry, beforeParent: st.before.parent,
                    fields: f)
            }
        }
        for st in t.states where st.before.exists && scene.slot(st.box) == nil {
            let s = st.box.index
            if s >= 0 && Int(s) < scene.slotCount && scene[s].generation == st.box.generation {
                feedDestroyed(s, origin, t.gesture, st.before)
            }
        }
    }
}

extension Engine {
    /// `scene.nextInDrawOrder(s)`, borrowing the scene in place (called on the engine's property,
    /// the method gets a copy of the whole Scene).
    static func nextDrawn(_ s: Int32, of scene: inout Scene) -> Int32? { scene.nextInDrawOrder(s) }

    /// `scene.collectSubtree(root, into: &out)`, borrowing the scene in place.
    static func subtree(_ root: Int32, of scene: inout Scene, into out: inout [Int32]) {
        scene.collectSubtree(root, into: &out)
    }
}
