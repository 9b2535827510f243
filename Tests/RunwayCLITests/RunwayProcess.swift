import Foundation

/// Runs the built `runway` executable, as a user would.
struct RunwayProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The products folder the test bundle was built into; `runway` is built beside it.
    static let executable: URL = {
        var url = Bundle.main.bundleURL
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("runway").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("runway")
    }()

    /// A command that exits before reading its input must not kill the tests with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// `environment` adds to (or replaces in) this process's environment.
    static func run(_ arguments: [String], input: Data? = nil, in folder: String? = nil, environment: [String: String] = [:]) throws -> Result {
        try runTool(executable.path, arguments, input: input, in: folder, environment: environment)
    }

    /// Another program (a validator, a reference renderer), run the same way.
    static func runTool(_ path: String, _ arguments: [String], input: Data? = nil, in folder: String? = nil,
                        environment: [String: String] = [:]) throws -> Result {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            DispatchQueue.global().async {
                // The command may exit without reading it all: a broken pipe is not an error here.
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        // Read standard error on another thread while this one reads standard output, so neither
        // pipe can fill up and block the process.
        let errors = ErrorReader(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                      stderr: String(decoding: errors.wait(), as: UTF8.self))
    }

    /// A temporary file holding `contents`.
    static func file(_ contents: Data, name: String = "page.md") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }
}

/// Reads a pipe to its end on a background thread.
private final class ErrorReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
