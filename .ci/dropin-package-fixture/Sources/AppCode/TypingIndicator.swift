import Foundation
import SwiftSignalKit

// The originals' everyday idioms, as Swift 5 app code writes them against SwiftSignalKit:
// qualified names (`SwiftSignalKit.Timer` beside Foundation's `Timer`), a timer kept in a
// `var` and changed inside its own completion, state set inside `Queue.async`.

/// Shows "typing" for a while after each keystroke, with a one-shot timer it replaces.
public final class TypingIndicator {
    private let queue: SwiftSignalKit.Queue
    private var timer: SwiftSignalKit.Timer?
    private let state = ValuePromise<Bool>(false, ignoreRepeated: true)

    public init(queue: SwiftSignalKit.Queue) {
        self.queue = queue
    }

    /// "typing" values, deduplicated.
    public var isTyping: SwiftSignalKit.Signal<Bool, NoError> {
        state.get()
    }

    /// A keystroke: typing now, and until `timeout` seconds pass without another.
    public func keystroke(timeout: Double) {
        queue.async {
            self.timer?.invalidate()
            self.state.set(true)
            self.timer = SwiftSignalKit.Timer(timeout: timeout, repeat: false, completion: {
                self.timer = nil
                self.state.set(false)
            }, queue: self.queue)
            self.timer?.start()
        }
    }
}

/// Counts `ticks` ticks of a repeating timer held in a local `var` that its own completion
/// invalidates and clears, then reports the count on `queue`.
public func countTicks(_ ticks: Int, every interval: Double, on queue: Queue, done: @escaping (Int) -> Void) {
    var count = 0
    var timer: SwiftSignalKit.Timer?
    timer = SwiftSignalKit.Timer(timeout: interval, repeat: true, completion: {
        count += 1
        if count == ticks {
            timer?.invalidate()
            timer = nil
            done(count)
        }
    }, queue: queue)
    timer?.start()
}

/// Loads `ids` through a cache on `queue`: state captured and changed inside `async`, a
/// signal built with a generator, `|>` operators, disposables.
public final class ProfileCache {
    private let queue = Queue(name: "ProfileCache")
    private var cached: [Int: String] = [:]
    private let disposables = DisposableSet()
    private let current = MetaDisposable()

    public init() {}

    deinit {
        disposables.dispose()
        current.dispose()
    }

    /// The profile named for `id`, from the cache after the first load.
    public func profile(_ id: Int) -> SwiftSignalKit.Signal<String, NoError> {
        Signal { subscriber in
            self.queue.async {
                if let name = self.cached[id] {
                    subscriber.putNext(name)
                    subscriber.putCompletion()
                    return
                }
                let name = "user\(id)"
                self.cached[id] = name
                subscriber.putNext(name)
                subscriber.putCompletion()
            }
            return EmptyDisposable
        }
    }

    /// The names of `ids`, combined, upper-cased, delivered on `queue`.
    public func names(_ ids: [Int], on queue: Queue, _ receive: @escaping ([String]) -> Void) {
        let signal = combineLatest(ids.map(profile)) |> map { $0.map { $0.uppercased() } } |> deliverOn(queue)
        current.set(signal.start(next: receive))
    }

    /// How many profiles are cached, read on the cache's queue.
    public func cachedCount(_ receive: @escaping (Int) -> Void) {
        var count = 0
        queue.async {
            count = self.cached.count
            receive(count)
        }
    }
}
