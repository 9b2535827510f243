import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SiteServing
import Testing

/// `runway serve`'s HTTP answers, through Hummingbird's router test framework: the responder's
/// own work (statuses, headers, bodies streamed from disk) without a socket, whose client gives up
/// after 20 s without a byte and so failed on a busy machine. The host check needs a real
/// connection, and `runway serve` itself is tested over sockets in ServeHardeningTests.
@Suite struct SiteResponderTests {
    static func app(root: String, live: Bool = true) -> some ApplicationProtocol {
        Application(responder: SiteResponder(root: root, hub: live ? LiveReloadHub() : nil))
    }

    /// The script goes before the last `</body>` that is not in a comment: a template that ends
    /// with `<!-- </body> -->` had it commented out, and live reload silently off.
    @Test func theScriptGoesBeforeTheRealBodyEnd() {
        let cases: [(String, String?)] = [
            ("<body>x</body></html>", "</body></html>"),
            ("<body>x</BODY>\n<!-- </body> -->\n", "</BODY>\n<!-- </body> -->\n"),
            ("<body>x</body><!-- a --><!-- </body> --><!-- b -->", "</body><!-- a --><!-- </body> --><!-- b -->"),
            ("<body>x<!-- </body> -->", nil),
            ("<body>x", nil),
        ]
        for (html, rest) in cases {
            #expect(SiteResponder.bodyEnd(in: html).map { String(html[$0...]) } == rest, "\(html)")
        }
    }

    @Test func pagesGetTheirTypeTheScriptAndAnETag() async throws {
        let (root, _) = try StaticSiteTests.output()
        try await Self.app(root: root).test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.status == .ok)
            #expect(home.headers[.contentType] == "text/html; charset=utf-8")
            #expect(String(buffer: home.body) == "<html><body>home<script src=\"/_runway/live.js\"></script>\n</body></html>")
            let tag = try #require(home.headers[.eTag])
            let again = try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let other = try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: "\"nope\""])
            #expect(other.status == .ok)

            let css = try await client.execute(uri: "/theme.css", method: .get)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(String(buffer: css.body) == "body{}", "only HTML gets the script")
            let script = try await client.execute(uri: "/_runway/live.js", method: .get)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(String(buffer: script.body).contains("new EventSource(\"/_runway/events\")"))
        }
    }

    @Test func aRebuiltFileIsServedAfreshNotFromMemory() async throws {
        let (root, _) = try StaticSiteTests.output()
        try await Self.app(root: root).test(.router) { client in
            let first = try await client.execute(uri: "/posts/a/", method: .get)
            #expect(String(buffer: first.body).hasPrefix("<html><body>a<script"))
            try "<html><body>a, rebuilt</body></html>".write(toFile: root + "/posts/a/index.html", atomically: true, encoding: .utf8)
            let second = try await client.execute(uri: "/posts/a/", method: .get)
            #expect(String(buffer: second.body).hasPrefix("<html><body>a, rebuilt<script"))
            #expect(second.headers[.eTag] != first.headers[.eTag])
        }
    }

    @Test func headHasTheHeadersAndNoBody() async throws {
        let (root, _) = try StaticSiteTests.output()
        try await Self.app(root: root).test(.router) { client in
            let head = try await client.execute(uri: "/theme.css", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == "6")
            #expect(head.headers[.eTag] != nil)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func foldersRedirectAndMissingPagesGetTheSites404() async throws {
        let (root, _) = try StaticSiteTests.output()
        try await Self.app(root: root, live: false).test(.router) { client in
            let folder = try await client.execute(uri: "/posts/a?x=1", method: .get)
            #expect(folder.status == .movedPermanently)
            #expect(folder.headers[.location] == "/posts/a/?x=1")
            let doubled = try await client.execute(uri: "//posts/a?x=1", method: .get)
            #expect(doubled.status == .movedPermanently)
            #expect(doubled.headers[.location] == "/posts/a/?x=1", "a path on this server, not the host posts")
            let missing = try await client.execute(uri: "/nowhere/", method: .get)
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body) == "<html><body>nothing here</body></html>")
            let listing = try await client.execute(uri: "/posts/", method: .get)
            #expect(listing.status == .notFound, "no directory listings")
            let post = try await client.execute(uri: "/posts/a/", method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(post.headers[.allow] == "GET, HEAD")
        }
    }

    /// A missing page is answered by the 404 page nearest to it: a language's (`/fr/404.html`) for its
    /// pages, a base path's own, else the site's. Before, every language got the default one.
    @Test func aMissingPageGetsTheNearest404() async throws {
        let (root, _) = try StaticSiteTests.output()
        try FileManager.default.createDirectory(atPath: root + "/fr/caf\u{e9}", withIntermediateDirectories: true)
        try "<p>introuvable</p>".write(toFile: root + "/fr/404.html", atomically: true, encoding: .utf8)
        try "<p>caf\u{e9}</p>".write(toFile: root + "/fr/caf\u{e9}/404.html", atomically: true, encoding: .utf8)
        try await Self.app(root: root, live: false).test(.router) { client in
            for (uri, body) in [("/fr/nowhere/", "<p>introuvable</p>"), ("/fr/a/b/c", "<p>introuvable</p>"),
                                ("/fr/caf%C3%A9/x", "<p>caf\u{e9}</p>"), ("/fr/caf%C3%A9/", "<p>caf\u{e9}</p>"),
                                ("/frx/a", "<html><body>nothing here</body></html>"), ("/nowhere", "<html><body>nothing here</body></html>")] {
                let missing = try await client.execute(uri: uri, method: .get)
                #expect(missing.status == .notFound && String(buffer: missing.body) == body, "\(uri)")
            }
        }
        let site = StaticSite(root: root, basePath: "/docs")
        #expect(site.notFoundPage(for: "/docs/fr/x")?.hasSuffix("/fr/404.html") == true)
        #expect(site.notFoundPage(for: "/docs/x")?.hasSuffix("/_site/404.html") == true)
    }

    /// Files above the response cache's limit are streamed from disk, with the same headers as a
    /// small file's: media type, length, `ETag`, `If-None-Match`, and `HEAD` without a body. A page
    /// that large still gets the live-reload script.
    @Test func largeFilesAreServedWholeWithTheirHeaders() async throws {
        let (root, _) = try StaticSiteTests.output()
        let size = ResponseCache.largest + 300_017
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) })
        try data.write(to: URL(fileURLWithPath: root + "/big.bin"))
        try Data(repeating: UInt8(ascii: "a"), count: size).write(to: URL(fileURLWithPath: root + "/big.txt"))
        let page = "<html><body>" + String(repeating: "p", count: size) + "</body></html>"
        try page.write(toFile: root + "/big.html", atomically: true, encoding: .utf8)
        try await Self.app(root: root).test(.router) { client in
            let big = try await client.execute(uri: "/big.bin", method: .get)
            #expect(big.status == .ok)
            #expect(big.headers[.contentType] == "application/octet-stream")
            #expect(big.headers[.contentLength] == String(size))
            #expect(big.body.readableBytes == size)
            #expect(Data(big.body.readableBytesView) == data, "every byte, in order")
            let tag = try #require(big.headers[.eTag])
            #expect(try await client.execute(uri: "/big.bin", method: .get, headers: [.ifNoneMatch: tag]).status == .notModified)

            let head = try await client.execute(uri: "/big.bin", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == String(size))
            #expect(head.headers[.eTag] == tag)
            #expect(head.body.readableBytes == 0)

            let text = try await client.execute(uri: "/big.txt", method: .get)
            #expect(text.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(text.body.readableBytes == size)

            let html = try await client.execute(uri: "/big.html", method: .get)
            #expect(String(buffer: html.body).hasSuffix("p<script src=\"/_runway/live.js\"></script>\n</body></html>"))
        }
    }

    /// One byte range is answered with its bytes (a video's player seeks with them): from a file
    /// in memory, from one streamed from disk, and from a page with the live-reload script (whose
    /// bytes are the page as served); a range past the end is refused, and another version's
    /// `If-Range` gets the whole body.
    @Test func aRangeGetsItsBytes() async throws {
        let (root, _) = try StaticSiteTests.output()
        let size = ResponseCache.largest + 300_017
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) })
        try data.write(to: URL(fileURLWithPath: root + "/big.bin"))
        try await Self.app(root: root).test(.router) { client in
            for (uri, whole) in [("/big.bin", data), ("/theme.css", Data("body{}".utf8))] {
                let full = try await client.execute(uri: uri, method: .get)
                #expect(full.status == .ok && full.headers[.acceptRanges] == "bytes")
                let tag = try #require(full.headers[.eTag])
                let part = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=2-4"])
                #expect(part.status == .partialContent)
                #expect(part.headers[.contentRange] == "bytes 2-4/\(whole.count)")
                #expect(part.headers[.contentLength] == "3" && part.headers[.eTag] == tag)
                #expect(Data(part.body.readableBytesView) == whole[2..<5])
                let tail = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-3"])
                #expect(Data(tail.body.readableBytesView) == whole.suffix(3))
                #expect(tail.headers[.contentRange] == "bytes \(whole.count - 3)-\(whole.count - 1)/\(whole.count)")
                let head = try await client.execute(uri: uri, method: .head, headers: [.range: "bytes=2-4"])
                #expect(head.status == .partialContent && head.headers[.contentLength] == "3" && head.body.readableBytes == 0)
                let past = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(whole.count)-"])
                #expect(past.status == .rangeNotSatisfiable && past.headers[.contentRange] == "bytes */\(whole.count)")
                let other = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=2-4", .ifRange: "\"old\""])
                #expect(other.status == .ok && Data(other.body.readableBytesView) == whole)
                let same = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=2-4", .ifRange: tag])
                #expect(same.status == .partialContent)
            }
            let page = try await client.execute(uri: "/", method: .get)
            let served = Data(page.body.readableBytesView)
            let end = try await client.execute(uri: "/", method: .get, headers: [.range: "bytes=-20"])
            #expect(end.status == .partialContent && Data(end.body.readableBytesView) == served.suffix(20))
        }
    }

    /// A DNS-rebinding page reaches the server under a name of its own: refused, live-reload
    /// events included; the server's own names are answered.
    @Test func anotherHostIsRefused() async throws {
        let (root, _) = try StaticSiteTests.output()
        let app = Application(responder: SiteResponder(root: root, hub: LiveReloadHub(), allowedHosts: AllowedHosts(boundHost: "localhost")))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The client's read timeout only guards against a hang: its default (15 s without a
            // byte) passed once on a machine whose cores a CI build and the suite both kept busy.
            try await TestClient.withClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(600))) { raw in
                for path in ["/", "/_runway/events", "/_runway/live.js", "/posts/a"] {
                    let refused = try await raw.execute(.init(path, method: .get, authority: "rebound.example:\(port)"))
                    #expect(refused.head.status == .forbidden, "\(path)")
                    #expect(refused.head.headerFields[.contentType] == "text/plain; charset=utf-8")
                    #expect(String(buffer: refused.body ?? ByteBuffer()).contains("http://localhost:\(port)/"), "\(path)")
                }
                let own = try await raw.execute(.init("/", method: .get, authority: "127.0.0.1:\(port)"))
                #expect(own.head.status == .ok)
                let otherPort = try await raw.execute(.init("/", method: .get, authority: "localhost:\(port == 1 ? 2 : port - 1)"))
                #expect(otherPort.head.status == .forbidden)
                // HTTP/1.1 requires one Host, and one only.
                let none = try await raw.execute(.init("/", method: .get, authority: nil))
                #expect(none.head.status == .badRequest, "no Host")
                let two = try await raw.execute(.init("/", method: .get, authority: "localhost:\(port)",
                                                      headers: [.init("Host")!: "rebound.example:\(port)"]))
                #expect(two.head.status == .badRequest, "two Hosts")
                #expect(String(buffer: two.body ?? ByteBuffer()) == "bad request: a request names its host in exactly one Host field\n")
            }
        }
    }

    @Test func nothingOutsideTheOutputIsServed() async throws {
        let (root, _) = try StaticSiteTests.output()
        try await Self.app(root: root).test(.router) { client in
            for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%5c..%5csecret.txt", "/%252e%252e/secret.txt",
                         "/%00", "/leak.txt", "/up/secret.txt", "/posts/%2E%2E/%2E%2E/secret.txt"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .badRequest || response.status == .notFound, "\(path): \(response.status)")
                #expect(!String(buffer: response.body).contains("top secret"), "\(path)")
            }
        }
    }

    /// A file is opened once for a response: its size and bytes stay the version opened when a
    /// rebuild renames another over it. Before, a large file's length came from one look at the
    /// path and its bytes from another, and a download during a rebuild could come back cut short
    /// or hang (a probe saw 8 of 11,673 wrong; `OpenedFile` made it 0 of 9,758).
    @Test func aFileOpenedForAResponseStaysTheVersionOpened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runway-opened-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(repeating: UInt8(ascii: "A"), count: 2_000_000).write(to: URL(fileURLWithPath: folder + "/big.bin"))
        let opened = try #require(OpenedFile(path: folder + "/big.bin"))
        try Data(repeating: UInt8(ascii: "B"), count: 3_000_000).write(to: URL(fileURLWithPath: folder + "/new.bin"))
        #expect(rename(folder + "/new.bin", folder + "/big.bin") == 0)
        #expect(opened.size == 2_000_000)
        let last = try #require(opened.read(at: 1_999_990, count: 100))
        #expect(last == [UInt8](repeating: UInt8(ascii: "A"), count: 10), "the old file's last bytes, and no more")
        #expect(opened.readAll() == Data(repeating: UInt8(ascii: "A"), count: 2_000_000))
        #expect(OpenedFile(path: folder) == nil && OpenedFile(path: folder + "/none") == nil, "only a regular file opens")
    }
}
