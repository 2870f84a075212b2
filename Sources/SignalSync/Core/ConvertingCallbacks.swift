/// How one subscription's events become another's: the bridge between the two APIs.
///
/// Each value converts on its own; one that cannot be converted (an untyped value of the
/// wrong type) ends the downstream subscription with a failure instead. Every failure
/// converts.
@usableFromInline
package protocol EventConversion {
    /// The upstream subscription's values.
    associatedtype Value
    /// The upstream subscription's failures.
    associatedtype Failure
    /// The downstream subscription's values.
    associatedtype Output
    /// The downstream subscription's failures.
    associatedtype OutputFailure

    /// `value` converted, or the failure that ends the downstream subscription instead.
    func convert(_ value: Value) -> ConvertedValue<Output, OutputFailure>

    /// `failure` converted.
    func convert(failure: Failure) -> OutputFailure
}

/// The result of converting one value: the value to send on, or the failure to end with.
@usableFromInline
package enum ConvertedValue<Output, Failure> {
    /// Send this value on.
    case value(Output)
    /// End the downstream subscription with this failure.
    case failure(Failure)
}

/// The callbacks of a bridge stage: converts each event with `conversion` and sends it
/// straight to a downstream subscription of the other API, so that a conversion joins
/// the two subscriptions instead of stacking a subscription with closures on each side.
/// What `ForwardingCallbacks` is to `map`, across the two APIs.
///
/// Releases `conversion`, then its reference to the downstream subscriber.
@usableFromInline
package final class ConvertingCallbacks<Conversion: EventConversion, Face: SubscriptionFace>: SubscriptionCallbacks<
    Conversion.Value, Conversion.Failure
>
{
    @usableFromInline let conversion: Conversion
    /// The downstream subscriber (of either API), kept alive as closures capturing it would.
    @usableFromInline let downstream: AnyObject
    /// The downstream subscriber's subscription, which `downstream` keeps alive.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Conversion.Output, Conversion.OutputFailure, Face>>

    /// Forwards to `core`, the subscription of `downstream`, converting with `conversion`.
    @inlinable
    package init(
        conversion: Conversion, downstream: AnyObject, core: Unmanaged<SubscriptionCore<Conversion.Output, Conversion.OutputFailure, Face>>
    ) {
        self.conversion = conversion
        self.downstream = downstream
        self.core = core
        super.init(
            forwardNext: { callbacks, value in
                let stage = unsafeDowncast(callbacks, to: ConvertingCallbacks.self)
                switch stage.conversion.convert(value) {
                case .value(let output): stage.core._withUnsafeGuaranteedRef { $0.putNext(output) }
                case .failure(let failure): stage.core._withUnsafeGuaranteedRef { $0.putError(failure) }
                }
            },
            forwardError: { callbacks, failure in
                let stage = unsafeDowncast(callbacks, to: ConvertingCallbacks.self)
                let output = stage.conversion.convert(failure: failure)
                stage.core._withUnsafeGuaranteedRef { $0.putError(output) }
            },
            forwardCompletion: { callbacks in
                unsafeDowncast(callbacks, to: ConvertingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
            })
    }
}
