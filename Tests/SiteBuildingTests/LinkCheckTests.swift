@testable import SiteBuilding
import Testing

@Suite struct LinkCheckTests {
    @Test func linksOutOfTheSiteResolveToNothing() {
        for destination in ["https://swift.org/a/", "mailto:a@b.example", "tel:+1", "#top", "?q=1", "//host/x", "", "#a:b", "?x=a:b"] {
            #expect(LinkCheck.resolve(destination, from: "/posts/a/") == nil, "\(destination)")
        }
    }

    @Test func linksInsideTheSiteResolveFromThePage() {
        #expect(LinkCheck.resolve("../b/", from: "/posts/a/") == "/posts/b/")
        #expect(LinkCheck.resolve("/img.png#x", from: "/posts/a/") == "/img.png")
        #expect(LinkCheck.resolve("notes/a:b", from: "/posts/a/") == "/posts/a/notes/a:b")
        #expect(LinkCheck.resolve("/caf%C3%A9/?q", from: "/") == "/café/")
        #expect(LinkCheck.resolve("../../../", from: "/posts/a/") == "/")
    }
}
