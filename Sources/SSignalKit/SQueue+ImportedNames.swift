import Dispatch
import SUntypedSignal

// The names Swift's Clang importer gives SSignalKit's `SQueue` selectors, where they differ
// from SUntypedSignal's spelling; each forwards to the declaration its comment names.

extension SQueue {
    /// `+mainQueue` as Swift imports it (a class method named after its result, with
    /// "Queue" pruned): forwards to ``SQueue/mainQueue()``.
    ///
    /// It lives beside the static property ``SQueue/main``: Swift allows a property and a
    /// method of the same base name here, and picks by use: `SQueue.main()` calls this,
    /// `SQueue.main` reads the property; both are the same queue.
    public static func main() -> SQueue {
        mainQueue()
    }

    /// `+concurrentDefaultQueue` as Swift imports it: forwards to
    /// ``SQueue/concurrentDefaultQueue()``.
    public static func concurrentDefault() -> SQueue {
        concurrentDefaultQueue()
    }

    /// `+concurrentBackgroundQueue` as Swift imports it: forwards to
    /// ``SQueue/concurrentBackgroundQueue()``.
    public static func concurrentBackground() -> SQueue {
        concurrentBackgroundQueue()
    }

    /// `-_dispatch_queue` as Swift imports it (a method of the original's header, for
    /// `STimer`): forwards to ``SQueue/nativeQueue``.
    public func _dispatch_queue() -> DispatchQueue {
        nativeQueue
    }
}
