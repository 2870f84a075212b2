// swift-tools-version: 6.0
//
// One package, two reactive APIs and the shared layer under them. The library has
// no dependencies beyond the Swift toolchain; the Benchmarks package lives in its
// own folder so that its dependencies never reach users of this one.
import PackageDescription

let package = Package(
    name: "SignalKit",
    // The oldest Apple systems Swift concurrency back-deploys to, where the apps that use
    // the originals ship. Newer APIs carry `@available` (`.ci/availability` checks it, as
    // no Apple SDK builds here). Linux has no such floor.
    platforms: [
        .macOS(.v10_15),
        .iOS(.v13),
        .tvOS(.v13),
        .watchOS(.v6),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "SignalSync", targets: ["SignalSync"]),
        .library(name: "STypedSignal", targets: ["STypedSignal"]),
        .library(name: "SUntypedSignal", targets: ["SUntypedSignal"]),
        .library(name: "Bridge", targets: ["Bridge"]),
        // The operators neither original has (share, merge, zip, scan, ...), one module per
        // API: apart from the originals' names so that `import SwiftSignalKit` and `import
        // SSignalKit` never see them (an app's own helpers with these names stay unambiguous).
        .library(name: "STypedSignalOperators", targets: ["STypedSignalOperators"]),
        .library(name: "SUntypedSignalOperators", targets: ["SUntypedSignalOperators"]),
        .library(name: "SignalTesting", targets: ["SignalTesting"]),
        // The originals' module names, for code written against them (re-exports only).
        .library(name: "SwiftSignalKit", targets: ["SwiftSignalKit"]),
        .library(name: "SSignalKit", targets: ["SSignalKit"]),
        .executable(name: "signal-demo", targets: ["SignalDemo"]),
    ],
    targets: [
        // Locks, Atomic, Bag, queues, timers, the worker pool and virtual time.
        .target(name: "SignalSync", dependencies: ["SignalSyncStack"], exclude: ["Core/NOTES.md", "HotSources/NOTES.md", "Primitives/NOTES.md"]),
        // The one piece in C: thread-locals read inline (StackGuard's stack floor, PipeHubEngine's delivery frame, GenerationScope's stack) and the atomics (Synchronization's need macOS 15 / iOS 18).
        .target(name: "SignalSyncStack"),
        // SwiftSignalKit: Signal<T, E> with free-function operators joined by |>.
        .target(name: "STypedSignal", dependencies: ["SignalSync"]),
        // SSignalKit: SSignal with Any? values and method-chained operators.
        .target(name: "SUntypedSignal", dependencies: ["SignalSync"]),
        // Operators beyond the originals, over SignalSync's engines (see the products).
        .target(name: "STypedSignalOperators", dependencies: ["STypedSignal", "SignalSync"]),
        .target(name: "SUntypedSignalOperators", dependencies: ["SUntypedSignal", "SignalSync"]),
        // Conversions between the two APIs.
        .target(name: "Bridge", dependencies: ["SignalSync", "STypedSignal", "SUntypedSignal"]),
        // `import SwiftSignalKit` and `import SSignalKit`: the originals' module names, as
        // re-exports of the typed and untyped APIs with the shared layer.
        .target(name: "SwiftSignalKit", dependencies: ["STypedSignal", "SignalSync"]),
        .target(name: "SSignalKit", dependencies: ["SUntypedSignal", "SignalSync"]),
        // Marble tests, recorders and virtual time for users' tests of both APIs (reports to
        // XCTest or Swift Testing, whichever runs the test).
        .target(name: "SignalTesting", dependencies: ["SignalSync", "STypedSignal", "SUntypedSignal"]),
        // The demo that README's first command runs.
        .executableTarget(name: "SignalDemo", dependencies: ["STypedSignal", "SUntypedSignal", "Bridge", "SignalSync"]),

        // Command-line programs that MainQueueTests runs to check the main queue under
        // dispatchMain(), a run loop and an async main (not products; built with the tests).
        .executableTarget(
            name: "MainQueueProbe",
            dependencies: ["STypedSignal", "SUntypedSignal"],
            path: "Tests/Probes/MainQueueProbe"
        ),
        .executableTarget(
            name: "AsyncMainQueueProbe",
            dependencies: ["STypedSignal", "SUntypedSignal"],
            path: "Tests/Probes/AsyncMainQueueProbe"
        ),

        // The base test case of every test target: no subscription left live after a test.
        .target(name: "SignalTestSupport", dependencies: ["SignalSync", "SignalTesting"], path: "Tests/SignalTestSupport"),
        .testTarget(name: "SignalSyncTests", dependencies: ["SignalSync", "SignalTestSupport"]),
        .testTarget(name: "STypedSignalTests", dependencies: ["STypedSignal", "STypedSignalOperators", "SignalSync", "SignalTestSupport"]),
        .testTarget(name: "SUntypedSignalTests", dependencies: ["SUntypedSignal", "SUntypedSignalOperators", "SignalSync", "SignalTestSupport"]),
        .testTarget(name: "SignalTestingTests", dependencies: ["SignalTesting", "STypedSignal", "SUntypedSignal", "SignalSync", "SignalTestSupport"]),
        .testTarget(
            name: "BridgeTests",
            dependencies: [
                "Bridge", "STypedSignal", "SUntypedSignal", "STypedSignalOperators", "SUntypedSignalOperators", "SignalSync",
                "SignalTestSupport",
            ]
        ),
        // Common user code in Swift 6 mode against the public API only; it must build
        // with zero warnings (the API states which closures cross threads).
        .testTarget(
            name: "SwiftSixUserTests",
            dependencies: [
                "STypedSignal", "SUntypedSignal", "STypedSignalOperators", "SUntypedSignalOperators", "Bridge", "SignalTestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Code written against SSignalKit as Swift imports it (Swift 5 mode, `import
        // SSignalKit` only): every imported spelling gives the events of what it forwards to.
        .testTarget(
            name: "SSignalKitTests",
            dependencies: ["SSignalKit", "SignalTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The executable specification: one scenario catalogue, run against both APIs.
        .testTarget(
            name: "ParityTests",
            dependencies: [
                "STypedSignal", "SUntypedSignal", "STypedSignalOperators", "SUntypedSignalOperators", "Bridge", "SignalSync",
                "SignalTesting", "SignalTestSupport",
            ],
            path: "Parity",
            exclude: ["README.md"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
