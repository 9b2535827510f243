import Foundation
import Testing

/// A folder of content or static files that cannot be opened is an error at the folder, and the
/// site already published stays as it was. Before, the folder was skipped without a word and the
/// build published a site without its pages or files.
@Suite struct UnreadableFolderCommandTests {
    /// `runway ARGUMENTS` as a user without root's right to read every folder: as root (CI runs
    /// as root), through `setpriv` as `nobody`, owning the site.
    static func runAsUser(_ site: TestSite, _ arguments: [String]) throws -> RunwayProcess.Result {
        guard geteuid() == 0 else { return try RunwayProcess.run(arguments) }
        _ = try RunwayProcess.runTool("/bin/chown", ["-R", "65534:65534", site.root])
        return try RunwayProcess.runTool("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                             RunwayProcess.executable.path] + arguments)
    }

    @Test(arguments: ["content/posts", "content", "static/images"])
    func anUnreadableFolderIsAnErrorAndNothingIsPublished(folder: String) throws {
        let site = try TestSite(["content/index.md": "# Home\n", "content/posts/a.md": "# A\n", "static/images/x.txt": "x\n"])
        let built = try Self.runAsUser(site, ["build", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        let before = site.tree("_site")
        #expect(before["posts/a/index.html"] != nil && before["images/x.txt"] != nil)
        try site.write("# B\n", to: "content/b.md")
        #expect(chmod(site.root + "/" + folder, 0) == 0)
        defer { chmod(site.root + "/" + folder, 0o755) }
        for command in ["check", "build"] {
            let result = try Self.runAsUser(site, [command, site.root])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(site.root)/\(folder): error: this folder cannot be read (Permission denied): what it holds would be missing from the site"),
                    "\(command): \(result.stderr)")
        }
        #expect(site.tree("_site") == before, "the published site is left as it was")
        // Readable again, it builds.
        chmod(site.root + "/" + folder, 0o755)
        let again = try Self.runAsUser(site, ["build", site.root])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(site.exists("_site/b/index.html") && site.exists("_site/posts/a/index.html") && site.exists("_site/images/x.txt"))
    }
}
