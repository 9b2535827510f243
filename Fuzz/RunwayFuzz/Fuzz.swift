import AttributedText
import Foundation
import HTMLRendering
import MarkdownParsing

// Parse + render of arbitrary bytes, checking the run model's invariants.
// `make fuzz SECONDS=N` builds this with -sanitize=fuzzer,address and -DFUZZING, and main hands
// over to libFuzzer's driver; a plain build replays the files given as arguments.

func exercise(_ bytes: UnsafeRawBufferPointer) {
    let markdown = String(decoding: bytes, as: UTF8.self)
    let parsed = MarkdownParser().parse(markdown, path: "fuzz.md")
    let text = parsed.text
    var end = 0
    for run in text.runs {
        precondition(run.range.lowerBound == end, "runs must cover the text without gaps")
        end = run.range.upperBound
    }
    precondition(end == text.string.utf8.count, "runs must cover the whole text")
    _ = HTMLRenderer().render(text)
    _ = HTMLRenderer(options: .init(allowsRawHTML: true)).render(text)
}

#if FUZZING
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
