/// One flag per source of a `combineLatest`: the first 64 in a word, the rest (rare) in
/// an array that is empty, and allocates nothing, for 64 sources or fewer. Two arrays of
/// `Bool` cost each subscription two heap blocks (96 bytes for two sources).
@usableFromInline
struct SourceFlags {
    /// The flags of sources 0 to 63, one bit each.
    @usableFromInline var word: UInt64
    /// The flags of sources 64 and beyond.
    @usableFromInline var beyond: [Bool]

    /// `count` flags, the first `setBelow` of them set.
    @inlinable
    init(count: Int, setBelow: Int) {
        let inWord = min(setBelow, 64)
        word = inWord == 64 ? .max : (1 << UInt64(inWord)) &- 1
        beyond = count > 64 ? (64..<count).map { $0 < setBelow } : []
    }

    /// The flag of source `index`.
    @inlinable
    subscript(index: Int) -> Bool {
        get {
            index < 64 ? word & (1 << UInt64(index)) != 0 : beyond[index - 64]
        }
        set {
            if index < 64 {
                if newValue {
                    word |= 1 << UInt64(index)
                } else {
                    word &= ~(1 << UInt64(index))
                }
            } else {
                beyond[index - 64] = newValue
            }
        }
    }
}
