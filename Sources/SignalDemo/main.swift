// The username-availability flow: a user types a new username; each keystroke is
// validated locally, and a valid name is checked with a (simulated) server once typing
// pauses (`debounce`), cancelling the check of any name typed over before it finished
// (`mapToSignal` keeps the latest check only). The state lives in an `@Observable` model
// on the main actor: the flow assigns into it (`assignOnMainActor`), and the screen
// observes it (`observingOnMainActor`), rendering the editing state with the current
// theme. The UI is typed (STypedSignal); the server is an untyped module (SUntypedSignal)
// reached through the Bridge.
//
// Run it with `swift run signal-demo`. It runs in real time (about two seconds): it
// prints a key to its output, then every state the screen would show. The UI runs on the
// main queue, drained the way the "Threads and the main queue" article recommends for a
// command-line program: the top-level code awaits (an async `main`), and main-actor code
// is main-queue work. The end of the flow is awaited too: the first screen state with a
// verdict for the last name typed. With `--live-subscriptions` it also prints the live subscriptions once the
// screen is rendering (`LiveSubscriptionReport`: recorded in debug builds only).

import Bridge
import Observation
import STypedSignal
import SUntypedSignal
import SignalSync

/// What the screen says about the name being typed.
enum Availability: Equatable, CustomStringConvertible {
    case empty
    case invalid(String)
    case checking
    case available
    case taken

    var description: String {
        switch self {
        case .empty: return "type a name"
        case .invalid(let reason): return "invalid: \(reason)"
        case .checking: return "checking..."
        case .available: return "available"
        case .taken: return "taken"
        }
    }
}

/// The editing state: the text and what is known about it.
struct EditingState: Equatable {
    var text = ""
    var availability = Availability.empty
}

/// The screen's model: what the user typed, what is known about it, and the theme. Any
/// code may read it as a plain object; signals assign into it and observe it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class UsernameModel {
    var editing = EditingState()
    var theme = "day"
}

/// Local rules: 5 to 32 characters, letters, digits and underscores, starting with a letter.
func validate(_ name: String) -> Availability? {
    if name.isEmpty { return .empty }
    guard let first = name.first, first.isLetter else { return .invalid("must start with a letter") }
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return .invalid("only a-z, 0-9 and _") }
    guard name.count >= 5 else { return .invalid("at least 5 characters") }
    guard name.count <= 32 else { return .invalid("at most 32 characters") }
    return nil
}

/// The simulated server, an untyped (SSignalKit-style) module: it answers after 80 ms on
/// its own queue with a decoded-JSON-like dictionary.
let serverQueue = SQueue()
let takenNames: Set<String> = ["alice", "telegram", "signals"]
func serverCheck(_ name: String) -> SSignal {
    SSignal.single(["name": name, "available": !takenNames.contains(name.lowercased())] as [String: Any])
        .delay(0.08, onQueue: serverQueue)
        .onStart { print("      server: checking \"\(name)\"") }
}

/// The typed face of the server: the bridge turns its untyped answer into a typed one
/// (an answer of the wrong shape would arrive as a typed error, not a crash).
func checkAvailability(_ name: String) -> Signal<Bool, NoError> {
    serverCheck(name).toTyped([String: Any].self, NoError.self)
        |> map { $0["available"] as? Bool ?? false }
        |> `catch` { _ in Signal<Bool, NoError>.single(false) }
}

let uiQueue = Queue.mainQueue()

/// The flow on the screen's model: keystrokes, checks, and the screen that renders the
/// model. Observation (the model's `@Observable`, `observingOnMainActor`) ships with
/// macOS 14, iOS 17, tvOS 17 and watchOS 10, hence the `@available`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class UsernameFlow {
    let model = UsernameModel()
    /// The text field: each keystroke pushes the whole text.
    let keystrokes = ValuePipe<String>()

    /// The editing state for each keystroke: at once what the local rules say (or
    /// "checking..." for a valid name), then the server's verdict once typing has paused
    /// for 300 ms. A pause on a name checked already checks nothing new; a newer pause
    /// cancels the check in flight; a verdict counts only while its name is on screen.
    func editingStates() -> Signal<EditingState, NoError> {
        let texts = keystrokes.signal() |> distinctUntilChanged
        let local = texts |> map { text in EditingState(text: text, availability: validate(text) ?? .checking) }
        let verdicts =
            texts
            |> debounce(0.3, queue: uiQueue)
            |> filter { validate($0) == nil }
            |> distinctUntilChanged
            |> mapToSignal { text -> Signal<EditingState?, NoError> in
                checkAvailability(text) |> map { EditingState(text: text, availability: $0 ? .available : .taken) }
            }
        return combineLatest(queue: uiQueue, local, EditingState(), verdicts, nil)
            |> map { local, verdict -> EditingState in
                if let verdict, verdict.text == local.text { return verdict }
                return local
            }
            |> distinctUntilChanged
    }

    /// The whole flow: the screen rendered, the keystrokes typed, the verdict awaited.
    func run() async {
        let model = self.model
        // The screen: the model's editing state and theme, observed on the main actor and
        // rendered after every change.
        let screen =
            Signal<(EditingState, String), NoError>.observingOnMainActor { (model.editing, model.theme) }
            |> map { editing, theme -> String in
                let done = editing.availability == .available ? "[Done]" : "[----]"
                return "[\(theme)] @\(editing.text.padding(toLength: 12, withPad: " ", startingAt: 0)) \(done) \(editing.availability)"
            }
            |> distinctUntilChanged
        print(
            """
            signal-demo: a username field, checked as it is typed. Each line is what the screen
            shows after a change: the theme ([day] or [night]), @ and the text typed, the Done
            button ([----] disabled, [Done] enabled once the name is available), and what is
            known about the name. The (simulated) server checks a valid name once typing has
            paused for 300 ms (the "server:" lines).

            """)
        let rendering = screen.start(next: { line in print(line) })
        let editing = editingStates().assignOnMainActor(to: \.editing, on: model)
        if CommandLine.arguments.contains("--live-subscriptions") {
            // What a debug menu would show: the subscriptions live at this moment, where
            // they were started and through what (empty in a release build).
            print(LiveSubscriptionReport.current())
        }

        // The keystrokes, typed on the UI queue: some fast (no check for the names typed
        // over), one pause long enough for a check to finish ("alice" is taken), a theme
        // change.
        let typing: [(Double, String)] = [
            (0.00, "a"), (0.05, "al"), (0.10, "ali"), (0.15, "alic"), (0.20, "alice"), (0.80, "alice_"), (0.90, "alice_s"),
        ]
        for (time, text) in typing {
            uiQueue.after(time) { [keystrokes] in keystrokes.putNext(text) }
        }
        uiQueue.after(0.85) { MainActor.assumeIsolated { model.theme = "night" } }

        // The async side: await the verdict on the last name (or give up after 10 s).
        let verdict =
            Signal<EditingState, NoError>.observingOnMainActor { model.editing }
            |> filter { $0.text == "alice_s" && ($0.availability == .available || $0.availability == .taken) }
            |> timeout(10, queue: uiQueue, alternate: .single(EditingState(text: "alice_s", availability: .empty)))
        do {
            let final = try await verdict.firstValue()
            print(final.availability == .empty ? "the flow did not finish in time" : "awaited: \"\(final.text)\" is \(final.availability)")
        } catch {
            print("the flow ended without a verdict: \(error)")
        }
        editing.dispose()
        rendering.dispose()
        print("done: one server check per pause, none for names typed over")
    }
}

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    await UsernameFlow().run()
} else {
    print("the demo observes an @Observable model: it needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
}
