import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This program run again with other arguments, waited for with wait4: its standard output and its
/// own peak memory (ru_maxrss of that one child, not RUSAGE_CHILDREN's maximum over every child).
/// posix_spawn starts the child in this process's memory (vfork), and Linux counts the peak of that
/// memory in the child's ru_maxrss: the parent holds no corpus meanwhile, so that its peak stays below
/// the least a child uses (the Swift runtime and its libraries, about 24 MB; see the baselines).
struct ChildProcess {
    /// What the child printed on standard output (its standard error is this process's).
    var output: String
    /// Peak resident memory of the child, in KB (Linux's ru_maxrss unit).
    var maxRSSKilobytes: Int
    /// Why the child failed, or nil when it exited with status 0.
    var failure: String?

    var peakMegabytes: Double { Double(maxRSSKilobytes) / 1024 }

    static func runSelf(_ arguments: [String]) -> ChildProcess {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let outputPath = NSTemporaryDirectory() + "/runway-bench-\(getpid())-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            return ChildProcess(output: "", maxRSSKilobytes: 0, failure: "could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // The wait status, as WIFEXITED / WEXITSTATUS / WTERMSIG read it (macros Swift does not import).
        let signal = status & 0x7f
        let failure: String? = signal != 0 ? "killed by signal \(signal)"
            : (status >> 8) & 0xff != 0 ? "exit status \((status >> 8) & 0xff)" : nil
        return ChildProcess(output: output, maxRSSKilobytes: usage.ru_maxrss, failure: failure)
    }
}
