import STypedSignal
import SUntypedSignal

/// One object that is both kinds of disposable, forwarding to the one it wraps.
final class BridgedDisposable: Disposable, SDisposable, @unchecked Sendable {
    // Safety: immutable; the wrapped disposables are thread-safe by contract.
    private let action: () -> Void
    let typed: Disposable?
    let untyped: SDisposable?

    init(typed: Disposable) {
        self.typed = typed
        untyped = nil
        action = typed.dispose
    }

    init(untyped: SDisposable) {
        self.untyped = untyped
        typed = nil
        action = untyped.dispose
    }

    func dispose() {
        action()
    }
}

extension Disposable {
    /// This disposable as an `SDisposable`: disposing either disposes the same
    /// resource. Converting back returns the original object.
    public func toUntyped() -> SDisposable {
        if let bridged = self as? BridgedDisposable, let untyped = bridged.untyped {
            return untyped
        }
        if let both = self as? SDisposable {
            return both
        }
        return BridgedDisposable(typed: self)
    }
}

extension SDisposable {
    /// This disposable as a `Disposable`: disposing either disposes the same resource.
    /// Converting back returns the original object.
    public func toTyped() -> Disposable {
        if let bridged = self as? BridgedDisposable, let typed = bridged.typed {
            return typed
        }
        if let both = self as? Disposable {
            return both
        }
        return BridgedDisposable(untyped: self)
    }
}
