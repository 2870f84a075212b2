import STypedSignal
import SUntypedSignal

extension ValuePipe {
    /// An `SPipe` that receives every value put into this pipe from now on (boxed as
    /// `Any?`), for as long as this pipe lives. Values put into the `SPipe` directly do
    /// not flow back.
    public func toUntyped(replay: Bool = false) -> SPipe {
        let pipe = SPipe(replay: replay)
        _ = signal().start(next: { pipe.putNext($0) })
        return pipe
    }
}

extension SPipe {
    /// A `ValuePipe<T>` that receives every `T` put into this pipe from now on, for as
    /// long as this pipe's signal runs; values that are not a `T` are skipped and
    /// reported to `onMismatch`. Returns the pipe and the subscription that feeds it.
    @preconcurrency public func toTyped<T>(_ type: T.Type = T.self, onMismatch: @escaping @Sendable (SSignalTypeError) -> Void = { _ in }) -> (
        ValuePipe<T>, Disposable
    ) {
        let pipe = ValuePipe<T>()
        let subscription = typedValues(of: signal(), as: type, onMismatch: onMismatch).start(next: { [weak pipe] value in
            pipe?.putNext(value)
        })
        return (pipe, subscription)
    }
}
