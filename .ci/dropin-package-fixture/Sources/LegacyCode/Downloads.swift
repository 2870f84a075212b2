import Foundation
import SSignalKit

// The untyped API's idioms as Swift 5 code writes them against SSignalKit: the names Swift
// gives its Objective-C selectors (`SSignal(generator:)`, `deliver(on:)`, `SQueue.main()`,
// `SBlockDisposable(block:)`, an optional handle from `start`), state set inside `dispatch`.

/// A download's progress, as an `SVariable` fed by a pipe, with a timer that gives up.
public final class DownloadProgress {
    private let queue = SQueue()
    private let pipe = SPipe()
    private let variable = SVariable()
    private var finished = false
    private var timeoutTimer: STimer?

    public init() {
        variable.set(pipe.signal())
    }

    /// The latest progress, replayed to each subscriber.
    public var progress: SSignal {
        variable.signal()
    }

    /// Reports `value` (0...1) on the download's queue.
    public func report(_ value: Double) {
        queue.dispatch {
            guard !self.finished else { return }
            self.pipe.putNext(value)
            if value >= 1 {
                self.finished = true
            }
        }
    }

    /// Gives up after `seconds` unless finished: reports -1.
    public func giveUp(after seconds: Double) {
        var fired = false
        timeoutTimer = STimer(timeout: seconds, repeat: false, completion: {
            fired = true
            if fired && !self.finished {
                self.finished = true
                self.pipe.putNext(-1.0)
            }
            self.timeoutTimer = nil
        }, queue: queue)
        timeoutTimer?.start()
    }
}

/// Doubles every number of `source`, keeping the numbers only.
public func doubledNumbers(_ source: SSignal) -> SSignal {
    source.filter { $0 is Int }.map { ($0 as! Int) * 2 }
}

/// A signal that counts to `count` on `queue`, built from a generator.
public func counting(to count: Int, on queue: SQueue) -> SSignal {
    SSignal(generator: { subscriber in
        var sent = 0
        queue.dispatch {
            while sent < count {
                sent += 1
                subscriber.putNext(sent)
            }
            subscriber.putCompletion()
        }
        return SBlockDisposable(block: {})
    })
}

/// The latest progress of `download`, delivered on `queue` after `delay` seconds, as a
/// string; the handle is optional, as the Objective-C method's.
public func watch(_ download: DownloadProgress, on queue: SQueue, delay: Double, _ receive: @escaping (String) -> Void) -> SDisposable? {
    let described = download.progress.map(toSignal: { value in SSignal.single("\(value as! Double)") })
    return described.delay(delay, on: queue).deliver(on: queue).start(next: { receive($0 as! String) })
}

/// True when `queue` is the main queue, spelled as Swift code spells SSignalKit's.
public func isMain(_ queue: SQueue) -> Bool {
    queue === SQueue.main()
}
