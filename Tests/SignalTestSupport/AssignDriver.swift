import Foundation
import SignalSync
import XCTest

/// One API's `assign(to:on:)` into a model's text, for `AssignDriver`.
public protocol AssignAdapter: Sendable {
    /// The model `assign` writes into; it holds a text.
    associatedtype Model: AnyObject
    /// A hot source of texts.
    associatedtype Pipe

    /// A new model.
    static func makeModel() -> Model
    /// The model's text.
    static func text(of model: Model) -> String?
    /// A new pipe of texts.
    static func makePipe() -> Pipe
    /// Pushes `text` into `pipe`.
    static func push(_ text: String, into pipe: Pipe)
    /// Assigns to the model's text the texts of a signal whose generator subscribes to
    /// `pipe` and forwards its values, and whose disposal disposes that subscription, then
    /// calls `upstreamDisposed`. Returns what disposes the binding.
    static func assignForwarding(_ pipe: Pipe, upstreamDisposed: @escaping @Sendable () -> Void, toTextOf model: Model) -> () -> Void
}

/// The tests of `assign(to:on:)` written once for both APIs.
public enum AssignDriver {
    /// `assign` writes each value, holds the model weakly, and ends its upstream at the
    /// first value after the model is gone (not before).
    public static func writesEachValueAndEndsUpstreamAtTheFirstValueAfterTheModelIsGone<A: AssignAdapter>(
        _ api: A.Type, file: StaticString = #filePath, line: UInt = #line
    ) {
        let pipe = A.makePipe()
        let upstreamDisposed = LockedState(false)
        var model: A.Model? = A.makeModel()
        weak let weakModel = model
        let binding = A.assignForwarding(pipe, upstreamDisposed: { upstreamDisposed.withLock { $0 = true } }, toTextOf: model!)
        A.push("one", into: pipe)
        XCTAssertEqual(model.flatMap(A.text), "one", file: file, line: line)
        model = nil
        XCTAssertNil(weakModel, "assign holds the model weakly", file: file, line: line)
        XCTAssertFalse(upstreamDisposed.withLock { $0 }, file: file, line: line)
        A.push("two", into: pipe)
        XCTAssertTrue(upstreamDisposed.withLock { $0 }, "the first value after the model is gone ends the subscription", file: file, line: line)
        binding()
    }
}
