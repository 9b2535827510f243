import Foundation

/// Long-lived helpers (chromedriver, `runway serve`, a static server) started detached: a shell
/// starts the command in the background, with every inherited descriptor above 2 closed, writes
/// its pid and exits. Foundation's Process, waiting on a long-lived child, stops reaping the
/// others (its monitor blocks in wait4 on that child).
enum Detached {
    /// Whether the process is alive: not gone, and not a zombie nobody reaped yet (a container's
    /// first process may never reap the orphans the launcher leaves).
    static func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0, let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !status.contains(") Z ")
    }

    /// Starts `command` (shell syntax) with its output in `log`; its pid.
    static func launch(_ command: String, log: String = "/dev/null") throws -> Int32 {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("runway-detached-\(UUID().uuidString).pid").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: "/bin/bash")
        launcher.arguments = ["-c", """
            for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null
            \(command) </dev/null >'\(log)' 2>&1 &
            echo $! > '\(pidFile)'
            """]
        launcher.standardInput = FileHandle.nullDevice
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        launcher.waitUntilExit()
        return Int32(((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
