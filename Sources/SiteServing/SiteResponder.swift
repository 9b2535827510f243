import Foundation
public import Hummingbird

/// Answers every request of `runway serve`: the live-reload script and event stream, and the built
/// site's files through `StaticSite`, with their media type (and charset), `ETag` and
/// `If-None-Match`, `HEAD`, one byte range (`Range`, see `ByteRange`), folders' `index.html`, and
/// the site's own 404 page. Files up to the
/// response cache's limit are read whole (pages get the live-reload script); larger ones, pages with
/// the script aside, are streamed from disk in chunks, so that memory does not grow with the files
/// being downloaded. With allowed hosts, a request naming another host is refused before anything
/// else (see `AllowedHosts`).
public struct SiteResponder: HTTPResponder {
    public typealias Context = ServeRequestContext

    let served: ServedSite
    let hub: LiveReloadHub?
    /// The `Host` values answered; nil answers every one.
    let allowedHosts: AllowedHosts?
    let cache = ResponseCache()

    /// Serves the output folder `root`; without a hub, pages get no live-reload script.
    init(root: String, basePath: String = "", hub: LiveReloadHub?, allowedHosts: AllowedHosts? = nil) {
        self.init(served: ServedSite(StaticSite(root: root, basePath: basePath)), hub: hub, allowedHosts: allowedHosts)
    }

    /// Serves `served`, which the server replaces when a rebuild changes its base path.
    init(served: ServedSite, hub: LiveReloadHub?, allowedHosts: AllowedHosts? = nil) {
        self.served = served
        self.hub = hub
        self.allowedHosts = allowedHosts
    }

    /// A responder for the files of `root` alone, without live reload.
    public init(root: String) {
        self.init(root: root, hub: nil)
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        if let allowedHosts {
            // Exactly one `Host`, as HTTP/1.1 requires (RFC 9112, 3.2): the first is the request's
            // authority, a second would still be among its fields.
            guard let authority = request.head.authority, !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
                return Self.text(.badRequest, "bad request: a request names its host in exactly one Host field\n")
            }
            guard allowedHosts.admits(authority, port: context.localPort) else {
                return Self.text(.forbidden, allowedHosts.refusal(port: context.localPort))
            }
        }
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "method not allowed\n", extra: [.allow: "GET, HEAD"])
        }
        let path = request.uri.path
        if let hub, path == LiveReloadScript.eventsPath {
            // Only this server's pages listen: a page elsewhere that opened hundreds of streams
            // would end the writer's own (the oldest go first), and a browser says where a page
            // that asks is from (`Origin`; its own pages ask without one, or with this server's).
            if let origin = request.headers[.origin], !Self.isOwn(origin: origin, authority: request.head.authority) {
                return Self.text(.forbidden, "forbidden: live reload's events are for this server's own pages (this request came from \(origin))\n")
            }
            // A HEAD is told what a GET would get, and listens to nothing.
            guard request.method == .get else { return Response(status: .ok, headers: Self.eventHeaders, body: ResponseBody()) }
            return events(hub)
        }
        if hub != nil, path == LiveReloadScript.path {
            return Self.body(Data(LiveReloadScript.source.utf8), type: "text/javascript; charset=utf-8", request: request)
        }
        let site = served.current
        switch site.resolve(path) {
        case .badRequest(let reason):
            return Self.text(.badRequest, "bad request: \(reason)\n")
        case .redirect(let location):
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Response(status: .movedPermanently, headers: [.location: location + query, .contentLength: "0"])
        case .notFound:
            guard let page = site.notFoundPage(for: path), let data = FileManager.default.contents(atPath: page) else {
                return Self.text(.notFound, "not found\n")
            }
            return Self.body(withScript(data), type: "text/html; charset=utf-8", status: .notFound, request: request)
        case .file(let file):
            return await serve(file, request: request, context: context)
        }
    }

    private func serve(_ file: String, request: Request, context: Context) async -> Response {
        // Opened once: its size, its tag and its bytes are one version's, whatever a rebuild does.
        guard let opened = OpenedFile(path: file) else { return Self.text(.notFound, "not found\n") }
        let type = Self.mediaType(of: file)
        // Size and modification time name the version of the file; the live-reload script's
        // presence is part of what is served, so it is in the tag too.
        let signature = "\(String(opened.size, radix: 16))-\(String(opened.modified.tv_sec, radix: 16))\(String(opened.modified.tv_nsec, radix: 16))"
        let tag = "\"" + signature + (hub == nil ? "" : "-live") + "\""
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: {
            let candidate = $0.trimmingCharacters(in: .whitespaces)
            return candidate == tag || candidate == "W/" + tag || candidate == "*"
        }) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "no-cache"])
        }
        if opened.size > ResponseCache.largest && !(hub != nil && type.hasPrefix("text/html")) {
            return stream(opened, type: type, tag: tag, request: request)
        }
        let body: ByteBuffer
        if let cached = cache.body(for: file, signature: signature) {
            body = cached
        } else {
            guard let data = opened.readAll() else { return Self.text(.notFound, "not found\n") }
            body = ByteBuffer(bytes: type.hasPrefix("text/html") ? withScript(data) : data)
            cache.store(body, for: file, signature: signature)
        }
        let size = body.readableBytes
        return Self.ranged(size: size, type: type, tag: tag, request: request) { bytes in
            ResponseBody(byteBuffer: body.getSlice(at: body.readerIndex + bytes.lowerBound, length: bytes.count) ?? ByteBuffer())
        }
    }

    /// A large file, sent in chunks read from the opened file while the connection takes them;
    /// `HEAD` reads nothing.
    private func stream(_ opened: OpenedFile, type: String, tag: String, request: Request) -> Response {
        Self.ranged(size: opened.size, type: type, tag: tag, request: request) { bytes in opened.body(bytes) }
    }

    /// The response for a body of `size` bytes tagged `tag`: all of it, or the part its `Range`
    /// field asks for (`ByteRange`), whose bytes `body` gives; `HEAD` gets the same headers and no
    /// body.
    static func ranged(size: Int, type: String, tag: String, request: Request, body: (Range<Int>) -> ResponseBody) -> Response {
        let range = ByteRange(field: request.headers[.range], ifRange: request.headers[.ifRange], size: size, tag: tag)
        let status: HTTPResponse.Status
        let bytes: Range<Int>
        switch range {
        case .whole:
            (status, bytes) = (.ok, 0..<size)
        case .part(let lower, let upper):
            (status, bytes) = (.partialContent, lower..<upper)
        case .unsatisfiable:
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .contentLength: "0", .eTag: tag])
        }
        var headers = Self.headers(type: type, length: bytes.count)
        headers[.eTag] = tag
        headers[.acceptRanges] = "bytes"
        if status == .partialContent { headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(size)" }
        return Response(status: status, headers: headers, body: request.method == .head ? ResponseBody() : body(bytes))
    }

    /// The page with the live-reload script before its `</body>` (or at its end).
    private func withScript(_ data: Data) -> Data {
        guard hub != nil else { return data }
        let html = String(decoding: data, as: UTF8.self)
        guard let end = Self.bodyEnd(in: html) else { return Data((html + LiveReloadScript.tag + "\n").utf8) }
        return Data((html[..<end] + LiveReloadScript.tag + "\n" + html[end...]).utf8)
    }

    /// Where the last `</body>` outside a comment begins: one in a comment (`<!-- </body> -->`
    /// after the real one) would hide the script.
    static func bodyEnd(in html: String) -> String.Index? {
        var before = html.endIndex
        while let end = html.range(of: "</body>", options: [.backwards, .caseInsensitive], range: html.startIndex..<before) {
            guard let opening = html.range(of: "<!--", options: .backwards, range: html.startIndex..<end.lowerBound),
                  html.range(of: "-->", range: opening.upperBound..<end.lowerBound) == nil
            else { return end.lowerBound }
            before = opening.lowerBound
        }
        return nil
    }

    /// Whether `origin` (an `Origin` field: `http://localhost:8000`) is the server the request
    /// reached, as its `Host` names it.
    static func isOwn(origin: String, authority: String?) -> Bool {
        guard let authority, origin.lowercased().hasPrefix("http://") else { return false }
        return origin.dropFirst("http://".count).lowercased() == authority.lowercased()
    }

    static let eventHeaders: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"]

    private func events(_ hub: LiveReloadHub) -> Response {
        let stream = hub.subscribe()
        return Response(
            status: .ok,
            headers: Self.eventHeaders,
            body: ResponseBody { writer in
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event))
                }
                try await writer.finish(nil)
            }
        )
    }

    static func body(_ data: Data, type: String, status: HTTPResponse.Status = .ok, request: Request) -> Response {
        body(ByteBuffer(bytes: data), type: type, status: status, request: request)
    }

    static func body(_ buffer: ByteBuffer, type: String, status: HTTPResponse.Status = .ok, request: Request) -> Response {
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer)
        return Response(status: status, headers: headers(type: type, length: buffer.readableBytes), body: body)
    }

    /// The header fields of a file's body: its media type and length, revalidated on every use,
    /// never sniffed.
    static func headers(type: String, length: Int) -> HTTPFields {
        var headers: HTTPFields = [.contentType: type, .contentLength: String(length), .cacheControl: "no-cache"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return headers
    }

    static func text(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The media type for a file's extension (Hummingbird's table), with `charset=utf-8` for text.
    static func mediaType(of file: String) -> String {
        let ext = (file as NSString).pathExtension.lowercased()
        guard let type = MediaType.getMediaType(forExtension: ext) else { return "application/octet-stream" }
        let textual = type.type == .text || ["javascript", "json", "xml", "svg+xml", "rss+xml", "atom+xml", "xhtml+xml"].contains(type.subType)
        return textual ? "\(type.type)/\(type.subType); charset=utf-8" : "\(type.type)/\(type.subType)"
    }
}
