import Dispatch
import STypedSignalOperators
import SUntypedSignalOperators

/// A container measured by the scaling pass (`ratios --scaling`): its per-op cost must stay
/// flat as the number of members grows.
///
/// Every case fills its container with `n` members (in the timed region) and then takes them
/// out again in a random order (the same order for every implementation of one `n`); one op
/// is one member added and removed.
public enum ScalingCase: String, CaseIterable, Sendable {
    /// `DisposableSet`: `add` n disposables, `remove` each.
    case disposableSet = "DisposableSet"
    /// `SDisposableSet`: `add` n disposables, `remove` each.
    case sDisposableSet = "SDisposableSet"
    /// `DisposableDict<Int>`: `set` n keys, `set(nil)` each.
    case disposableDict = "DisposableDict"
    /// `Bag<Int>`: `add` n items, `remove` each key.
    case bag = "Bag"
    /// `SBag`: `addItem` n items, `removeItem` each key.
    case sBag = "SBag"
    /// A typed `ValuePipe<Int>`: n subscriptions, each disposed.
    case valuePipe = "ValuePipe"
    /// An untyped `SPipe`: n subscriptions, each disposed.
    case sPipe = "SPipe"
    /// An untyped `multicast()` of a source that never ends: n subscriptions (the first
    /// starts the source), each disposed (the last disposes it).
    case multicast = "multicast()"
    /// A typed `Multicast<Int>` table, one key: as `multicast`.
    case typedMulticast = "Multicast"
    /// A typed `share()` of a source that never ends: n subscriptions (the first starts the
    /// source), each disposed (the last disposes it).
    case typedShare = "share() (typed)"
    /// An untyped `share()`, as `typedShare`.
    case untypedShare = "SSignal.share()"
    /// Not the library's: a Swift `Dictionary` from each disposable's identity to the
    /// disposable, with no lock, filled and emptied as `disposableSet` is. The yardstick of
    /// what the machine's memory adds at the largest size to a hash lookup per add and
    /// per remove (reported, not checked).
    case dictionaryReference = "Dictionary (reference)"

    /// Makes what the timed work needs (the members, the container), then returns the timed
    /// work: add `n` members and remove them in `order` (a permutation of `0..<n`), returning
    /// the number removed, which the caller checks.
    public func prepare(_ n: Int, order: [Int]) -> () -> Int {
        switch self {
        case .disposableSet:
            let members = (0..<n).map { _ in ActionDisposable(action: {}) }
            let set = DisposableSet()
            return { timedFill(members, add: set.add, remove: { set.remove(members[$0]) }, order: order) }
        case .sDisposableSet:
            let members = (0..<n).map { _ in SBlockDisposable({}) }
            let set = SDisposableSet()
            return { timedFill(members, add: set.add, remove: { set.remove(members[$0]) }, order: order) }
        case .disposableDict:
            let members = (0..<n).map { _ in ActionDisposable(action: {}) }
            let dict = DisposableDict<Int>()
            var key = 0
            return {
                timedFill(
                    members,
                    add: {
                        dict.set($0, forKey: key)
                        key += 1
                    }, remove: { dict.set(nil, forKey: $0) }, order: order)
            }
        case .bag:
            let bag = Bag<Int>()
            let items = Array(0..<n)
            var keys: [Int] = []
            keys.reserveCapacity(n)
            return { timedFill(items, add: { keys.append(bag.add($0)) }, remove: { bag.remove(keys[$0]) }, order: order) }
        case .sBag:
            let bag = SBag()
            let items = Array(0..<n)
            var keys: [Int] = []
            keys.reserveCapacity(n)
            return { timedFill(items, add: { keys.append(bag.addItem($0)) }, remove: { bag.removeItem(keys[$0]) }, order: order) }
        case .valuePipe:
            let pipe = ValuePipe<Int>()
            let signal = pipe.signal()
            let handles = Handles<Disposable & Sendable>(capacity: n)
            // The signal holds the pipe weakly: keep it alive, or every start finds it gone.
            return {
                withExtendedLifetime(pipe) { subscribeAndLeave(n, order: order, into: handles, { signal.start(next: { _ in }) }, leave: { $0.dispose() }) }
            }
        case .sPipe:
            let pipe = SPipe()
            let signal = pipe.signal()
            let handles = Handles<SDisposable>(capacity: n)
            return { subscribeAndLeave(n, order: order, into: handles, { signal.start(next: { _ in }) }, leave: { $0.dispose() }) }
        case .multicast:
            let shared = SSignal.never().multicast()
            let handles = Handles<SDisposable>(capacity: n)
            return { subscribeAndLeave(n, order: order, into: handles, { shared.start(next: { _ in }) }, leave: { $0.dispose() }) }
        case .typedMulticast:
            let shared = Multicast<Int>().get(key: "k", signal: Signal<Int, NoError>.never())
            let handles = Handles<Disposable & Sendable>(capacity: n)
            return { subscribeAndLeave(n, order: order, into: handles, { shared.start(next: { _ in }) }, leave: { $0.dispose() }) }
        case .typedShare:
            let shared = Signal<Int, NoError>.never() |> share()
            let handles = Handles<Disposable & Sendable>(capacity: n)
            return { subscribeAndLeave(n, order: order, into: handles, { shared.start(next: { _ in }) }, leave: { $0.dispose() }) }
        case .untypedShare:
            let shared = SSignal.never().share()
            let handles = Handles<SDisposable>(capacity: n)
            return { subscribeAndLeave(n, order: order, into: handles, { shared.start(next: { _ in }) }, leave: { $0.dispose() }) }
        case .dictionaryReference:
            let members = (0..<n).map { _ in ActionDisposable(action: {}) }
            var dictionary: [ObjectIdentifier: ActionDisposable] = [:]
            return {
                timedFill(
                    members, add: { dictionary[ObjectIdentifier($0)] = $0 },
                    remove: { dictionary.removeValue(forKey: ObjectIdentifier(members[$0])) }, order: order)
            }
        }
    }
}

/// Adds every one of `members` with `add`, then calls `remove` with each position of
/// `order`; returns the number removed.
private func timedFill<Member>(_ members: [Member], add: (Member) -> Void, remove: (Int) -> Void, order: [Int]) -> Int {
    for member in members {
        add(member)
    }
    for position in order {
        remove(position)
    }
    return order.count
}

/// The subscriptions of one timed run, kept in storage made before the run (the harness's
/// bookkeeping, not the container's work: at 100,000 members, allocating it inside the run
/// made the allocator consolidate what the previous run freed, there).
private final class Handles<D> {
    /// The subscriptions started so far in the run.
    var items: [D] = []

    /// Storage for `capacity` subscriptions.
    init(capacity: Int) {
        items.reserveCapacity(capacity)
    }
}

/// Starts `n` subscriptions with `subscribe` (kept in `handles`), then disposes them with
/// `leave` in `order` and lets go of them; returns the number disposed.
private func subscribeAndLeave<D>(_ n: Int, order: [Int], into handles: Handles<D>, _ subscribe: () -> D, leave: (D) -> Void) -> Int {
    for _ in 0..<n {
        handles.items.append(subscribe())
    }
    for position in order {
        leave(handles.items[position])
    }
    handles.items.removeAll(keepingCapacity: true)  // released inside the timed run
    return order.count
}
