import SignalSync

/// The subscriptions of the test signals it is given to: when each began and ended, in
/// ticks.
///
/// Pass one to ``SignalTestScheduler/cold(_:values:error:errors:subscriptions:fileID:filePath:line:column:)`` (or any
/// other maker of test signals) to check that an operator subscribes and disposes its
/// sources when it should:
///
/// ```swift
/// let log = SubscriptionLog()
/// let source: Signal<Int, NoError> = scheduler.cold("-1-2-3", subscriptions: log)
/// let recorder = scheduler.record(source |> take(2))
/// scheduler.advance(ticks: 5)
/// #expect(log.subscriptions == [TestSubscription(subscribed: 0, disposed: 3)])
/// ```
public final class SubscriptionLog: Sendable {
    private let entries = LockedState<[TestSubscription]>([])
    private let observer: (@Sendable (SubscriptionLog.Change) -> Void)?

    /// A change of the log, as its observer sees it.
    public enum Change: Sendable, Equatable {
        /// Subscription number `index` (from 0) began.
        case subscribed(index: Int)
        /// Subscription number `index` was disposed.
        case disposed(index: Int)
    }

    /// An empty log; `observer`, if given, is called (outside the log's lock) at every
    /// subscribe and dispose, before the subscription's first events.
    public init(observer: (@Sendable (SubscriptionLog.Change) -> Void)? = nil) {
        self.observer = observer
    }

    /// Every subscription so far, in the order they began.
    public var subscriptions: [TestSubscription] {
        entries.withLock { $0 }
    }

    /// Records a subscription beginning at `tick`; returns its index.
    func subscribed(atTick tick: Int) -> Int {
        let index = entries.withLock { entries -> Int in
            entries.append(TestSubscription(subscribed: tick, disposed: nil))
            return entries.count - 1
        }
        observer?(.subscribed(index: index))
        return index
    }

    /// Records the end of subscription `index` at `tick` (once).
    func disposed(_ index: Int, atTick tick: Int) {
        let first = entries.withLock { entries -> Bool in
            guard entries[index].disposed == nil else { return false }
            entries[index] = TestSubscription(subscribed: entries[index].subscribed, disposed: tick)
            return true
        }
        if first { observer?(.disposed(index: index)) }
    }
}

/// One subscription to a test signal: the tick it began and the tick it was disposed
/// (`nil` while it runs).
public struct TestSubscription: Hashable, Sendable, CustomStringConvertible {
    /// The tick the subscription began.
    public let subscribed: Int
    /// The tick the subscription was disposed, or `nil`.
    public let disposed: Int?

    /// A subscription from `subscribed` to `disposed`.
    public init(subscribed: Int, disposed: Int?) {
        self.subscribed = subscribed
        self.disposed = disposed
    }

    /// `0...3`, or `0...` while it runs.
    public var description: String {
        "\(subscribed)...\(disposed.map(String.init) ?? "")"
    }
}
