import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The counters of package-benchmark's malloc interposer, found at run time.
///
/// `run.sh` starts the allocation pass with `LD_PRELOAD=libMallocInterposerSwift.so`
/// (built with the package-benchmark target). The executable does not link the
/// interposer, so the timing pass runs on the system allocator, untouched; the symbols
/// are looked up with `dlsym` and are nil when the library is not loaded.
struct MallocCounters {
    fileprivate typealias Toggle = @convention(c) () -> Void
    fileprivate typealias Read =
        @convention(c) (
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
        ) -> Void
    fileprivate typealias Hook = @convention(c) (Int) -> Void
    fileprivate typealias SetHook = @convention(c) (Hook?) -> Void

    private let enable: Toggle
    private let disable: Toggle
    private let reset: Toggle
    private let read: Read
    private let setHook: SetHook?

    /// The interposer's counters, or nil when it is not loaded into this process.
    static func load() -> MallocCounters? {
        func symbol<F>(_ name: String, as type: F.Type) -> F? {
            guard let address = dlsym(nil, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let enable = symbol("malloc_interposer_enable", as: Toggle.self),
            let disable = symbol("malloc_interposer_disable", as: Toggle.self),
            let reset = symbol("malloc_interposer_reset", as: Toggle.self),
            let read = symbol("malloc_interposer_get_stats", as: Read.self)
        else { return nil }
        let setHook = symbol("malloc_interposer_set_allocation_hook", as: SetHook.self)
        return MallocCounters(enable: enable, disable: disable, reset: reset, read: read, setHook: setHook)
    }

    /// The number of `malloc`-family calls (all threads) made by `body`.
    func countAllocations(_ body: () -> Void) -> Int {
        measure(body, trackingPeak: false).mallocs
    }

    /// The `malloc`-family calls (all threads) made by `body`, and with `trackingPeak`
    /// the most bytes it held at once: the largest value of bytes allocated minus bytes
    /// freed (requested sizes, all threads) since `body` started, taken at every
    /// allocation by the interposer's allocation hook (nil when the interposer has no
    /// hook). The hook reads every thread's counters at each allocation: slow, so only
    /// for the cases that report a peak.
    func measure(_ body: () -> Void, trackingPeak: Bool) -> (mallocs: Int, peakBytes: Int?) {
        let hook = trackingPeak ? setHook : nil
        reset()
        if let hook {
            peakState.read = read
            peakBytesHeld.store(0, ordering: .relaxed)
            hook(trackPeak)
        }
        enable()
        body()
        disable()
        hook?(nil)
        var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freedBytes: Int64 = 0
        read(&mallocs, &bytes, &small, &large, &frees, &freedBytes)
        return (Int(mallocs), hook.map { _ in peakBytesHeld.load(ordering: .relaxed) })
    }
}

/// The interposer's reader, for `trackPeak` (a C function cannot capture it).
private final class PeakState: @unchecked Sendable {
    // Safety: written before the hook is installed (the installation is a release
    // store, the hook's load of it an acquire), read only by the hook.
    var read: MallocCounters.Read?
}

private let peakState = PeakState()

/// The most bytes held at once since the peak measurement started.
private let peakBytesHeld = Atomic<Int>(0)

/// The allocation hook of `MallocCounters.measure(_:trackingPeak:)`: runs inside the
/// allocator, on the allocating thread, after the allocation was counted; allocates
/// nothing.
private let trackPeak: MallocCounters.Hook = { _ in
    guard let read = peakState.read else { return }
    var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freedBytes: Int64 = 0
    read(&mallocs, &bytes, &small, &large, &frees, &freedBytes)
    let held = Int(bytes - freedBytes)
    var peak = peakBytesHeld.load(ordering: .relaxed)
    while held > peak {
        let (exchanged, original) = peakBytesHeld.compareExchange(expected: peak, desired: held, ordering: .relaxed)
        if exchanged { break }
        peak = original
    }
}
