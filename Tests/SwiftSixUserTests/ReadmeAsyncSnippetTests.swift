import STypedSignal
// The "Async and await" article's block (STypedSignal's DocC) inside a function (its print calls routed to a
// collector), so that it keeps compiling in Swift 6 mode and its printed lines stay true.
import SignalTestSupport
import XCTest

private struct LoadError: Error {}

private func readmeAsyncDemo(print: @escaping @Sendable (String) -> Void) async {
    // A signal's values as an AsyncSequence: non-throwing for NoError signals...
    let numbers = Signal<Int, NoError> { subscriber in
        for value in 1...3 { subscriber.putNext(value) }
        subscriber.putCompletion()
        return EmptyDisposable
    }
    for await value in numbers.values {
        print("\(value)")  // 1, 2, 3
    }

    // ...throwing the signal's own error type otherwise (typed throws).
    let failing = Signal<Int, LoadError>.fail(LoadError())
    do throws(LoadError) {
        for try await value in failing.values { print("\(value)") }
    } catch {
        print("failed: \(error)")  // failed: LoadError()
    }

    // The first value; the signal's own error is thrown as it is.
    do {
        let first = try await numbers.firstValue()  // 1
        print("\(first)")
        _ = try await failing.firstValue()
    } catch let error as LoadError {
        print("load error \(error)")
    } catch SignalAwaitError.completedWithoutValue {
        print("empty")
    } catch {
        print("cancelled or other: \(error)")
    }

    // And back: a signal from an async function or any AsyncSequence.
    let fetched = Signal<String, NoError>.fromAsync { "fetched" }
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let streamed = Signal<Int, NoError>.fromAsyncSequence(stream)
    let subscription = streamed.start(next: { print("stream: \($0)") })
    input.yield(7)
    print(try! await fetched.firstValue())  // fetched
    subscription.dispose()  // cancels the iterating task
}

final class ReadmeAsyncSnippetTests: LeakCheckedTestCase {
    func testTheAsyncBlockPrintsWhatItSays() async {
        let lines = Collected<String>()
        await readmeAsyncDemo(print: { lines.append($0) })
        // "stream: 7" may or may not arrive before the disposal; the rest is fixed.
        XCTAssertEqual(
            lines.values.filter { !$0.hasPrefix("stream:") },
            ["1", "2", "3", "failed: LoadError()", "1", "load error LoadError()", "fetched"])
    }
}
