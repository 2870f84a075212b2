import Dispatch
import SUntypedSignal

// SSignalKit's newest `STimer` calls its completion with the timer itself (its header still
// declares a plain block, which SUntypedSignal's initializers already spell as Swift imports
// it). These initializers take a completion that receives the timer; each forwards to the
// initializer its comment names.

extension STimer {
    /// `initWithTimeout:repeat:completion:queue:` with a completion that receives the
    /// timer: forwards to ``STimer/init(timeout:repeat:completion:queue:)``, whose
    /// completion then calls `completion` with this timer (on fires and on
    /// ``STimer/fireAndInvalidate()``).
    public convenience init(timeout: Double, repeat repeats: Bool, completion: @escaping @Sendable (STimer) -> Void, queue: SQueue) {
        let reference = TimerReference()
        self.init(timeout: timeout, repeat: repeats, completion: { reference.timer.map(completion) }, queue: queue)
        reference.timer = self
    }

    /// `initWithTimeout:repeat:completion:nativeQueue:` with a completion that receives the
    /// timer: forwards to ``STimer/init(timeout:repeat:completion:nativeQueue:)``, whose
    /// completion then calls `completion` with this timer.
    public convenience init(timeout: Double, repeat repeats: Bool, completion: @escaping @Sendable (STimer) -> Void, nativeQueue: DispatchQueue) {
        let reference = TimerReference()
        self.init(timeout: timeout, repeat: repeats, completion: { reference.timer.map(completion) }, nativeQueue: nativeQueue)
        reference.timer = self
    }
}

/// The timer a completion receives, held weakly (the timer holds the completion).
private final class TimerReference: @unchecked Sendable {
    // Safety: written once, in the initializer, before the timer can be started or fired
    // (both need the initialized timer); only read afterwards.
    weak var timer: STimer?
}
