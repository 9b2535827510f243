@testable import SiteServing
import Testing

/// The live-reload hub's bounds: a full hub ends its oldest listener, the heartbeat reaches every
/// listener, and a listener whose stream is dropped is released.
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
}
