extension SDisposableSet {
    /// The number of entries currently held (test hook).
    package var count: Int {
        items.count
    }
}
