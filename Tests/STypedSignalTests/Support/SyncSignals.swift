import Dispatch
import STypedSignal

/// How a `syncValues` signal ends after its values.
enum SyncEnd {
    case complete
    case fail(TestError)
    case stayOpen
}

/// A signal that, on every subscription, sends `values` synchronously and then ends
/// as `end` says.
func syncValues<T: Sendable>(_ values: [T], end: SyncEnd = .complete) -> Signal<T, TestError> {
    Signal { subscriber in
        for value in values {
            subscriber.putNext(value)
        }
        switch end {
        case .complete:
            subscriber.putCompletion()
        case .fail(let error):
            subscriber.putError(error)
        case .stayOpen:
            break
        }
        return EmptyDisposable
    }
}

/// Runs `body(i)` for i in 0..<count on several threads at once and returns when all
/// are done.
func runConcurrently(_ count: Int, _ body: @escaping (Int) -> Void) {
    let box = UnsafeBody(body)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        box.body(index)
    }
}

/// Lets a test closure reach `concurrentPerform`; the tests make their closures safe.
private struct UnsafeBody: @unchecked Sendable {
    let body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
}
