import SUntypedSignal

// The names Swift's Clang importer gives SSignalKit's `SAtomic` and `SBag` selectors, where
// they differ from SUntypedSignal's spelling; each forwards to the declaration its comment
// names.

extension SAtomic {
    /// `-value` as Swift imports it (a method, not a property): forwards to
    /// ``SAtomic/value``. Both spellings stay: `atomic.value()` calls this,
    /// `atomic.value` reads the property.
    public func value() -> Any? {
        value
    }
}

extension SBag {
    /// `-isEmpty` as Swift imports it (a method, not a property): forwards to
    /// ``SBag/isEmpty``. Both spellings stay: `bag.isEmpty()` calls this, `bag.isEmpty`
    /// reads the property.
    public func isEmpty() -> Bool {
        isEmpty
    }
}
