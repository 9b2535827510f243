import Foundation
import NIOCore

/// The `Host` header values `runway serve` answers, against DNS rebinding: a page on another site
/// can point a name it controls at this machine and then read what the server shows (drafts too,
/// under `--drafts`) as if it were its own. A browser always sends the name it connected with, so
/// only the server's own names are let through:
///
/// - bound to a loopback address (`127.0.0.0/8`, `::1`, `localhost`): `127.0.0.1`, `localhost`,
///   `[::1]` and the bound host itself;
/// - bound to any other single address or name: that one alone;
/// - bound to every address (`0.0.0.0`, `::`): any IP literal (a rebinding page needs a name of its
///   own, never an address), `localhost`, and this machine's names (`gethostname`, its first label,
///   and each with `.local`).
///
/// The port must be the one the connection came in on; a `Host` without a port passes only when that
/// port is 80, as browsers leave the default port out. A request must name one host (HTTP/1.1
/// requires exactly one `Host`): one without, or with two, is a bad request (`SiteResponder`).
struct AllowedHosts: Sendable, Equatable {
    enum Binding: Sendable, Equatable {
        case loopback, single, every
    }

    let binding: Binding
    /// Accepted hosts in canonical form (see `canonical`).
    let names: Set<String>
    /// The host a refused request is told to use.
    let suggested: String

    /// What a server bound to `boundHost` (as given to `--host`) answers; `machineNames` are used
    /// when it is bound to every address.
    init(boundHost: String, machineNames: [String] = AllowedHosts.machineNames()) {
        let bound = Self.canonical(boundHost) ?? boundHost.lowercased()
        if bound == "0.0.0.0" || bound == "[::]" {
            binding = .every
            names = Set(["localhost"] + machineNames.compactMap(Self.canonical))
            suggested = "localhost"
        } else if bound == "localhost" || bound == "[::1]" || (Self.isIPv4(bound) && bound.hasPrefix("127.")) {
            binding = .loopback
            names = ["127.0.0.1", "localhost", "[::1]", bound]
            suggested = bound
        } else {
            binding = .single
            names = [bound]
            suggested = bound
        }
    }

    /// Whether a request whose `Host` is `authority` reached the server on `port` (nil when the
    /// connection has no port) by one of its own names.
    func admits(_ authority: String, port: Int?) -> Bool {
        guard let (host, hostPort) = Self.split(authority), let name = Self.canonical(host) else { return false }
        if let port, (hostPort ?? 80) != port { return false }
        return names.contains(name) || (binding == .every && (Self.isIPv4(name) || name.hasPrefix("[")))
    }

    /// The plain-text answer to a refused request: why, and the address to use instead.
    func refusal(port: Int?) -> String {
        let address = "http://\(suggested)\(port.map { ":\($0)" } ?? "")/"
        let alternative = binding == .every ? " (or this machine's name or address)" : ""
        return "forbidden: this server answers only to its own address; open \(address)\(alternative) "
            + "(other host names are refused against DNS rebinding)\n"
    }

    /// This machine's names: its host name (`gethostname`'s, read where the kernel keeps it), its
    /// first label, and each with `.local` (mDNS).
    static func machineNames() -> [String] {
        let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)) ?? ""
        let name = kernel.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !name.isEmpty else { return [] }
        let first = String(name.prefix { $0 != "." })
        return Array(Set([name, first].flatMap { $0.hasSuffix(".local") ? [$0] : [$0, $0 + ".local"] }))
    }

    /// `host` as it is compared: an IPv4 address as `inet_ntop` writes it, an IPv6 address the same
    /// way in brackets (given with or without them), a name in lower case; nil when it is none of
    /// these (an empty name, a stray character, a malformed address).
    static func canonical(_ host: String) -> String? {
        if host.hasPrefix("[") || host.contains(":") {
            let inner = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            guard let address = try? SocketAddress(ipAddress: inner, port: 0), case .v6 = address,
                  let text = address.ipAddress
            else { return nil }
            return "[\(text)]"
        }
        if let v4 = ipv4(host) { return v4 }
        let name = host.lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-._")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else { return nil }
        return name
    }

    /// `authority` (`host`, `host:port`, `[v6]` or `[v6]:port`) split into its host and port; nil
    /// when it is malformed (a port that is not a number from 0 to 65535, a bare IPv6 address).
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        let host: Substring, rest: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            rest = authority[authority.index(after: close)...]
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            rest = authority[colon...]
        } else {
            return (authority, nil)
        }
        if rest.isEmpty { return (String(host), nil) }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(digits), port <= 65535
        else { return nil }
        return (String(host), port)
    }

    private static func isIPv4(_ host: String) -> Bool {
        ipv4(host) == host
    }

    /// `text` as an IPv4 address in dotted decimal (NIO's parse and print, `inet_pton` and
    /// `inet_ntop`); nil when it is not one.
    private static func ipv4(_ text: String) -> String? {
        guard let address = try? SocketAddress(ipAddress: text, port: 0), case .v4 = address else { return nil }
        return address.ipAddress
    }
}
