import Bridge
// Common user code, written as a Swift 6 program would write it against the package's
// public API only (no SignalSync, no @testable). This target must build with zero
// warnings: each pattern here is something the compiler accepts without complaint
// because the API says which closures cross threads.
import Foundation
import Observation
import STypedSignal
import SUntypedSignal
import SignalTestSupport
import XCTest

/// A user's thread-safe collector, as a Swift 6 program would write one (with the
/// library's `Atomic`, which every supported system has).
final class Collected<Value: Sendable>: Sendable {
    private let storage = Atomic<[Value]>(value: [])

    func append(_ value: Value) {
        _ = storage.modify { $0 + [value] }
    }

    var values: [Value] {
        storage.with { $0 }
    }
}

struct SearchError: Error, Equatable {
    let query: String
}

final class TypedUserPatternsTests: LeakCheckedTestCase {
    func testSynchronousChainIntoALocal() {
        let numbers = Signal<Int, NoError> { subscriber in
            for value in 1...5 { subscriber.putNext(value) }
            subscriber.putCompletion()
            return EmptyDisposable
        }
        nonisolated(unsafe) var received: [Int] = []
        nonisolated(unsafe) var completed = false
        let disposable =
            (numbers
            |> filter { $0 % 2 == 1 }
            |> map { $0 * 10 }
            |> take(2))
            .start(next: { received.append($0) }, completed: { completed = true })
        disposable.dispose()
        XCTAssertEqual(received, [10, 30])
        XCTAssertTrue(completed)
    }

    func testDeliverOnAQueueIntoASendableCollector() {
        let work = Queue(name: "work")
        let results = Collected<String>()
        let done = expectation(description: "completed")
        let signal =
            Signal<Int, NoError>.single(2)
            |> runOn(work)
            |> map { "value \($0)" }
            |> deliverOn(Queue(name: "results"))
        let disposable = signal.start(next: { results.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 30)
        disposable.dispose()
        XCTAssertEqual(results.values, ["value 2"])
    }

    func testQueueClosuresCaptureOnlySendableState() {
        let queue = Queue(name: "counter")
        let counter = Atomic(value: 0)
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 100
        for _ in 0..<100 {
            queue.async {
                counter.modify { $0 + 1 }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 30)
        // sync may change the caller's locals: the caller waits for it.
        var total = 0
        queue.sync { total = counter.with { $0 } }
        XCTAssertEqual(total, 100)
    }

    func testValuePromiseAcrossThreads() async throws {
        let name = ValuePromise<String>("anonymous", ignoreRepeated: true)
        let seen = Collected<String>()
        let watch = name.get().start(next: { seen.append($0) })
        await Task.detached { name.set("alice") }.value
        name.set("alice")
        watch.dispose()
        XCTAssertEqual(seen.values, ["anonymous", "alice"])
        let current = try await name.get().firstValue()
        XCTAssertEqual(current, "alice")
    }

    func testPromiseSetFromAnAsyncFunction() async throws {
        let profile = Promise<String>()
        profile.set(Signal<String, NoError>.fromAsync { "profile" })
        let value = try await profile.get().firstValue()
        XCTAssertEqual(value, "profile")
    }

    func testValuePipeFedFromATask() async {
        let pipe = ValuePipe<Int>()
        let values = Collected<Int>()
        let three = expectation(description: "three values")
        three.expectedFulfillmentCount = 3
        let subscription = pipe.signal().start(next: { value in
            values.append(value)
            three.fulfill()
        })
        await Task.detached {
            for value in 1...3 { pipe.putNext(value) }
        }.value
        await fulfillment(of: [three], timeout: 30)
        subscription.dispose()
        XCTAssertEqual(values.values, [1, 2, 3])
    }

    func testAsyncValuesAndTypedErrors() async {
        let results = Signal<[String], SearchError> { subscriber in
            subscriber.putNext(["swift"])
            subscriber.putError(SearchError(query: "?"))
            return EmptyDisposable
        }
        var pages: [[String]] = []
        do throws(SearchError) {
            for try await page in results.values {
                pages.append(page)
            }
        } catch {
            XCTAssertEqual(error.query, "?")
        }
        XCTAssertEqual(pages, [["swift"]])

        do {
            _ = try await Signal<Int, SearchError>.fail(SearchError(query: "x")).firstValue()
        } catch let error as SearchError {
            XCTAssertEqual(error, SearchError(query: "x"))
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testSignalFromAnAsyncStream() async throws {
        let (stream, input) = AsyncStream.makeStream(of: String.self)
        input.yield("a")
        input.yield("b")
        input.finish()
        var got: [String] = []
        for await value in Signal<String, NoError>.fromAsyncSequence(stream).values {
            got.append(value)
        }
        XCTAssertEqual(got, ["a", "b"])
    }

    func testDebugIntoAClosure() {
        let lines = Collected<String>()
        let _ = (Signal<Int, NoError>.single(1) |> debug("one", log: { lines.append($0) })).start()
        XCTAssertEqual(lines.values.count, 4)
    }
}

/// A main-actor view model fed by a signal: `startOnMainActor` moves values to the main
/// queue and runs the callback isolated to the main actor, so it may set main-actor
/// state directly (the compiler checks it).
@MainActor
final class SearchViewModel {
    private(set) var results: [String] = []
    private var subscription: Disposable?

    func bind(_ searches: Signal<[String], NoError>, applied: @escaping @MainActor () -> Void) {
        subscription = searches.startOnMainActor(next: { [weak self] results in
            self?.results = results
            applied()
        })
    }

    /// The same with `deliverOn` and an explicit `MainActor.assumeIsolated`.
    func bindWithDeliverOn(_ searches: Signal<[String], NoError>) {
        subscription = (searches |> deliverOn(Queue.mainQueue())).start(next: { [weak self] results in
            MainActor.assumeIsolated {
                self?.results = results
            }
        })
    }

    func unbind() {
        subscription?.dispose()
        subscription = nil
    }
}

final class MainActorUserPatternsTests: LeakCheckedTestCase {
    @MainActor
    func testViewModelUpdatedOnTheMainActor() async {
        let model = SearchViewModel()
        let applied = expectation(description: "applied")
        let background = Queue(name: "search")
        model.bind(Signal<[String], NoError>.single(["swift", "signal"]) |> runOn(background)) {
            applied.fulfill()
        }
        await fulfillment(of: [applied], timeout: 30)
        XCTAssertEqual(model.results, ["swift", "signal"])
        model.unbind()
    }

    @MainActor
    func testAwaitingFromTheMainActor() async throws {
        let value = try await (Signal<Int, NoError>.single(4) |> runOn(Queue(name: "bg"))).firstValue()
        XCTAssertEqual(value, 4)
        var sum = 0
        for await value in (Signal<Int, NoError>.single(5) |> deliverOn(Queue(name: "serial"))).values {
            sum += value
        }
        XCTAssertEqual(sum, 5)
    }
}

final class UntypedUserPatternsTests: LeakCheckedTestCase {
    @MainActor
    func testStartOnMainActor() async {
        let model = SearchViewModel()
        let applied = expectation(description: "applied")
        var received: String?
        SSignal.single("x").startOn(SQueue()).startOnMainActor(next: { value in
            received = value as? String
            applied.fulfill()
        })
        await fulfillment(of: [applied], timeout: 30)
        XCTAssertEqual(received, "x")
        _ = model
    }

    func testChainAndPipe() {
        let pipe = SPipe()
        nonisolated(unsafe) var seen: [String] = []
        let subscription = pipe.signal()
            .filter { $0 != nil }
            .map { "got \($0 as! Int)" }
            .start(next: { seen.append($0 as! String) })
        pipe.putNext(1)
        pipe.putNext(nil)
        pipe.putNext(2)
        subscription.dispose()
        XCTAssertEqual(seen, ["got 1", "got 2"])
    }

    func testDispatchOnAQueueWithSendableState() {
        let queue = SQueue()
        let hits = Collected<Int>()
        let done = expectation(description: "ran")
        queue.dispatch {
            hits.append(1)
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(hits.values, [1])
    }

    func testAsyncBothWays() async throws {
        let first = try await SSignal.fromAsync { "loaded" }.firstValue()
        XCTAssertEqual(first as? String, "loaded")
        var count = 0
        for try await _ in SSignal.single(1).then(SSignal.single(nil)).values {
            count += 1
        }
        XCTAssertEqual(count, 2)
    }
}

final class BridgeUserPatternsTests: LeakCheckedTestCase {
    func testTypedThroughUntypedAndBack() async throws {
        let typed = Signal<Int, NoError>.single(7)
        let untyped: SSignal = typed.toUntyped()
        let back = untyped.toTyped(Int.self, NoError.self)
        let value = try await back.firstValue()
        XCTAssertEqual(value, 7)
    }
}

/// A typical `@Observable` view model on the main actor, bound both ways.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class ProfileViewModel {
    var name = ""
    var greeting = ""
    @ObservationIgnored private var bindings: [Disposable] = []

    /// Names flow in from a signal; the greeting is derived by observing the model itself.
    func bind(names: Signal<String, NoError>) {
        bindings.append(names.assignOnMainActor(to: \.name, on: self))
        bindings.append(
            (Signal<String, NoError>.observingOnMainActor { [weak self] in self?.name ?? "" }
                |> map { "Hello, \($0)" })
                .assignOnMainActor(to: \.greeting, on: self))
    }

    func unbind() {
        bindings.forEach { $0.dispose() }
        bindings = []
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservationUserPatternsTests: LeakCheckedTestCase {
    @MainActor
    func testAViewModelBoundBothWays() async {
        let model = ProfileViewModel()
        let greeted = expectation(description: "greeted")
        let watch = Signal<String, NoError>.observingOnMainActor { model.greeting }.start(next: { greeting in
            if greeting == "Hello, ada" { greeted.fulfill() }
        })
        model.bind(names: Signal<String, NoError>.single("ada") |> runOn(Queue(name: "names")))
        await fulfillment(of: [greeted], timeout: 30)
        watch.dispose()
        model.unbind()
        XCTAssertEqual(model.name, "ada")
    }

    @MainActor
    func testUntypedAssignWithItsTypeError() async {
        let model = ProfileViewModel()
        let failed = expectation(description: "type error")
        let binding = SSignal.single(42).assignOnMainActor(
            to: \.name, on: model,
            error: { error in
                if error is SSignalTypeError { failed.fulfill() }
            })
        await fulfillment(of: [failed], timeout: 30)
        binding.dispose()
        XCTAssertEqual(model.name, "")
    }

    func testCombineLatestOfFourWithTheShorthand() {
        let a = Signal<Int, NoError>.single(1)
        let total = Collected<Int>()
        let _ = (combineLatest(a, a, a, Signal<Int, NoError>.single(4)) |> map { $0.0 + $0.3 }).start(next: { total.append($0) })
        XCTAssertEqual(total.values, [5])
    }
}
