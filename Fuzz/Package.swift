// swift-tools-version: 6.0
//
// The fuzz targets of SignalKit, for libFuzzer. A package of its own, like Benchmarks, so
// that the library's package lists no fuzzing target and no unsafe flag.
//
// - `MarbleFuzzer`: bytes, read as UTF-8, parsed as a marble (`Marble(_:)`), then played by
//   a cold test signal into a recorder that expects the same marble.
// - `PipelineFuzzer`: bytes, read as the parity generator's draws, give a pipeline that
//   the parity suite's four drivers run and check (its files are linked from Parity/).
// - `MachineFuzzer`: bytes, read as the events of the hop and queue-line machines, checked
//   by the machine explorer's models (the machines' and models' files are linked).
//
// Build and run with `.ci/fuzz` (it passes `-sanitize=fuzzer,address`, which instruments
// the library's targets too, so that libFuzzer sees the parser's branches).
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the root package's identity
/// is whatever the clone is called (`signalkit`, `wt-fuzz`, ...): work it out here.
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "").lowercased()

let package = Package(
    name: "SignalKitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "MarbleFuzzer",
            dependencies: [
                .product(name: "SignalTesting", package: rootPackage),
                .product(name: "STypedSignal", package: rootPackage),
            ],
            // libFuzzer's main calls `LLVMFuzzerTestOneInput`: the file has no top-level code
            // and no `@main`, so Swift must not make a `main` of its own.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "PipelineFuzzer",
            dependencies: [
                .product(name: "SignalTesting", package: rootPackage),
                .product(name: "STypedSignal", package: rootPackage),
                .product(name: "SUntypedSignal", package: rootPackage),
                .product(name: "STypedSignalOperators", package: rootPackage),
                .product(name: "SUntypedSignalOperators", package: rootPackage),
                .product(name: "Bridge", package: rootPackage),
                .product(name: "SignalSync", package: rootPackage),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The machines and their explorer models are compiled into the target (links in
        // `Linked/`), so that their `package` API is its own: no dependency.
        .executableTarget(
            name: "MachineFuzzer",
            swiftSettings: [.unsafeFlags(["-parse-as-library"]), .define("MACHINE_FUZZER")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
