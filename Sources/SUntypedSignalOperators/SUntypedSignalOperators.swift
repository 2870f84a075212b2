// The operators a Swift developer coming from Combine or RxSwift reaches for and
// SSignalKit does not have (`share`, `merge`, `zip`, `scan`, ...), as `SSignal` methods
// like the rest of the untyped API.
//
// They live in a module of their own so that `import SSignalKit` (the drop-in re-export
// of SUntypedSignal) never sees them: an app's own `SSignal` extension with one of these
// names keeps compiling unchanged. Stateful ones run on SignalSync's engines, the same
// as the typed module's functions of the same names.
@_exported import SUntypedSignal
