import Dispatch
import SignalSync

extension LiveObjectCounter {
    /// The live count once it equals `target`, or whatever it is after `seconds`.
    ///
    /// Objects of earlier tests may still be on their way out (a subscription releases
    /// its callbacks on the thread that ends it); waiting for the expected count keeps
    /// the leak tests exact without making them timing-dependent.
    package func settled(at target: Int, within seconds: Double = 10) async -> Int {
        // `DispatchTime` and nanoseconds rather than a `Clock`, which needs macOS 13.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
        while current != target && DispatchTime.now().uptimeNanoseconds < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return current
    }
}
