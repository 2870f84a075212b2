import SignalSync

/// Something that can be torn down: a subscription, a timer, any resource.
///
/// Every disposable of this module is idempotent and thread-safe: a second `dispose()`
/// does nothing. Operators may dispose the same object more than once, so a custom
/// disposable must tolerate that too.
public protocol SDisposable: UpstreamDisposable {
    /// Releases the resource; later calls do nothing.
    func dispose()
}
