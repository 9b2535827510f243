import Foundation
import SiteServing
import Testing

/// Which request paths reach which files: nothing outside the output folder, whatever the encoding.
@Suite struct StaticSiteTests {
    /// An output folder with a page, a folder with an index, one without, and next to it a secret
    /// file that no path may reach, plus symbolic links that point at it from inside.
    static func output() throws -> (root: String, secret: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("runway-static-\(UUID().uuidString)").path
        let root = base + "/_site"
        for folder in ["/posts/a", "/empty", "/..hidden"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        try "<html><body>home</body></html>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
        try "<html><body>a</body></html>".write(toFile: root + "/posts/a/index.html", atomically: true, encoding: .utf8)
        try "<html><body>nothing here</body></html>".write(toFile: root + "/404.html", atomically: true, encoding: .utf8)
        try "body{}".write(toFile: root + "/theme.css", atomically: true, encoding: .utf8)
        try "%2e%2e".write(toFile: root + "/..hidden/x.txt", atomically: true, encoding: .utf8)
        let secret = base + "/secret.txt"
        try "top secret".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/leak.txt", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: root + "/up", withDestinationPath: base)
        try FileManager.default.createSymbolicLink(atPath: root + "/inside.css", withDestinationPath: root + "/theme.css")
        return (root, secret)
    }

    /// A base path with percent-encoding (`https://x/a%20b/`) is matched against the request's
    /// decoded path, and a redirect to it stays encoded.
    @Test func anEncodedBasePath() throws {
        let (root, _) = try Self.output()
        let site = StaticSite(root: root, basePath: "/caf%C3%A9%20x")
        #expect(site.resolve("/") == .redirect("/caf%C3%A9%20x/"))
        #expect(site.resolve("/caf%C3%A9%20x/posts/a/") == .file(root + "/posts/a/index.html"))
        #expect(site.resolve("/caf%C3%A9%20x/theme.css") == .file(root + "/theme.css"))
        #expect(site.resolve("/caf%C3%A9%20x") == .redirect("/caf%C3%A9%20x/"))
        #expect(site.resolve("/theme.css") == .notFound)
    }

    @Test func pagesFoldersAndRedirects() throws {
        let (root, _) = try Self.output()
        let site = StaticSite(root: root)
        let real = try #require(realpath(root, nil).map { String(cString: $0) })
        #expect(site.resolve("/") == .file(real + "/index.html"))
        #expect(site.resolve("/posts/a/") == .file(real + "/posts/a/index.html"))
        #expect(site.resolve("/posts/a") == .redirect("/posts/a/"))
        #expect(site.resolve("/posts/") == .notFound, "a folder without index.html is not listed")
        #expect(site.resolve("/empty/") == .notFound)
        #expect(site.resolve("/missing.html") == .notFound)
        #expect(site.resolve("/inside.css") == .file(real + "/theme.css"), "a link that stays inside is followed")
        #expect(site.resolve("/..hidden/x.txt") == .file(real + "/..hidden/x.txt"), "a name that starts with .. is only a name")
    }

    /// Pages' aliases, from `_redirects`: a 301 to the page, read again when a build changes the file.
    @Test func aliasesInRedirectsAreRedirects() throws {
        let (root, _) = try Self.output()
        let site = StaticSite(root: root)
        #expect(site.resolve("/old/") == .notFound)
        try "/old/ /posts/a/ 301\n/caf%C3%A9/ /posts/%C3%A9/ 301\n# a comment\nnot a rule\n//evil/ //host/ 301\n"
            .write(toFile: root + "/_redirects", atomically: true, encoding: .utf8)
        #expect(site.resolve("/old/") == .redirect("/posts/a/"))
        #expect(site.resolve("/old") == .redirect("/posts/a/"), "without its trailing slash too")
        #expect(site.resolve("/caf%C3%A9/") == .redirect("/posts/%C3%A9/"), "matched decoded, sent encoded")
        #expect(site.resolve("//evil/") == .notFound, "a rule that would send the browser to another host is no rule")
        #expect(site.resolve("/posts/a/") != .redirect("/posts/a/"))
        try "/older/ /posts/a/ 301\n".write(toFile: root + "/_redirects", atomically: true, encoding: .utf8)
        #expect(site.resolve("/old/") == .notFound && site.resolve("/older/") == .redirect("/posts/a/"), "a new file is read again")
        // Lines ending in CRLF (a file written on Windows) are lines: the file was one line.
        try "/one/ /posts/a/ 301\r\n/two/ /posts/b/ 301\r\n".write(toFile: root + "/_redirects", atomically: true, encoding: .utf8)
        #expect(site.resolve("/one/") == .redirect("/posts/a/") && site.resolve("/two/") == .redirect("/posts/b/"))
    }

    /// `//posts/a` is the folder `/posts/a`, but a `Location: //posts/a/` would send the browser to
    /// the host `posts`: the redirect keeps a single leading slash.
    @Test(arguments: [("//posts/a", "/posts/a/"), ("///posts/a", "/posts/a/"), ("//posts//a", "/posts//a/")])
    func redirectsNeverLeaveTheServer(path: String, location: String) throws {
        let (root, _) = try Self.output()
        #expect(StaticSite(root: root).resolve(path) == .redirect(location))
    }

    @Test(arguments: [
        "/../secret.txt", "/posts/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/posts/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/posts%2f..%2f..%2fsecret.txt", "/%5c..%5csecret.txt", "/..\\secret.txt", "/%00", "/index.html%00.css",
        "/./index.html", "/%zz", "relative",
    ])
    func traversalAttemptsAreBadRequests(path: String) throws {
        let (root, _) = try Self.output()
        guard case .badRequest = StaticSite(root: root).resolve(path) else {
            Issue.record("\(path) was not refused: \(StaticSite(root: root).resolve(path))")
            return
        }
    }

    @Test(arguments: ["/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/leak.txt", "/up/secret.txt"])
    func doubleEncodingAndLinksOutsideFindNothing(path: String) throws {
        let (root, _) = try Self.output()
        #expect(StaticSite(root: root).resolve(path) == .notFound)
    }
}
