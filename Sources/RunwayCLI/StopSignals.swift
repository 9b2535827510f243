import ArgumentParser
import Dispatch
import Foundation
import SiteBuilding
import Synchronization
import SyntaxHighlighting
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (`SIGINT`) and `SIGTERM`, turned into a request that the command's builds stop
/// (``BuildStop``) instead of ending the process wherever it is: a build stopped before its commit
/// leaves the previous output as it was, one committing finishes, `serve` and `watch` end after
/// their rebuild. The build's tokenizer stops too, for good (the command ends), so that a build
/// waiting for Pygments ends at once rather than after its timeouts. `stopping…` on standard
/// error says the signal was heard. A signal ignored when Runway started (a background job's
/// Ctrl-C) stays ignored.
final class StopSignals: @unchecked Sendable {
    /// The signal that asked first; 0 while none has.
    private let received = Atomic<Int32>(0)
    /// Kept for as long as this lives: a signal source that goes stops listening.
    private var sources: [any DispatchSourceSignal] = []

    /// Where signals are heard.
    private static let queue = DispatchQueue(label: "runway.stop-signals", qos: .userInteractive)

    /// Listens from now on: a signal that comes once this returns is heard.
    init(stopping build: SiteBuild) {
        let (stop, tokenizer) = (build.stop, build.highlighter?.tokenizer)
        for number in [SIGINT, SIGTERM] {
            let previous = signal(number, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            // A queue of its own (serial, so given a thread of its own when the others are
            // busy): on the global queue, the handler waited behind the build's renders, which
            // keep every processor busy, and the build went on to its end after `stopping…`.
            let source = DispatchSource.makeSignalSource(signal: number, queue: Self.queue)
            source.setEventHandler { [self] in
                guard received.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent).exchanged else { return }
                // Said at once (putting the previous output back can take a moment), and before
                // the request, so before anything the stopped build says: with the tokenizer's
                // waits ended at once, the build could say it stopped before this was written.
                FileHandle.standardError.write(Data("stopping…\n".utf8))
                stop.request()
                tokenizer?.stop()
            }
            // Registration is asynchronous: waited for, so that no signal falls between.
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            registered.wait()
            sources.append(source)
        }
    }

    /// The exit status of a command a signal stopped, as a shell gives one (130 after Ctrl-C,
    /// 143 after `SIGTERM`); `nil` when none came.
    var exitCode: ExitCode? {
        let number = received.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : ExitCode(128 + number)
    }
}
