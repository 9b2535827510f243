import Foundation
@testable import Templating
import Testing
import RunwayTestSupport

/// What a template reads through its partials and parents (`readsListing`, `readsItems`,
/// `readsRelated`, `dataRead(by:)`, `assetsRead(by:)`), computed by one walk back from the
/// templates that name each thing, equals a forward walk from each template over what it
/// includes, on generated sets of templates with cycles, problems and missing partials.
@Suite struct TemplateDependencyTests {
    /// What one generated template names directly.
    struct Node {
        var includes: [Int] = []
        var listing = false
        var items = false
        var related = false
        var data: Set<String> = []
        var anyData = false
        var assets: Set<String> = []
        var broken = false

        /// What it includes as its tags are read: nothing when it cannot be parsed.
        var parsedIncludes: [Int] { broken ? [] : includes }
    }

    static func text(of node: Node) -> String {
        var text = "x"
        for include in node.includes { text += "{{#page.title}}{{>partials/t\(include).html}}{{/page.title}}" }
        if node.listing { text += "{{#pages}}{{title}}{{/pages}}" }
        if node.items { text += "{{#pagination}}{{number}}{{/pagination}}" }
        if node.related { text += "{{#page.related}}{{title}}{{/page.related}}" }
        for name in node.data.sorted() { text += "{{#site.data.\(name)}}.{{/site.data.\(name)}}" }
        if node.anyData { text += "{{#site}}{{title}}{{/site}}" }
        for asset in node.assets.sorted() { text += "{{asset(\"\(asset)\")}}" }
        if node.broken { text += "{{#unclosed}}" }
        return text
    }

    /// Whether `target` is reached from `starts`.
    static func reaches(_ target: Int, from starts: [Int], in nodes: [Node]) -> Bool {
        var seen: Set<Int> = []
        var pending = starts
        while let next = pending.popLast() {
            if next == target { return true }
            guard next < nodes.count, seen.insert(next).inserted else { continue }
            pending += nodes[next].parsedIncludes
        }
        return false
    }

    @Test(arguments: 1...40) func walkingBackEqualsWalkingForward(seed: Int) throws {
        var random = SplitMix64(state: UInt64(seed))
        let count = Int.random(in: 2...14, using: &random)
        var nodes: [Node] = []
        for _ in 0..<count {
            var node = Node()
            // Some partials that no file is (t\(count)…): a template that includes one has a problem.
            node.includes = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0...count, using: &random) }
            node.listing = Int.random(in: 0..<6, using: &random) == 0
            node.items = Int.random(in: 0..<6, using: &random) == 0
            node.related = Int.random(in: 0..<6, using: &random) == 0
            node.data = Set((0..<Int.random(in: 0...2, using: &random)).map { _ in ["team", "links", "menu"].randomElement(using: &random)! })
            node.anyData = Int.random(in: 0..<12, using: &random) == 0
            node.assets = Set((0..<Int.random(in: 0...2, using: &random)).map { _ in ["a.js", "b.css", "c.png"].randomElement(using: &random)! })
            node.broken = Int.random(in: 0..<15, using: &random) == 0
            nodes.append(node)
        }
        var files: [String: String] = [:]
        for (index, node) in nodes.enumerated() { files["partials/t\(index).html"] = Self.text(of: node) }
        var filters = TemplateFilters.standalone
        filters.assets = { path in ("/" + path, "sha384-x") }
        let set = TemplateSet(folders: [try TemplateSetTests.folder(files)], filters: filters)

        for start in nodes.indices {
            // The forward walk: every template `start` reaches, each once; a missing one is a problem.
            var seen: Set<Int> = []
            var pending = [start]
            var problem = false
            while let next = pending.popLast() {
                guard next < count else { problem = true; continue }
                guard seen.insert(next).inserted else { continue }
                pending += nodes[next].parsedIncludes
            }
            let reached = seen.map { nodes[$0] }
            // A template that needs a broken one, a missing one, or one of a cycle cannot be rendered.
            problem = problem || reached.contains(where: \.broken) || seen.contains { Self.reaches($0, from: nodes[$0].parsedIncludes, in: nodes) }
            let name = "partials/t\(start).html"
            let context = "seed \(seed), template \(start): \(nodes.map(Self.text(of:)))"
            #expect(set.readsListing(name) == (problem || reached.contains(where: \.listing)), "\(context)")
            #expect(set.readsItems(name) == (problem || reached.contains(where: \.items)), "\(context)")
            #expect(set.readsRelated(name) == (problem || reached.contains(where: \.related)), "\(context)")
            let data = reached.reduce(into: Set<String>()) { $0.formUnion($1.data) }
            let expected: Set<String>?? = problem || reached.contains(where: \.anyData) ? .some(nil) : data.isEmpty ? nil : .some(data)
            #expect(set.dataRead(by: name) == expected, "\(context)")
            let assets = reached.filter { !$0.broken }.reduce(into: Set<String>()) { $0.formUnion($1.assets) }
            #expect(set.assetsRead(by: name) == assets.sorted(), "\(context)")
        }
    }
}
