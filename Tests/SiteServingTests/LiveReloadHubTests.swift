import RunwayText
import SiteBuilding
@testable import SiteServing
import Testing

/// The live-reload hub's bounds: a full hub ends its oldest listener, the heartbeat reaches every
/// listener, and a listener whose stream is dropped is released. What it tells pages of a build's
/// errors and warnings.
@Suite struct LiveReloadHubTests {
    @Test func aFullHubEndsItsOldestListenerAfterTellingIt() async throws {
        let hub = LiveReloadHub(maximumListeners: 2)
        var oldest = hub.subscribe().makeAsyncIterator()
        var middle = hub.subscribe().makeAsyncIterator()
        #expect(await oldest.next() == "retry: 500\n\n")
        #expect(await middle.next() == "retry: 500\n\n")
        #expect(hub.listenerCount == 2)

        var newest = hub.subscribe().makeAsyncIterator()
        #expect(hub.listenerCount == 2, "the bound holds")
        #expect(await oldest.next() == "event: closed\ndata: {}\n\n", "the page is told to stop reconnecting")
        #expect(await oldest.next() == nil, "and its stream ends")
        #expect(await newest.next() == "retry: 500\n\n")

        hub.ping()
        #expect(await middle.next() == LiveReloadHub.ping)
        #expect(await newest.next() == ": ping\n\n")
    }

    @Test func aDroppedStreamIsReleased() {
        let hub = LiveReloadHub()
        withExtendedLifetime(hub.subscribe()) {
            #expect(hub.listenerCount == 1)
        }
        #expect(hub.listenerCount == 0)
        #expect(LiveReloadHub().maximumListeners == LiveReloadHub.defaultMaximumListeners)
    }

    static func outcome(_ effect: LiveBuild.Effect, _ diagnostics: [Diagnostic]) -> LiveBuild.Outcome {
        LiveBuild.Outcome(report: SiteBuild.Report(pageCount: 1, diagnostics: diagnostics, output: "/out"), effect: effect, duration: .zero)
    }

    @Test func aGoodBuildsWarningsReachEveryPageAndAFailureTakesTheirPlace() async throws {
        let hub = LiveReloadHub()
        var open = hub.subscribe().makeAsyncIterator()
        #expect(await open.next() == "retry: 500\n\n")
        let warning = Diagnostic(.warning, "unknown component 'yotube'", path: "content/a.md", position: SourcePosition(line: 3, column: 1))
        let warned = #"event: warnings\#ndata: ["content/a.md:3:1: warning: unknown component 'yotube'"]\#n\#n"#
        #expect(warning.description == "content/a.md:3:1: warning: unknown component 'yotube'")

        // A reload: the open page reloads, and hears the warnings when it listens again.
        hub.publish(Self.outcome(.reload, [warning]))
        #expect(await open.next() == "event: reload\ndata: {}\n\n")
        var reloaded = hub.subscribe().makeAsyncIterator()
        #expect(await reloaded.next() == "retry: 500\n\n")
        #expect(await reloaded.next() == warned)

        // The same warnings again, with nothing to reload: nothing to say. Others: they are said.
        let other = Diagnostic(.warning, "a link leads nowhere", path: "content/b.md", position: SourcePosition(line: 1, column: 2))
        hub.publish(Self.outcome(.none, [warning]))
        hub.publish(Self.outcome(.none, [other]))
        #expect(await reloaded.next() == #"event: warnings\#ndata: ["content/b.md:1:2: warning: a link leads nowhere"]\#n\#n"#)
        hub.publish(Self.outcome(.stylesheets, []))
        #expect(await reloaded.next() == "event: stylesheets\ndata: {}\n\n")
        #expect(await reloaded.next() == "event: warnings\ndata: []\n\n", "the panel goes when the warnings do")

        // A failure shows its errors only, to a page open and to a page opened after it.
        hub.publish(Self.outcome(.reload, [warning]))
        #expect(await reloaded.next() == "event: reload\ndata: {}\n\n")
        let error = Diagnostic(.error, "invalid YAML front matter", path: "content/a.md", position: SourcePosition(line: 4, column: 6))
        hub.publish(Self.outcome(.failed, [error, warning]))
        #expect(await reloaded.next() == #"event: failure\#ndata: ["content/a.md:4:6: error: invalid YAML front matter"]\#n\#n"#)
        var later = hub.subscribe().makeAsyncIterator()
        #expect(await later.next() == "retry: 500\n\n")
        #expect(await later.next() == #"event: failure\#ndata: ["content/a.md:4:6: error: invalid YAML front matter"]\#n\#n"#)
    }
}
