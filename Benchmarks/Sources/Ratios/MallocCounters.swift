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
    private typealias Toggle = @convention(c) () -> Void
    private typealias Read =
        @convention(c) (
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
        ) -> Void

    private let enable: Toggle
    private let disable: Toggle
    private let reset: Toggle
    private let read: Read

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
        return MallocCounters(enable: enable, disable: disable, reset: reset, read: read)
    }

    /// The number of `malloc`-family calls (all threads) made by `body`.
    func countAllocations(_ body: () -> Void) -> Int {
        reset()
        enable()
        body()
        disable()
        var mallocs: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freedBytes: Int64 = 0
        read(&mallocs, &bytes, &small, &large, &frees, &freedBytes)
        return Int(mallocs)
    }
}
