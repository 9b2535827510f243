package import RunwayText
import Foundation

/// A Foundation file operation's error as a diagnostic that names the file and says why in the
/// system's words (`No space left on device`), never as `NSCocoaErrorDomain error 512`.
package enum FileFailure {
    /// `doing` (such as "cannot write the theme") with the reason, at the file the error names, or
    /// at `path` when it names none.
    package static func diagnostic(_ doing: String, _ error: any Error, path: String) -> Diagnostic {
        let failure = error as NSError
        let file = failure.userInfo[NSFilePathErrorKey] as? String ?? path
        return Diagnostic(.error, "\(doing): \(reason(failure, at: file))", path: file)
    }

    static func reason(_ error: NSError, at path: String) -> String {
        let said = reason(error)
        // Foundation sometimes says only "error 512": ask the file system why instead.
        guard said.contains("NSCocoaErrorDomain") else { return said }
        return probe(path).map { String(cString: strerror($0)) } ?? "the file system refused"
    }

    /// Why `path` cannot be made: the error number of its nearest existing parent's problem.
    static func probe(_ path: String) -> Int32? {
        var folder = (path as NSString).deletingLastPathComponent
        var info = stat()
        while !folder.isEmpty && folder != "/" && stat(folder, &info) != 0 { folder = (folder as NSString).deletingLastPathComponent }
        if stat(folder.isEmpty ? "." : folder, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR { return ENOTDIR }
        return access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 ? nil : errno
    }

    static func reason(_ error: NSError) -> String {
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying !== error { return reason(underlying) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteFileExists: return String(cString: strerror(EEXIST))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        default: return error.localizedDescription
        }
    }
}
