// swift-tools-version: 6.3
//
// The benchmark package of SignalKit. It lives in its own folder so that its
// dependencies (package-benchmark, OpenCombine, swift-async-algorithms) never reach
// users of the library.
//
// - `Scenarios`: the scenario catalogue (S1–S16 and their variants) and the footprint rows
//   (M1–M7: bytes per live subscription), written once per implementation (typed,
//   untyped, bridged, OpenCombine, and swift-async-algorithms where it has the
//   operator: S1 and S5b).
// - `ratios`: runs every scenario side by side in one process, prints the table of
//   ns per op and ratios to OpenCombine and to async-algorithms, checks
//   `thresholds.json`, prints the footprint table (checked against `footprint.json`)
//   and can draw the table as an SVG bar chart (see run.sh).
// - `HeapStatistics`: glibc's heap bytes in use (`mallinfo2`), for the footprint rows.
// - `SignalBenchmarks`: the same scenarios as package-benchmark benchmarks, for the
//   detailed metrics (malloc counters, percentiles): `swift package benchmark`.
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the root package's identity
/// is whatever the clone is called (`signalkit`, `wt-bench`, ...): work it out here.
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "").lowercased()

let package = Package(
    name: "SignalKitBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    ],
    targets: [
        .target(
            name: "Scenarios",
            dependencies: [
                .product(name: "STypedSignal", package: rootPackage),
                .product(name: "SUntypedSignal", package: rootPackage),
                .product(name: "STypedSignalOperators", package: rootPackage),
                .product(name: "SUntypedSignalOperators", package: rootPackage),
                .product(name: "Bridge", package: rootPackage),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
        ),
        .target(name: "HeapStatistics"),
        .executableTarget(
            name: "ratios",
            dependencies: ["Scenarios", "HeapStatistics"],
            path: "Sources/Ratios"
        ),
        .executableTarget(
            name: "SignalBenchmarks",
            dependencies: [
                "Scenarios",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SignalBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
