/// The cached world transforms, computed in place in the records (the storage room's run of
/// reads and writes through record addresses: a parent's record and its child's at once).
extension Scene {
    /// Box space -> world for `s`, computed from the nearest valid ancestor down and cached.
    @_optimize(speed) @inline(__always) mutating func world(_ s: Int32) -> Affine {
        let r = slots.address(Int(s))
        if r.pointee.worldValid { return r.pointee.world }
        return staleWorld(s)
    }

    /// `world(s)` for a box whose cached transform is stale.
    @_optimize(speed) mutating func staleWorld(_ s: Int32) -> Affine {
        slots.makeUniqueForWrites()
        return staleWorldInPlace(s)
    }

    /// `staleWorld(s)`, the slots made unique for writes.
    @_optimize(speed) @inline(__always) mutating func staleWorldInPlace(_ s: Int32) -> Affine {
        // The common case: only this box is stale (its parent is valid, or it is top level).
        let r = slots.address(Int(s))
        let p0 = r.pointee.parent
        if p0 < 0 {
            let m = Affine.identity * local(r)
            if r.pointee.cacheWorld(m) { worldTurns &+= 1 }
            return m
        }
        let p = slots.address(Int(p0))
        if p.pointee.worldValid {
            let m = p.pointee.world * local(r)
            if r.pointee.cacheWorld(m) { worldTurns &+= 1 }
            return m
        }
        return worldAlongPath(s)
    }

    /// `world(s)` for a box whose parent's transform is stale too: computed from the nearest
    /// valid ancestor down, caching each.
    @_optimize(speed) private mutating func worldAlongPath(_ s: Int32) -> Affine {
        pathScratch.truncate(to: 0)
        var p = s
        while p >= 0 && !slots[Int(p)].worldValid {
            pathScratch.append(p)
            p = slots[Int(p)].parent
        }
        var m = p >= 0 ? slots[Int(p)].world : Affine.identity
        while let x = pathScratch.popLast() {
            m = m * local(x)
            if slots[Int(x)].cacheWorld(m) { worldTurns &+= 1 }
        }
        return m
    }

    /// Box space -> parent space for `s`, from the sine and cosine of its rotation kept since the
    /// rotation last changed (a move changes only the centre).
    @inline(__always) mutating func local(_ s: Int32) -> Affine {
        slots.makeUniqueForWrites()
        return local(slots.address(Int(s)))
    }

    /// `local(s)` for the record at `r`, in storage made unique for writes.
    @inline(__always) private func local(_ r: UnsafeMutablePointer<BoxRecord>) -> Affine {
        let rotation = r.pointee.geometry.rotation
        if rotation != r.pointee.sinCosAngle {
            let (sine, cosine) = Trig.sinCos(rotation)
            r.pointee.cacheSinCos(of: rotation, sine, cosine)
        }
        return r.pointee.geometry.local(sine: r.pointee.sine, cosine: r.pointee.cosine)
    }
}

extension Scene {
    /// `world(s)` in a run opened by `openInPlaceRun`, `r` being slot `s`'s record (a stale
    /// transform is computed without the uniqueness check).
    @inline(__always) mutating func worldInRun(_ s: Int32, _ r: RecordRef) -> Affine {
        r.record.worldValid ? r.record.world : staleWorldInPlace(s)
    }
}
