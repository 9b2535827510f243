import SiteOutput
import Testing

/// A site served under a path: its root-relative URLs get the path in front.
@Suite struct BasePathTests {
    let base = BasePath(baseURL: "https://example.org/book-site/")

    @Test func thePathComesFromTheBaseURL() {
        #expect(base.prefix == "/book-site")
        #expect(BasePath(baseURL: "https://example.org/").isEmpty && BasePath(baseURL: "https://example.org").isEmpty)
        #expect(BasePath(baseURL: "https://example.org/a/b").prefix == "/a/b")
    }

    @Test func rootRelativeURLsInAttributesGetThePath() {
        let html = ##"<a href="/posts/a/">a</a> <img src='/logo.png' alt="/not/a/url"> <form action="/search"> "##
            + ##"<a href="//cdn.example/x">x</a> <a href="https://x.example/">y</a> <a href="rel/">z</a> <a href="#top">t</a> "##
            + ##"<a href="/book-site/already/">b</a> <a href="/book-sites/other/">o</a> <p data-href="/x">"##
        #expect(base.apply(toHTML: html) == ##"<a href="/book-site/posts/a/">a</a> <img src='/book-site/logo.png' alt="/not/a/url"> "##
            + ##"<form action="/book-site/search"> <a href="//cdn.example/x">x</a> <a href="https://x.example/">y</a> <a href="rel/">z</a> "##
            + ##"<a href="#top">t</a> <a href="/book-site/already/">b</a> <a href="/book-site/book-sites/other/">o</a> <p data-href="/x">"##)
        #expect(BasePath(baseURL: "/").apply(toHTML: html) == html, "at a domain's root nothing changes")
    }

    @Test func aURLGetsThePathOnce() {
        #expect(base.apply(to: "/a/") == "/book-site/a/" && base.apply(to: "/book-site/a/") == "/book-site/a/")
        #expect(base.apply(to: "https://x/") == "https://x/" && base.apply(to: "//x/") == "//x/")
    }
}
