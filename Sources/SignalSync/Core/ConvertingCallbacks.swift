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
package final class ConvertingCallbacks<Conversion: EventConversion, Face: SubscriptionFace>: StageCallbacks<
    Conversion.Value, Conversion.Failure
>
{
    @usableFromInline let conversion: Conversion
    /// The downstream subscriber (of either API), kept alive as closures capturing it would.
    @usableFromInline let downstream: AnyObject
    // Safety: unretained: `downstream`, which this object holds, owns a reference to it,
    // so it lives at least as long as this object. Pinned by
    // ConvertingCallbacksTests.testTheConversionIsReleasedBeforeTheDownstreamSubscriber.
    /// The downstream subscriber's subscription, which `downstream` keeps alive.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Conversion.Output, Conversion.OutputFailure, Face>>

    /// Forwards to `core`, the subscription of `downstream`, converting with `conversion`.
    @inlinable
    package init(
        // Safety: `core` must be owned by `downstream` (callers pass a subscriber and its
        // own core); see `core`.
        conversion: Conversion, downstream: AnyObject, core: Unmanaged<SubscriptionCore<Conversion.Output, Conversion.OutputFailure, Face>>
    ) {
        self.conversion = conversion
        self.downstream = downstream
        self.core = core
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this stage, alive while the call runs, which keeps `core` alive.
        // Pinned by ConvertingCallbacksTests (testValuesAndFailuresAreConvertedAndCompletionForwarded,
        // testConcurrentValuesAreAllConverted).
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: ConvertingCallbacks.self)
                switch stage.conversion.convert(value) {
                // Safety: the stage, alive while it runs, keeps `core` alive (`super.init`'s Safety note).
                case .value(let output): stage.core._withUnsafeGuaranteedRef { $0.putNext(output) }
                // Safety: as for the value.
                case .failure(let failure): stage.core._withUnsafeGuaranteedRef { $0.putError(failure) }
                }
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                    let stage = unsafeDowncast(callbacks, to: ConvertingCallbacks.self)
                    let output = stage.conversion.convert(failure: failure.pointee)
                    // Safety: the stage, alive while it runs, keeps `core` alive (`super.init`'s Safety note).
                    stage.core._withUnsafeGuaranteedRef { $0.putError(output) }
                } else {
                    // Safety: `callbacks` is this stage, which keeps `core` alive (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: ConvertingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
                }
            })
    }
}

/// The callbacks of a bridge stage whose downstream is another stage's callbacks rather
/// than a subscription: converts each event with `conversion` and hands it straight to
/// `downstreamCallbacks` (the callbacks a subscription of the converted signal would have called), so
/// that converting a signal and forwarding its events takes one subscription, not one on
/// each side. They are called only from this stage's own subscription, which already
/// lets no event through after its end.
///
/// Releases `conversion`, then `downstreamCallbacks` (and with them whatever they hold).
@usableFromInline
package final class ChainingCallbacks<Conversion: EventConversion>: StageCallbacks<Conversion.Value, Conversion.Failure> {
    @usableFromInline let conversion: Conversion
    @usableFromInline let downstreamCallbacks: StageCallbacks<Conversion.Output, Conversion.OutputFailure>

    /// Converts with `conversion` and hands each event to `downstreamCallbacks`.
    @inlinable
    package init(conversion: Conversion, downstreamCallbacks: StageCallbacks<Conversion.Output, Conversion.OutputFailure>) {
        self.conversion = conversion
        self.downstreamCallbacks = downstreamCallbacks
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this stage. Pinned by
        // ConvertingCallbacksTests.testChainedEventsAreConvertedAndHandedToTheDownstreamCallbacks.
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: ChainingCallbacks.self)
                switch stage.conversion.convert(value) {
                case .value(let output): stage.downstreamCallbacks.deliverNext(output, isStage: true)
                case .failure(let failure): stage.downstreamCallbacks.deliverError(failure, isStage: true)
                }
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                    let stage = unsafeDowncast(callbacks, to: ChainingCallbacks.self)
                    stage.downstreamCallbacks.deliverError(stage.conversion.convert(failure: failure.pointee), isStage: true)
                } else {
                    // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: ChainingCallbacks.self).downstreamCallbacks.deliverCompletion(isStage: true)
                }
            })
    }
}
