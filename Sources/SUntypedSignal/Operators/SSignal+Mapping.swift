import SignalSync

extension SSignal {
    /// Emits `f(value)` for each value (a nil result is emitted as nil); error and
    /// completion are forwarded. `f` runs on the emitting thread.
    ///
    /// Consecutive `map`s and `filter`s run in one subscription, step after step, instead
    /// of a subscription each; what each step sees and when it runs stay those of separate
    /// stages (a step that disposes the subscription stops the steps after it).
    @inlinable
    @preconcurrency public func map(_ f: @escaping @Sendable (Any?) -> Any?) -> SSignal {
        if stage.stepJoin != .newStage {
            // After another map or a filter: one subscription for both.
            return FusedSSignal.appending(map: f, to: self)
        }
        return MapSSignal(upstream: self, transform: f)
    }

    /// Emits `f(value)` for each value, cast to `type` first: the checked form of
    /// `map { f($0 as! T) }`, for a stage that only ever receives a `T`.
    ///
    /// A value that is not a `T` stops the program, in every build as `as!` does, but with
    /// a message that names this call's file and line, the type expected and the value
    /// received, where a failed `as!` inside `map` names only the two types. Otherwise the
    /// same as `map(_:)`: nil results are emitted as nil, error and completion are
    /// forwarded, and it joins the subscription of the `map`s and `filter`s around it.
    /// Beyond SSignalKit.
    ///
    /// ```swift
    /// let doubled = SSignal.single(3).map(as: Int.self) { $0 * 2 }
    /// // emits 6; SSignal.single("three") instead stops with
    /// // "SSignal.map(as: Int.self) at Demo/main.swift:1 received "three" of type String, not an Int"
    /// ```
    @preconcurrency public func map<T>(
        as type: T.Type, file: StaticString = #fileID, line: UInt = #line, _ f: @escaping @Sendable (T) -> Any?
    ) -> SSignal {
        map { value in
            guard let typed = value as? T else {
                // `fatalError`, not `preconditionFailure`: an optimized build prints its
                // message too.
                fatalError(mapCastFailure(value, expected: T.self, file: file, line: line))
            }
            return f(typed)
        }
    }

    /// Emits the values for which `f` returns true; error and completion are forwarded.
    /// `f` runs on the emitting thread. Joins the subscription of a `map` or `filter`
    /// right before it (see `map`).
    @inlinable
    @preconcurrency public func filter(_ f: @escaping @Sendable (Any?) -> Bool) -> SSignal {
        FusedSSignal.appending(filter: f, to: self)
    }

    /// Drops each value equal to the last value that passed; the first value always
    /// passes. Error and completion are forwarded.
    ///
    /// Equality of untyped values: nil equals nil (also a nil optional boxed in `Any`);
    /// `Hashable` values compare as `AnyHashable` (numbers by value across numeric types,
    /// so `1` equals `1.0`; `NSObject`s use `isEqual:`); other `Equatable` values compare with `==` when their types match;
    /// other class instances compare by identity; anything else (closures, tuples,
    /// non-equatable structs) is never equal, so it always passes. The comparison runs
    /// outside any lock; values arriving concurrently are each compared with the latest
    /// value that passed (a value is compared again when another one passed while it was
    /// compared). The state is the shared engine `DistinctEngine`, the one under the typed
    /// `distinctUntilChanged` too.
    public func ignoreRepeated() -> SSignal {
        SSignal { subscriber in
            let distinct = DistinctEngine<Any?>(isEqual: untypedValuesEqual)
            return self.start(
                next: { value in
                    if distinct.shouldPass(value) {
                        subscriber.putNext(value)
                    }
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }
}

/// The message of a value that `map(as:)` cannot cast: where the stage was made, the type
/// it expected and what it received.
package func mapCastFailure<T>(_ value: Any?, expected: T.Type, file: StaticString, line: UInt) -> String {
    let received = flattenOptional(value).map { "\(String(reflecting: $0)) of type \(type(of: $0))" } ?? "nil"
    return "SSignal.map(as: \(T.self).self) at \(file):\(line) received \(received), not \(article(T.self)) \(T.self)"
}

/// "an" before a type name that starts with a vowel, "a" otherwise.
private func article<T>(_ type: T.Type) -> String {
    "AEIOUaeiou".contains(String(describing: type).first ?? "x") ? "an" : "a"
}
