import Foundation

// The driver for the targets in `Targets.swift`, one chosen by the environment variable
// RUNWAY_FUZZ_TARGET (default `markdown`). `make fuzz TARGET=<name> SECONDS=N` builds this with
// -sanitize=fuzzer,address and -DFUZZING, and main hands over to libFuzzer's driver; a plain build
// replays the files given as arguments (`RUNWAY_FUZZ_TARGET=toml .build/debug/RunwayFuzz file…`).
// The name travels in the environment, not in argv, because libFuzzer reads all of argv as its own
// and hands the same environment to the processes it forks (-fork, -jobs).

/// The target RUNWAY_FUZZ_TARGET names; exits with a message when it names none.
func selectedTarget() -> @Sendable (UnsafeRawBufferPointer) -> Void {
    let name = ProcessInfo.processInfo.environment["RUNWAY_FUZZ_TARGET"] ?? "markdown"
    guard let target = fuzzTargets[name] else {
        let known = fuzzTargets.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(Data("RunwayFuzz: error: no fuzz target '\(name)' (known: \(known))\n".utf8))
        exit(2)
    }
    return target
}

#if FUZZING
/// The target every input goes to, chosen once before libFuzzer starts (its callback is a C
/// function pointer and cannot capture it).
nonisolated(unsafe) var exercise: @Sendable (UnsafeRawBufferPointer) -> Void = { _ in }

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    exercise(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum Fuzz {
    static func main() {
        exercise = selectedTarget()
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzOne(data, count) })
    }
}
#else
/// Replays inputs (crashers, seeds) without libFuzzer.
@main
enum Replay {
    static func main() {
        let exercise = selectedTarget()
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): error: cannot be read\n".utf8))
                exit(1)
            }
            data.withUnsafeBytes(exercise)
            print("\(path): ok")
        }
    }
}
#endif
