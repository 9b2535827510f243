public import RunwayText
import Formatting
import SiteOutput
public import Foundation

/// The site template `runway new` copies: the `site-template` folder of Runway's source tree.
public struct SiteTemplate: Sendable {
    /// The template's folder.
    public let root: String

    /// The template in `root`.
    public init(root: String) {
        self.root = root
    }

    /// Finds the template: `$RUNWAY_SITE_TEMPLATE`, or the `site-template` folder that ships with
    /// Runway (see ``BundledResources``).
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: String = CommandLine.arguments[0]) throws(Diagnostic) -> SiteTemplate {
        if let configured = environment["RUNWAY_SITE_TEMPLATE"],
           FileManager.default.fileExists(atPath: configured + "/" + SiteConfiguration.fileName) {
            return SiteTemplate(root: configured)
        }
        let (folder, lookedIn) = BundledResources.locate("site-template", containing: SiteConfiguration.fileName,
                                                         environment: environment, executable: executable)
        guard let folder else {
            throw Diagnostic(.error, BundledResources.notFound("site template", lookedIn: lookedIn) + " (or RUNWAY_SITE_TEMPLATE to the template's own folder)",
                             path: executable)
        }
        return SiteTemplate(root: folder)
    }

    /// Copies every file of the template into `directory`, which must not exist or be empty.
    /// Returns how many files were copied.
    @discardableResult
    public func copy(to directory: String) throws(Diagnostic) -> Int {
        let manager = FileManager.default
        // Where the system reaches it: `missing/../site` is `site`, which may hold a site already.
        let target = RealPath.absolute(directory)
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? manager.contentsOfDirectory(atPath: target))?.isEmpty == true else {
                throw Diagnostic(.error, "already exists and is not an empty folder; choose a new one", path: directory)
            }
        }
        let count: Int
        do {
            // What building or previewing the template made is not part of it.
            count = try SitePaths.copyTree(from: root, to: target, leavingOut: ["_site", ".runway-cache", "_theme-preview"])
        } catch {
            throw FileFailure.diagnostic("cannot create the site", error.underlying, path: error.path)
        }
        return count
    }
}
