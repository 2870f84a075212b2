// The operators a Swift developer coming from Combine or RxSwift reaches for and
// SwiftSignalKit does not have (`share`, `merge`, `zip`, `scan`, ...), as free functions
// joined with `|>` like the rest of the typed API.
//
// They live in a module of their own so that `import SwiftSignalKit` (the drop-in
// re-export of STypedSignal) never sees them: an app module that defines its own
// `merge` or `scan` keeps compiling unchanged. Stateful ones run on SignalSync's engines,
// the same as the untyped module's methods of the same names.
@_exported import STypedSignal
