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

    /// A site path always gets the path: a section named like it (`/book-site/x/`) is
    /// `/book-site/book-site/x/`.
    @Test func aSitePathGetsThePath() {
        #expect(base.apply(to: "/a/") == "/book-site/a/" && base.apply(to: "/book-site/a/") == "/book-site/book-site/a/")
        #expect(base.apply(to: "https://x/") == "https://x/" && base.apply(to: "//x/") == "//x/")
    }

    /// Only URLs inside tags get the path: text that reads like an attribute (in code, where `'`
    /// is not escaped) is left as written. A URL already under the path gets it again when the
    /// site serves it as written (a section named like the path).
    @Test func onlyTagsAndWhatTheSiteServes() {
        let html = ##"<p><code>&lt;img src='/logo.png'&gt;</code> set href='/x/' <a href='/y/'>y</a></p>"##
        #expect(base.apply(toHTML: html) == ##"<p><code>&lt;img src='/logo.png'&gt;</code> set href='/x/' <a href='/book-site/y/'>y</a></p>"##)
        let links = ##"<a href="/book-site/guide/">g</a><a href="/book-site/css/a.css">c</a><a href="/book-site/guide/#top">t</a>"##
        let served: (Substring) -> Bool = { $0 == "/book-site/guide/" }
        #expect(base.apply(toHTML: links, serves: served)
                == ##"<a href="/book-site/book-site/guide/">g</a><a href="/book-site/css/a.css">c</a><a href="/book-site/book-site/guide/#top">t</a>"##)
    }

    /// Valid HTML written other ways gets the path too: a name in capitals, a value without quotes
    /// (to a space or the tag's end), SVG's `xlink:href` (each was left without it, a broken link).
    @Test func namesInAnyCaseUnquotedValuesAndXlink() {
        let html = ##"<A HREF="/posts/">u</A> <a href=/posts/>q</a> <img src=/a.png alt=x> <svg><use xlink:href="/i.svg#s"/></svg> "##
            + ##"<a href=/book-site/x/ title=/t>w</a> <p data-src=/no>"##
        #expect(base.apply(toHTML: html) == ##"<A HREF="/book-site/posts/">u</A> <a href=/book-site/posts/>q</a> "##
            + ##"<img src=/book-site/a.png alt=x> <svg><use xlink:href="/book-site/i.svg#s"/></svg> "##
            + ##"<a href=/book-site/x/ title=/t>w</a> <p data-src=/no>"##)
    }

    /// Every URL attribute gets the path: each image candidate of `srcset` and `imagesrcset`,
    /// `<object data>`, `formaction`, `cite` (they were left as written: broken images and links).
    @Test func srcsetCandidatesAndOtherURLAttributes() {
        let html = ##"<img src="/a.png" srcset="/a.png 1x, /a@2x.png 2x,https://x/c.png 3x, rel.png 4x"> "##
            + ##"<source srcset='/w.png'><link rel=preload imagesrcset=/s.png> "##
            + ##"<img srcset=" /p.png  100w ,/q.png, /book-site/r.png 2x" sizes="50vw"> "##
            + ##"<object data="/i.svg"></object><button formaction="/go/">g</button><q cite="/src/">q</q> <p data-x="/no" srcsetx="/no">"##
        #expect(base.apply(toHTML: html) == ##"<img src="/book-site/a.png" srcset="/book-site/a.png 1x, /book-site/a@2x.png 2x,https://x/c.png 3x, rel.png 4x"> "##
            + ##"<source srcset='/book-site/w.png'><link rel=preload imagesrcset=/book-site/s.png> "##
            + ##"<img srcset=" /book-site/p.png  100w ,/book-site/q.png, /book-site/r.png 2x" sizes="50vw"> "##
            + ##"<object data="/book-site/i.svg"></object><button formaction="/book-site/go/">g</button><q cite="/book-site/src/">q</q> "##
            + ##"<p data-x="/no" srcsetx="/no">"##)
    }

    /// A path with percent-encoding stays encoded (`/caf%C3%A9`), as URLs are written.
    @Test func anEncodedPathStaysEncoded() {
        #expect(BasePath(baseURL: "https://example.org/caf%C3%A9%20x/").prefix == "/caf%C3%A9%20x")
    }
}
