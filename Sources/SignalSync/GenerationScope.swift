#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something that can say whether its subscription has ended.
package protocol SubscriptionProbe: AnyObject {
    /// True once the subscription received a terminal event or was disposed.
    var hasEnded: Bool { get }
}

/// The subscriptions whose generators are running on the current thread, innermost last.
///
/// A signal's generator runs synchronously inside `start`; while it runs, the handle of
/// that subscription does not exist yet, so an operator further down that ends the
/// subscription (a `take` reaching its count) cannot reach a synchronous loop further
/// up (a `restart` over a source that completes at once). Each `start` runs its
/// generator inside `GenerationScope.run`, and such loops ask
/// `GenerationScope.enclosingHasEnded` before starting another synchronous iteration.
package enum GenerationScope {
    private final class Stack {
        var probes: [SubscriptionProbe] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        return key
    }()

    private static var stack: Stack {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Stack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = Stack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// Runs `body` (a generator) with `probe` as the innermost enclosing subscription.
    @inline(__always)
    package static func run<R>(_ probe: SubscriptionProbe, _ body: () -> R) -> R {
        let stack = self.stack
        stack.probes.append(probe)
        defer { stack.probes.removeLast() }
        return body()
    }

    /// True when a subscription whose generator is running on this thread has ended.
    package static var enclosingHasEnded: Bool {
        stack.probes.contains { $0.hasEnded }
    }
}
