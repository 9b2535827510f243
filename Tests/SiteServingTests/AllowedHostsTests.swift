@testable import SiteServing
import Testing

/// Which `Host` values `runway serve` answers for each kind of address it may be bound to.
@Suite struct AllowedHostsTests {
    static let foreign = ["evil.example:8000", "127.0.0.1.nip.io:8000", "localhost.evil.example:8000", "192.168.1.2:8000"]
    static let malformed = ["", ":8000", "127.0.0.1:", "127.0.0.1:80a", "127.0.0.1:8000:1", "127.0.0.1:99999", "[::1:8000",
                            "[127.0.0.1]:8000", "::1:8000", "local host:8000", "user@localhost:8000", "localhost:+8000"]

    @Test func aLoopbackServerAnswersItsLoopbackNamesOnItsPort() {
        let hosts = AllowedHosts(boundHost: "127.0.0.1")
        #expect(hosts.binding == .loopback)
        for host in ["127.0.0.1:8000", "localhost:8000", "LocalHost:8000", "[::1]:8000", "[0:0:0:0:0:0:0:1]:8000"] {
            #expect(hosts.admits(host, port: 8000), "\(host)")
        }
        for host in Self.foreign + Self.malformed + ["127.0.0.1", "localhost", "localhost:8001", "127.0.0.2:8000"] {
            #expect(!hosts.admits(host, port: 8000), "\(host)")
        }
        #expect(hosts.refusal(port: 8000).contains("http://127.0.0.1:8000/"))
    }

    @Test func withoutAPortOnlyPort80() {
        let hosts = AllowedHosts(boundHost: "localhost")
        #expect(hosts.admits("localhost", port: 80))
        #expect(hosts.admits("127.0.0.1:80", port: 80))
        #expect(!hosts.admits("localhost", port: 8080))
        #expect(hosts.refusal(port: 8080).contains("http://localhost:8080/"))
    }

    @Test func anotherLoopbackAddressOrIPv6() {
        let two = AllowedHosts(boundHost: "127.0.0.2")
        #expect(two.binding == .loopback)
        #expect(two.admits("127.0.0.2:8000", port: 8000) && two.admits("localhost:8000", port: 8000))
        let six = AllowedHosts(boundHost: "::1")
        #expect(six.binding == .loopback)
        #expect(six.admits("[::1]:8000", port: 8000) && six.admits("127.0.0.1:8000", port: 8000))
        #expect(six.refusal(port: 8000).contains("http://[::1]:8000/"))
    }

    @Test func aSingleAddressAnswersToItselfAlone() {
        let hosts = AllowedHosts(boundHost: "192.168.1.5")
        #expect(hosts.binding == .single)
        #expect(hosts.admits("192.168.1.5:8000", port: 8000))
        for host in Self.foreign + ["localhost:8000", "127.0.0.1:8000", "192.168.1.5:8001"] {
            #expect(!hosts.admits(host, port: 8000), "\(host)")
        }
        let named = AllowedHosts(boundHost: "Devbox.lan")
        #expect(named.admits("devbox.lan:8000", port: 8000))
        #expect(!named.admits("devbox:8000", port: 8000))
    }

    @Test(arguments: ["0.0.0.0", "::", "[::]"])
    func everyAddressAnswersAddressesLocalhostAndTheMachinesNames(bound: String) {
        let hosts = AllowedHosts(boundHost: bound, machineNames: ["devbox", "devbox.local"])
        #expect(hosts.binding == .every)
        for host in ["10.0.0.7:8000", "192.168.1.2:8000", "127.0.0.1:8000", "[fe80::1]:8000", "localhost:8000", "devbox:8000", "DEVBOX.local:8000"] {
            #expect(hosts.admits(host, port: 8000), "\(host)")
        }
        for host in Self.malformed + ["evil.example:8000", "devbox.evil.example:8000", "10.0.0.7:9000", "10.0.0.7"] {
            #expect(!hosts.admits(host, port: 8000), "\(host)")
        }
        #expect(hosts.refusal(port: 8000).contains("http://localhost:8000/"))
    }

    @Test func theMachinesOwnNames() {
        let names = AllowedHosts.machineNames()
        #expect(!names.isEmpty)
        for name in names where !name.hasSuffix(".local") {
            #expect(names.contains(name + ".local"), "\(names)")
        }
        let hosts = AllowedHosts(boundHost: "0.0.0.0")
        for name in names { #expect(hosts.admits(name + ":8000", port: 8000), "\(name)") }
    }
}
