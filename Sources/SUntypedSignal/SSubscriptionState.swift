import SignalSync

/// The state of one untyped subscription, shared by the `SSubscriber` a generator sees
/// and the handle that `SSignal.start` returns (this object is that handle).
typealias SSubscriptionState = SubscriptionCore<Any?, Any?, SSignalKitRules>

extension SubscriptionCore: SDisposable where Face == SSignalKitRules {
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
