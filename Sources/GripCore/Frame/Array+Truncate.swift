extension Array {
    /// Drops elements past the first `n`, keeping the capacity.
    @inlinable mutating func truncate(to n: Int) {
        if count > n { removeLast(count - n) }
    }
}
