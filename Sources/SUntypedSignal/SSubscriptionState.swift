import SignalSync

/// The untyped face of `SubscriptionCore`: SSignalKit's lifetime rules.
enum UntypedSubscription: SubscriptionFace {
    typealias Value = Any?
    typealias Failure = Any?
    typealias Upstream = SDisposable

    @inline(__always)
    static func dispose(_ upstream: SDisposable) {
        upstream.dispose()
    }

    /// The handle keeps its own reference after a terminal event: disposing it after
    /// termination disposes the generator's disposable a second time, as in SSignalKit.
    static var terminationReleasesHandleReference: Bool { false }
}

/// The state of one untyped subscription, shared by the `SSubscriber` a generator sees
/// and the handle that `SSignal.start` returns (this object is that handle).
typealias SSubscriptionState = SubscriptionCore<UntypedSubscription>

extension SubscriptionCore: SDisposable where Face == UntypedSubscription {
    /// Hands over the generator's disposable, which may be nil: disposed at once if the
    /// subscription already ended, held otherwise.
    func assign(_ generated: SDisposable?) {
        if let generated {
            assign(generated)
        }
    }

    /// True once the subscription received a terminal event, was disposed or ended.
    var isTerminated: Bool {
        hasEnded
    }
}
