import Foundation

extension PygmentsTokenizer {
    /// Requests streamed to one worker, for a build that knows its blocks before it needs their
    /// tokens. ``add(language:code:answer:)`` queues a block and returns at once; one thread writes
    /// the queue to the worker while another reads its answers, so that the worker never waits for
    /// the next block and the caller never waits for an answer. A block asked for one at a time
    /// (``PygmentsTokenizer/tokens(language:code:)``) costs the worker a wake-up, and the build the
    /// time the worker sleeps.
    ///
    /// Each block's `answer` is called once, from the stream's thread: with its outcome, or with
    /// `nil` when the stream did not try it (no worker could start, or the worker broke on a block
    /// before it). The caller then asks the tokenizer for that block alone, which says why.
    public final class Stream: @unchecked Sendable {
        private let tokenizer: PygmentsTokenizer
        private let python: String?
        /// Guards everything below, and wakes the two threads.
        private let condition = NSCondition()
        private var queued: [Request] = []
        /// Written to the worker, answers not read yet: oldest first.
        private var sent: [Request] = []
        private var started = false
        private var closed = false
        private var writing = false
        /// No more blocks are tried: the stream ended, or its worker broke.
        private var ended = false

        private struct Request {
            var language: String
            var code: String
            var answer: @Sendable (Outcome?) -> Void
        }

        init(tokenizer: PygmentsTokenizer, python: String?) {
            self.tokenizer = tokenizer
            self.python = python
        }

        /// Queues `code` in `language` (a plain name, at most ``PygmentsTokenizer/maximumLength``
        /// bytes; others are answered `nil` at once); the first block starts the stream.
        public func add(language: String, code: String, answer: @escaping @Sendable (Outcome?) -> Void) {
            guard python != nil, Self.takes(language: language, code: code), tokenizer.gaveUp == nil else { return answer(nil) }
            condition.lock()
            guard !ended else {
                condition.unlock()
                return answer(nil)
            }
            queued.append(Request(language: language, code: code, answer: answer))
            let start = !started
            started = true
            condition.signal()
            condition.unlock()
            tokenizer.counted()
            if start { Thread.detachNewThread { self.write() } }
        }

        /// Whether a stream sends `code` in `language` to its worker: a plain name (see
        /// `PygmentsWorker.isLanguageName`), at most ``PygmentsTokenizer/maximumLength`` bytes.
        static func takes(language: String, code: String) -> Bool {
            PygmentsWorker.isLanguageName(language) && code.utf8.count <= PygmentsTokenizer.maximumLength
        }

        /// No more blocks will be added: the stream's worker goes back to the tokenizer once the
        /// queued blocks are answered.
        public func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }

        /// The writing thread: takes a slot and a worker, starts the reading thread, and writes
        /// each queued block.
        private func write() {
            tokenizer.slots.wait()
            guard let python else { return end(worker: nil, failure: nil) }
            let worker: PygmentsWorker
            switch tokenizer.checkOut(python: python) {
            case .worker(let found): worker = found
            case .unavailable, .stopped: return end(worker: nil, failure: nil)
            }
            condition.lock()
            writing = true
            condition.unlock()
            Thread.detachNewThread { self.read(worker) }
            while true {
                condition.lock()
                while queued.isEmpty && !closed && !ended { condition.wait() }
                guard !ended, !queued.isEmpty else {
                    writing = false
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                let request = queued.removeFirst()
                sent.append(request)
                condition.broadcast()
                condition.unlock()
                do throws(PygmentsWorker.Failure) {
                    try worker.write(language: request.language, code: request.code, timeout: tokenizer.timeout(for: request.code))
                } catch {
                    // The reading thread then finds the worker stopped, and ends the stream.
                    worker.abandon()
                    condition.lock()
                    writing = false
                    condition.broadcast()
                    condition.unlock()
                    return
                }
            }
        }

        /// The reading thread: each answer, in the order of the requests, until the writing thread
        /// is done and every block written is answered, or the worker breaks.
        private func read(_ worker: PygmentsWorker) {
            while true {
                condition.lock()
                while sent.isEmpty && writing { condition.wait() }
                guard let request = sent.first else {
                    condition.unlock()
                    return end(worker: worker, failure: nil)
                }
                condition.unlock()
                let outcome: Outcome
                do throws(PygmentsWorker.Failure) {
                    let answer = try worker.answer(timeout: tokenizer.timeout(for: request.code))
                    tokenizer.spent(answer.seconds, language: request.language, code: request.code)
                    outcome = PygmentsTokenizer.outcome(of: answer, code: request.code)
                } catch {
                    if error.waited {
                        tokenizer.spent(Double(tokenizer.timeout(for: request.code)) / 1000, language: request.language, code: request.code, timedOut: true)
                    }
                    guard !error.brokenWorker else { return end(worker: worker, failure: error) }
                    outcome = .failed(error.description)
                }
                condition.lock()
                sent.removeFirst()
                condition.unlock()
                request.answer(outcome)
                // The build's budget for slow blocks is spent: the blocks left are not tried. A
                // worker with blocks still to answer is stopped (its answers would come to the
                // next request), else given back.
                if tokenizer.gaveUp != nil {
                    condition.lock()
                    let answering = !sent.isEmpty || writing
                    condition.unlock()
                    guard answering else { return end(worker: worker, failure: nil) }
                    worker.abandon()
                    return end(worker: nil, failure: nil)
                }
            }
        }

        /// Ends the stream: the worker is given back, or, when it broke on the oldest block not
        /// answered, counted as the tokenizer counts broken workers and that block answered as
        /// ``PygmentsTokenizer/tokens(language:code:)`` would have; the other blocks not answered
        /// are answered `nil`, and the slot is freed.
        private func end(worker: PygmentsWorker?, failure: PygmentsWorker.Failure?) {
            condition.lock()
            ended = true
            var unanswered = sent + queued
            sent = []
            queued = []
            condition.broadcast()
            condition.unlock()
            if let worker, let failure {
                let outcome = tokenizer.failed(worker, failure)
                if !unanswered.isEmpty { unanswered.removeFirst().answer(outcome) }
            } else if let worker {
                tokenizer.checkIn(worker)
            }
            tokenizer.slots.signal()
            for request in unanswered { request.answer(nil) }
        }
    }
}
