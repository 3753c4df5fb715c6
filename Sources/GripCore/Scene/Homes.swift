/// Home geometries: where a reset takes a box back to (the geometry it was created or last
/// configured with). A box's home is its geometry until the box first moves away from it; only
/// then is it kept aside, in `homes`, so creating boxes in numbers stores no second geometry
/// per box.
extension Scene {
    /// The home geometry of live slot `s`.
    func home(_ s: Int32) -> BoxGeometry {
        let i = slots[Int(s)].homeIndex
        return i < 0 ? slots[Int(s)].geometry : homes[Int(i)]
    }

    /// Makes `g` the home geometry of slot `s` (before `g` is committed as its geometry).
    mutating func setHome(_ s: Int32, _ g: BoxGeometry) {
        let i = slots[Int(s)].homeIndex
        if i >= 0 {
            homes[Int(i)] = g
        } else if !slots[Int(s)].geometry.sameBits(g) {
            // Its geometry is not `g` (yet): the home is kept aside.
            slots[Int(s)].homeIndex = storeHome(g)
        }
    }

    /// Keeps `g` in a free entry of `homes` and returns its index.
    @inline(never) mutating func storeHome(_ g: BoxGeometry) -> Int32 {
        if let i = freeHomes.popLast() {
            homes[Int(i)] = g
            return i
        }
        homes.append(g)
        return Int32(homes.count - 1)
    }

    /// Frees the home entry of slot `s` (a destroyed box), if it has one.
    mutating func releaseHome(_ s: Int32) {
        let i = slots[Int(s)].homeIndex
        guard i >= 0 else { return }
        freeHomes.append(i)
        slots[Int(s)].homeIndex = -1
    }
}
