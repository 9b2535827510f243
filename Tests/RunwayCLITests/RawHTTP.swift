import Foundation

/// One HTTP/1.1 connection over a plain socket to a server on 127.0.0.1, for tests that need what a
/// URL session hides: many connections at once, a chosen `Host` header, a body read and counted
/// without keeping it. Every read waits at most `timeout` seconds.
final class RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A response read to its end: status, header fields (names in lower case) and body.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    private let socket: Int32
    /// Bytes received and not yet handed out.
    private var pending = Data()

    init(port: Int, timeout: Int = 30) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socket)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    deinit { close() }

    private var closed = false

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(socket)
    }

    /// Sends a request; `host` nil sends no `Host` field; `fields` are sent as they are.
    func send(_ path: String, method: String = "GET", host: String?, fields: [String] = []) throws {
        let request = "\(method) \(path) HTTP/1.1\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + fields.map { $0 + "\r\n" }.joined() + "\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Reads until the bytes received so far contain `marker`.
    func read(until marker: String) throws {
        let needle = Data(marker.utf8)
        while pending.range(of: needle) == nil {
            guard try receive() else { throw Failure(description: "the connection ended before \(marker.debugDescription)") }
        }
    }

    /// Reads one response to a request that was sent; a body whose length is given is counted, and
    /// only its last `keep` bytes are kept (so that a large download costs no memory here).
    func response(keep: Int = .max, head: Bool = false) throws -> Response {
        try read(until: "\r\n\r\n")
        let end = pending.range(of: Data("\r\n\r\n".utf8))!
        let lines = String(decoding: pending[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeSubrange(..<end.upperBound)
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "not a status line: \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var response = Response(status: status, headers: headers, body: Data())
        guard !head, let length = headers["content-length"].flatMap(Int.init) else { return response }
        var remaining = length
        while remaining > 0 {
            if pending.isEmpty, try !receive() { throw Failure(description: "the body ended \(remaining) bytes short") }
            let take = min(remaining, pending.count)
            response.body.append(pending.prefix(take))
            if response.body.count > keep { response.body.removeFirst(response.body.count - keep) }
            pending.removeFirst(take)
            remaining -= take
        }
        return response
    }

    /// One request on a new connection, and its response.
    static func get(_ path: String, port: Int, host: String?, fields: [String] = [], keep: Int = .max) throws -> Response {
        let connection = try RawHTTP(port: port)
        try connection.send(path, host: host, fields: fields)
        return try connection.response(keep: keep)
    }

    /// Receives what has arrived (waiting for some); false at the end of the stream.
    private func receive() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
        pending.append(contentsOf: buffer[..<count])
        return count > 0
    }
}
