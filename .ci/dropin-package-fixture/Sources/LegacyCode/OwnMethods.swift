import SSignalKit

// An app's own `SSignal` extension under names that SignalKit's `SUntypedSignalOperators`
// uses too. That module is not part of `SSignalKit`, so these stay the app's methods.
extension SSignal {
    /// The values after the first `count`.
    public func skip(_ count: Int) -> SSignal {
        return SSignal(generator: { subscriber in
            let seen = SAtomic(value: 0)
            return self.start(
                next: { value in
                    let number = (seen.modify { ($0 as! Int) + 1 }) as! Int
                    if number > count { subscriber.putNext(value) }
                },
                error: { subscriber.putError($0) },
                completed: { subscriber.putCompletion() })
        })
    }
}
