import RunwayText
import MarkdownParsing
import Testing

/// The parser makes one link per element: the runs inside an element share its stack, so memory
/// is linear in the input however deep the nesting (the benchmark measures it; these check the
/// sharing that makes it so, and that deep input parses and renders exactly).
@Suite struct SharedStackTests {
    @Test func runsOfOneElementShareItsStack() throws {
        let text = parse("**a *b* c**\n\n- x\n- y\n")
        #expect(text.texts == ["a ", "b", " c", "x", "y"])
        let runs = text.runs
        let strong = try #require(runs[0].attributes.inlineIntent)
        #expect(try #require(runs[2].attributes.inlineIntent).isIdentical(to: strong), "'a ' and ' c' are in one element")
        let emphasis = try #require(runs[1].attributes.inlineIntent)
        #expect(try #require(emphasis.enclosing).isIdentical(to: strong), "'b' is inside that element")
        let paragraph = try #require(runs[0].attributes.presentationIntent)
        #expect(try #require(runs[1].attributes.presentationIntent).isIdentical(to: paragraph))
        let x = try #require(runs[3].attributes.presentationIntent)
        let y = try #require(runs[4].attributes.presentationIntent)
        #expect(x.depth == 3 && y.depth == 3)
        #expect(try #require(x.enclosing?.enclosing).isIdentical(to: #require(y.enclosing?.enclosing)), "both items are in one list")
        let xItem = try #require(x.enclosing)
        let yItem = try #require(y.enclosing)
        #expect(!xItem.isIdentical(to: yItem))
    }

    /// cmark's own regression input for nested emphasis: every run sits one level deeper than the
    /// one before. The stacks hold one link per element, so the runs' stacks together hold as
    /// many links as there are elements, not runs × depth.
    @Test func nestedEmphasisHoldsOneLinkPerElement() throws {
        let n = 2_000
        let markdown = String(repeating: "*a **a ", count: n) + "b" + String(repeating: " a** a*", count: n)
        let text = parse(markdown)
        #expect(text.runs.map { $0.attributes.inlineIntent?.depth ?? 0 }.max() == 2 * n)
        // Walking each run's stack until a link already seen visits every link once.
        var seen = Set<InlineIntent>()
        var visits = 0
        for run in text.runs {
            var stack = run.attributes.inlineIntent
            while let current = stack, seen.insert(current).inserted {
                visits += 1
                stack = current.enclosing
            }
        }
        #expect(seen.count == 2 * n, "one distinct stack per element")
        #expect(visits == 2 * n)
        var elements = 0
        text.forEachNewInlineComponent { _, _ in elements += 1 }
        #expect(elements == 2 * n)
    }

    /// A walk pruned with `climbing:` visits exactly what the whole walk visits that it keeps, in
    /// the same runs: links and images for `containsLink`, spans for `containsAttributeSpan`.
    @Test func aPrunedWalkVisitsWhatTheWholeWalkKeeps() {
        let text = parse("""
            *a [b **c** ^[d](customColor: 'x') e](/u) f* ![i *j*](/img.png) ^[g [h](/v) ^[hh](size: 1)](size: 2) `k`
            [l](/w)[m](/w) plain **strong** text

            > [n *o*](/x) and ^[p](customColor: 'y')

            [q ![r](/s.png)](/t) [*x* y](/z)
            """)
        func visits(climbing: (InlineIntent) -> Bool = { _ in true }, keeping keep: (InlineIntent.Component) -> Bool) -> [String] {
            var visited: [String] = []
            text.forEachNewInlineComponent(climbing: climbing) { component, run in
                if keep(component) { visited.append("\(component.identity)@\(run.range.lowerBound)") }
            }
            return visited
        }
        let links = visits(climbing: \.containsLink, keeping: \.isLink)
        #expect(links.count == 9)
        #expect(links == visits(keeping: \.isLink))
        let spans = visits(climbing: \.containsAttributeSpan, keeping: \.isAttributeSpan)
        #expect(spans.count == 4)
        #expect(spans == visits(keeping: \.isAttributeSpan))
        #expect(visits(climbing: \.containsLink) { _ in true }.count < visits { _ in true }.count, "the walk was pruned")
    }
}
