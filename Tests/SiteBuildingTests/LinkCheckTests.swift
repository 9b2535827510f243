@testable import SiteBuilding
@testable import SiteContent
import Testing

@Suite struct LinkCheckTests {
    @Test func linksOutOfTheSiteResolveToNothing() {
        for destination in ["https://swift.org/a/", "mailto:a@b.example", "tel:+1", "#top", "?q=1", "//host/x", "", "#a:b", "?x=a:b"] {
            #expect(SiteURL.resolve(destination, from: "/posts/a/") == nil, "\(destination)")
        }
    }

    @Test func linksInsideTheSiteResolveFromThePage() {
        #expect(SiteURL.resolve("../b/", from: "/posts/a/") == "/posts/b/")
        #expect(SiteURL.resolve("/img.png#x", from: "/posts/a/") == "/img.png")
        #expect(SiteURL.resolve("notes/a:b", from: "/posts/a/") == "/posts/a/notes/a:b")
        #expect(SiteURL.resolve("/caf%C3%A9/?q", from: "/") == "/café/")
        #expect(SiteURL.resolve("../../../", from: "/posts/a/") == "/")
    }
}
