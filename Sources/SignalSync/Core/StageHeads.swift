/// A stage's head that maps each value (`map`): the value becomes `transform(value)`;
/// failures pass unchanged.
@usableFromInline
package struct MapHead<Value, Output, Failure>: StageHead {
    /// Failures pass unchanged.
    @usableFromInline package typealias OutputFailure = Failure
    @usableFromInline let transform: (Value) -> Output

    /// A head that maps each value with `transform`.
    @inlinable
    package init(_ transform: @escaping (Value) -> Output) {
        self.transform = transform
    }

    @inlinable @inline(__always)
    package func next<Tail: StageTail>(_ value: Value, in stage: Stage<MapHead, Tail>)
    where Tail.Value == Output, Tail.Failure == OutputFailure {
        stage.putNext(transform(value))
    }

    @inlinable @inline(__always)
    package func failure(_ failure: Failure) -> Failure {
        failure
    }
}

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

/// A stage's head that converts each event with a bridge's conversion, so that a
/// conversion joins the two APIs' subscriptions instead of stacking a subscription with
/// closures on each side.
@usableFromInline
package struct ConversionHead<Conversion: EventConversion>: StageHead {
    /// The upstream's values.
    @usableFromInline package typealias Value = Conversion.Value
    /// The upstream's failures.
    @usableFromInline package typealias Failure = Conversion.Failure
    /// The downstream's values.
    @usableFromInline package typealias Output = Conversion.Output
    /// The downstream's failures.
    @usableFromInline package typealias OutputFailure = Conversion.OutputFailure
    @usableFromInline let conversion: Conversion

    /// A head that converts each event with `conversion`.
    @inlinable
    package init(_ conversion: Conversion) {
        self.conversion = conversion
    }

    @inlinable @inline(__always)
    package func next<Tail: StageTail>(_ value: Conversion.Value, in stage: Stage<ConversionHead, Tail>)
    where Tail.Value == Conversion.Output, Tail.Failure == Conversion.OutputFailure {
        switch conversion.convert(value) {
        case .value(let output): stage.putNext(output)
        case .failure(let failure): stage.putError(failure)
        }
    }

    @inlinable @inline(__always)
    package func failure(_ failure: Conversion.Failure) -> Conversion.OutputFailure {
        conversion.convert(failure: failure)
    }
}
