// Helpers for untyped values: nil detection through nested optionals, and the equality
// that `ignoreRepeated` uses.

/// Lets a value boxed in `Any` reveal that it is an `Optional`.
private protocol OptionalBox {
    var flattenedValue: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var flattenedValue: Any? {
        switch self {
        case .none: return nil
        case .some(let wrapped): return flattenOptional(wrapped)
        }
    }
}

/// `value` with every level of `Optional` removed: an `Int?` that is nil and was boxed
/// into `Any` counts as nil.
func flattenOptional(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let box = value as? OptionalBox {
        return box.flattenedValue
    }
    return value
}

/// True when `value` is nil, also when it is a nil optional boxed inside `Any`.
package func isNilValue(_ value: Any?) -> Bool {
    flattenOptional(value) == nil
}

/// Compares an `Equatable` value with an arbitrary one (opened existential helper).
private func equatableEquals<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
}

/// The equality of untyped values used by `SSignal.ignoreRepeated()`.
///
/// - nil equals nil (optionals boxed inside `Any` are unwrapped first) and nothing else;
/// - two `Hashable` values are compared as `AnyHashable` (so `NSObject`s use `isEqual:`,
///   and numbers compare by value across numeric types: `1 == 1.0`);
/// - other `Equatable` values are compared with `==` when both have the same type;
/// - other class instances are compared by identity;
/// - anything else (closures, tuples, non-equatable structs) is never equal.
package func untypedValuesEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
    let lhs = flattenOptional(lhs)
    let rhs = flattenOptional(rhs)
    switch (lhs, rhs) {
    case (nil, nil):
        return true
    case (nil, _), (_, nil):
        return false
    case let (left?, right?):
        if let leftHashable = left as? AnyHashable, let rightHashable = right as? AnyHashable {
            return leftHashable == rightHashable
        }
        if let leftEquatable = left as? any Equatable {
            return equatableEquals(leftEquatable, right)
        }
        if type(of: left) is AnyClass, type(of: right) is AnyClass {
            return (left as AnyObject) === (right as AnyObject)
        }
        return false
    }
}
