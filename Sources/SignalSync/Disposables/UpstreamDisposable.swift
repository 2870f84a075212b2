/// What a subscription tears down: the disposable its generator returned.
///
/// `Disposable` (STypedSignal) and `SDisposable` (SUntypedSignal) refine it, so the
/// subscription core holds either without being generic over it.
public protocol UpstreamDisposable: AnyObject {
    /// Releases the resource; later calls do nothing.
    func dispose()
}
