extension Array {
    /// Drops elements past the first `n`, keeping the capacity. One cheap `removeLast()` per
    /// element: for the few elements a frame update drops this beats the generic range removal.
    @inlinable mutating func truncate(to n: Int) {
        while count > n { removeLast() }
    }
}
