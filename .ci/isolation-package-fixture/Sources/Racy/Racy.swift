// App code that would touch main-actor state off the main thread. In Swift 6 mode each
// line marked DIAGNOSED must get a diagnostic (a warning, an error under
// -warnings-as-errors); .ci/isolation-package checks that every marked line, and no other,
// gets one. It is never run.
import STypedSignal
import STypedSignalOperators
import SUntypedSignal
import SUntypedSignalOperators

/// The signal of the issue: values on a background queue.
func background() -> Signal<Int, NoError> {
    Signal<Int, NoError>.single(1) |> runOn(Queue.concurrentDefaultQueue())
}

/// A label bound the way a new user would write it.
@MainActor final class Label {
    var text = ""
    var shown: [String] = []
    var factor = 2
    var handle: Disposable?
    var untypedHandle: SDisposable?

    func bind(_ signal: Signal<Int, NoError>) {
        handle = signal.start(next: { value in self.text = "\(value)" })  // DIAGNOSED
    }

    func bindHits(_ hits: Signal<[String], NoError>) {
        handle = hits.start(next: { hits in self.shown = hits.map { $0.uppercased() } })  // DIAGNOSED
    }

    func bindCompletion(_ signal: Signal<Int, NoError>) {
        handle = signal.start(completed: { self.text = "done" })  // DIAGNOSED
    }

    func bindStrict(_ signal: Signal<Int, NoError>) {
        handle = signal.startStrict(next: { self.text = "\($0)" })  // DIAGNOSED
    }

    func bindUntyped(_ signal: SSignal) {
        untypedHandle = signal.start(next: { self.text = "\($0 as! Int)" })  // DIAGNOSED
    }

    func bindUntypedStrict(_ signal: SSignal) {
        untypedHandle = signal.startStrict(error: { _ in self.text = "failed" })  // DIAGNOSED
    }

    func scaled(_ signal: Signal<Int, NoError>) -> Signal<Int, NoError> {
        signal |> map { $0 * self.factor }  // DIAGNOSED
    }

    func large(_ signal: Signal<Int, NoError>) -> Signal<Int, NoError> {
        signal |> filter { $0 > self.factor }  // DIAGNOSED
    }

    func lookUp(_ signal: Signal<Int, NoError>) -> Signal<String, NoError> {
        signal |> mapToSignal { value in .single(self.text + "\(value)") }  // DIAGNOSED
    }

    func current() -> Signal<String, NoError> {
        Signal { subscriber in
            subscriber.putNext(self.text)  // DIAGNOSED
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }

    func scaledUntyped(_ signal: SSignal) -> SSignal {
        signal.map { ($0 as! Int) * self.factor }  // DIAGNOSED
    }

    func largeUntyped(_ signal: SSignal) -> SSignal {
        signal.filter { ($0 as! Int) > self.factor }  // DIAGNOSED
    }

    func totals(_ signal: Signal<Int, NoError>) -> Signal<Int, NoError> {
        signal |> scan(0) { $0 + $1 * self.factor }  // DIAGNOSED
    }

    func labels(_ signal: Signal<Int, NoError>) -> Signal<String, NoError> {
        signal |> compactMap { $0 > self.factor ? self.text : nil }  // DIAGNOSED
    }

    func afterWarmUp(_ signal: Signal<Int, NoError>) -> Signal<Int, NoError> {
        signal |> skip(while: { $0 < self.factor })  // DIAGNOSED
    }

    func untilLarge(_ signal: Signal<Int, NoError>) -> Signal<Int, NoError> {
        signal |> take(while: { $0 < self.factor })  // DIAGNOSED
    }

    func sent(_ taps: Signal<Void, NoError>, _ text: Signal<String, NoError>) -> Signal<String, NoError> {
        taps |> withLatestFrom(text) { _, text in text + self.text }  // DIAGNOSED
    }

    func totalsUntyped(_ signal: SSignal) -> SSignal {
        signal.scan(0) { ($0 as! Int) + ($1 as! Int) * self.factor }  // DIAGNOSED
    }

    func labelsUntyped(_ signal: SSignal) -> SSignal {
        signal.compactMap { ($0 as! Int) > self.factor ? self.text : nil }  // DIAGNOSED
    }

    func afterWarmUpUntyped(_ signal: SSignal) -> SSignal {
        signal.skip(while: { ($0 as! Int) < self.factor })  // DIAGNOSED
    }

    func untilLargeUntyped(_ signal: SSignal) -> SSignal {
        signal.take(while: { ($0 as! Int) < self.factor })  // DIAGNOSED
    }

    func sentUntyped(_ taps: SSignal, _ text: SSignal) -> SSignal {
        taps.withLatestFrom(text) { _, text in (text as! String) + self.text }  // DIAGNOSED
    }

    func currentUntyped() -> SSignal {
        SSignal { subscriber in
            subscriber.putNext(self.text)  // DIAGNOSED
            subscriber.putCompletion()
            return nil
        }
    }
}
