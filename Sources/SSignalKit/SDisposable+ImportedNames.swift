import SUntypedSignal

// The names Swift's Clang importer gives SSignalKit's disposable and subscriber selectors,
// where they differ from SUntypedSignal's spelling; each forwards to the declaration its
// comment names.

extension SBlockDisposable {
    /// `initWithBlock:` as Swift imports it: forwards to ``SBlockDisposable/init(_:)``.
    ///
    /// Disfavored, so that `SBlockDisposable { ... }` (a trailing closure, which could fill
    /// either initializer) keeps meaning `init(_:)`; the two are the same.
    @_disfavoredOverload @preconcurrency
    public convenience init(block: (@Sendable () -> Void)?) {
        self.init(block)
    }
}

extension SSubscriber {
    /// `-_assignDisposable:` as Swift imports it (a method of the original's header that
    /// `SSignal` uses to hand the generator's disposable over): disposes `disposable` at
    /// once when the subscriber has already terminated, stores it otherwise. Forwards to
    /// SUntypedSignal's package-level `assignDisposable(_:)`.
    public func _assign(_ disposable: SDisposable?) {
        assignDisposable(disposable)
    }

    /// `-_markTerminatedWithoutDisposal` as Swift imports it (a method of the original's
    /// header that a handle's disposal uses): ends the subscription without a callback and
    /// without disposing the stored disposable. Forwards to SUntypedSignal's package-level
    /// `markTerminatedWithoutDisposal()`.
    public func _markTerminatedWithoutDisposal() {
        markTerminatedWithoutDisposal()
    }
}
