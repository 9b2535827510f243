import RunwayText
import Testing

/// Intents are stacks of shared links: equal stacks are equal whether or not they share storage,
/// and the walking API reads them without copying.
@Suite struct IntentSharingTests {
    let paragraph = PresentationIntent.Component(kind: .paragraph, identity: 3)
    let item = PresentationIntent.Component(kind: .listItem(ordinal: 1), identity: 2)
    let list = PresentationIntent.Component(kind: .unorderedList(isTight: true), identity: 1)

    @Test func sharedAndCopiedStacksAreEqualWithEqualHashes() {
        let outer = PresentationIntent(components: [item, list])
        let shared = PresentationIntent(paragraph, enclosing: outer)
        let copied = PresentationIntent(components: [paragraph, item, list])
        #expect(shared == copied)
        #expect(shared.hashValue == copied.hashValue)
        #expect(!shared.isIdentical(to: copied))
        #expect(shared.isIdentical(to: shared))
        #expect(Set([shared, copied]).count == 1)
        #expect(shared != PresentationIntent(components: [paragraph, item]))
        #expect(shared != PresentationIntent(components: [PresentationIntent.Component(kind: .paragraph, identity: 4), item, list]))
    }

    @Test func walkingReadsTheStackInnermostFirst() throws {
        let outer = PresentationIntent(components: [item, list])
        let intent = PresentationIntent(paragraph, enclosing: outer)
        #expect(intent.depth == 3)
        #expect(intent.innermost == paragraph)
        let enclosing = try #require(intent.enclosing)
        #expect(enclosing.isIdentical(to: outer), "the enclosing stack is shared, not copied")
        #expect(Array(intent.componentsInnermostFirst) == [paragraph, item, list])
        #expect(intent.components == [paragraph, item, list])
        #expect(PresentationIntent(components: [list]).enclosing == nil)
        #expect(PresentationIntent(components: []).depth == 0)
        #expect(PresentationIntent(components: []).innermost == nil)
    }

    @Test func writingComponentsReplacesTheStack() {
        var intent = PresentationIntent(components: [paragraph, item, list])
        intent.components[0].kind = .header(level: 2)
        #expect(intent.components.map(\.kind) == [.header(level: 2), .listItem(ordinal: 1), .unorderedList(isTight: true)])
        #expect(intent.innermost?.kind == .header(level: 2))
        #expect(intent.depth == 3)
    }

    /// A stack a million links deep is released link by link: recursive release would overflow the
    /// thread's stack and crash the test process.
    @Test func aVeryDeepStackIsReleasedWithoutRecursion() {
        var intent: InlineIntent?
        for identity in 1...1_000_000 {
            intent = InlineIntent(InlineIntent.Component(kind: .emphasized, identity: identity), enclosing: intent)
        }
        #expect(intent?.depth == 1_000_000)
        let copy = InlineIntent(components: intent?.components ?? [])
        #expect(copy == intent, "equality walks iteratively too")
        intent = nil
        #expect(copy.depth == 1_000_000)
    }

    @Test func containersPrintTheirComponentsAsBefore() {
        let intent = InlineIntent(components: [InlineIntent.Component(kind: .emphasized, identity: 1)])
        #expect(String(describing: intent) == "InlineIntent(components: [RunwayText.InlineIntent.Component(kind: RunwayText.InlineIntent.Kind.emphasized, identity: 1)])")
    }

    @Test func mergingPutsTheOtherElementsInsideSharingTheStack() throws {
        let strong = InlineIntent.Component(kind: .stronglyEmphasized, identity: 1)
        let emphasis = InlineIntent.Component(kind: .emphasized, identity: 2)
        var container = AttributeContainer()
        container.inlineIntent = InlineIntent(components: [strong])
        var other = AttributeContainer()
        other.inlineIntent = InlineIntent(components: [emphasis])
        let merged = container.merging(other)
        #expect(merged.inlineIntent?.components == [emphasis, strong])
        let enclosing = try #require(merged.inlineIntent?.enclosing)
        #expect(try enclosing.isIdentical(to: #require(container.inlineIntent)))
    }

    /// A rewriting visits each shared link once and shares its results the same way; what it does
    /// not change stays the very same stack.
    @Test func rewritingSharesWorkAndResults() throws {
        let link = InlineIntent(InlineIntent.Component(kind: .link(destination: "a", title: nil), identity: 1), enclosing: nil)
        let first = InlineIntent(InlineIntent.Component(kind: .emphasized, identity: 2), enclosing: link)
        let second = InlineIntent(InlineIntent.Component(kind: .code, identity: 3), enclosing: link)
        var calls = 0
        var upper = InlineIntent.Rewriting { component in
            calls += 1
            guard case .link(let destination, let title) = component.kind else { return component }
            return InlineIntent.Component(kind: .link(destination: destination.uppercased(), title: title), identity: component.identity)
        }
        let one = upper(first)
        let two = upper(second)
        #expect(calls == 3, "the shared link is rewritten once")
        #expect(one.components.map(\.kind) == [.emphasized, .link(destination: "A", title: nil)])
        #expect(two.components.map(\.kind) == [.code, .link(destination: "A", title: nil)])
        let oneEnclosing = try #require(one.enclosing)
        #expect(try oneEnclosing.isIdentical(to: #require(two.enclosing)))
        #expect(upper(first).isIdentical(to: one))

        var identity = InlineIntent.Rewriting { $0 }
        #expect(identity(first).isIdentical(to: first))
    }

    /// A stack knows whether it holds a span, so a definition skips the runs outside spans.
    @Test func aStackKnowsWhetherItHoldsASpan() {
        let span = InlineIntent(InlineIntent.Component(kind: .attributes(raw: "k: 1", values: ["k": .integer(1)]), identity: 1), enclosing: nil)
        let inside = InlineIntent(InlineIntent.Component(kind: .emphasized, identity: 2), enclosing: span)
        let outside = InlineIntent(components: [InlineIntent.Component(kind: .emphasized, identity: 3)])
        #expect(span.containsAttributeSpan && inside.containsAttributeSpan)
        #expect(!outside.containsAttributeSpan)
        #expect(InlineIntent(components: inside.components).containsAttributeSpan, "copied stacks know it too")
    }

    /// A fold computes each shared link once, from the enclosing link's value.
    @Test func aFoldVisitsEachSharedLinkOnce() {
        let outer = InlineIntent(InlineIntent.Component(kind: .emphasized, identity: 1), enclosing: nil)
        let first = InlineIntent(InlineIntent.Component(kind: .emphasized, identity: 2), enclosing: outer)
        let second = InlineIntent(InlineIntent.Component(kind: .code, identity: 3), enclosing: outer)
        var steps = 0
        var emphasis = StackFold<InlineIntent, Int>(initial: 0) { enclosing, stack in
            steps += 1
            return enclosing + (stack.innermost?.kind == .emphasized ? 1 : 0)
        }
        #expect(emphasis(first) == 2)
        #expect(emphasis(second) == 1)
        #expect(emphasis(outer) == 1)
        #expect(emphasis(InlineIntent(components: [])) == 0)
        #expect(steps == 3)
    }
}
