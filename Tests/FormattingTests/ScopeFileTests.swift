import RunwayText
import Formatting
import Testing

@Suite struct ScopeFileTests {
    func scope(_ toml: String) throws -> (CustomAttributeScope, [String]) {
        let source = try TOMLSource(path: "runway.toml", text: toml)
        let (scope, diagnostics) = CustomAttributeScope.declared(in: source, name: "runway.toml")
        return (scope, diagnostics.map(\.description))
    }

    @Test func declarationsBecomeTypedScope() throws {
        let (scope, problems) = try scope("""
            title = "x"

            [attributes.customColor]
            type = "string"
            values = ["danger", "highlight"]
            description = "A colour role."

            [attributes.factor]
            type = "number"

            [attributes]
            note.type = "string"
            """)
        #expect(problems.isEmpty)
        #expect(scope["customColor"] == AttributeDeclaration("customColor", .oneOf(["danger", "highlight"]), summary: "A colour role."))
        #expect(scope["factor"]?.type == .number)
        #expect(scope["note"]?.type == .string)
        #expect(scope.problem(with: "factor", value: .integer(3)) == nil)
        #expect(scope.problem(with: "customColor", value: .string("red")) != nil)
    }

    @Test func problemsAreLocatedAtTheirKeys() throws {
        let (scope, problems) = try scope("""
            [attributes.size]
            type = "float"

            [attributes.mood]
            type = "bool"
            values = ["happy"]

            [attributes.link]
            type = "string"

            [attributes.tone]
            type = "string"
            colour = "red"

            [attributes.blank]
            type = "string"
            values = ["", "sad"]
            """)
        #expect(problems == [
            "runway.toml:17:1: error: 'values' of attribute 'blank' must be a non-empty array of non-empty strings, for a string attribute",
            "runway.toml:8:1: error: 'link' is one of Runway's own attributes and cannot be declared",
            "runway.toml:6:1: error: 'values' of attribute 'mood' must be a non-empty array of non-empty strings, for a string attribute",
            "runway.toml:2:1: error: attribute 'size' has unknown type \"float\" (expected string, bool, integer, number or object)",
            "runway.toml:13:1: error: unknown key 'colour' in attribute 'tone' (expected type, values, description)",
        ])
        #expect(scope.declarations.map(\.name) == ["tone"])
    }

    /// A file with CRLF line endings (written on Windows) has its problems at their lines: Swift
    /// reads CRLF as one character, and every problem was said at 1:1.
    @Test func problemsInAFileOfCRLFLinesAreLocatedAtTheirKeys() throws {
        let source = try TOMLSource(path: "t.toml", text: "title = \"T\"\r\n\r\n[attributes.mood]\r\ntype = \"strin\"\r\n[[menus.main]]\r\nname = \"A\"\r\n")
        #expect(source.position(of: ["attributes", "mood"]) == SourcePosition(line: 3, column: 1))
        #expect(source.position(of: ["attributes", "mood", "type"]) == SourcePosition(line: 4, column: 1))
        #expect(source.position(ofArrayTable: ["menus", "main"], index: 0) == SourcePosition(line: 5, column: 1))
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(throws: Diagnostic.self) { try TOMLSource(path: "t.toml", text: "title = \n") }
        do {
            _ = try TOMLSource(path: "t.toml", text: "a = 1\n[attributes.x\n")
        } catch {
            #expect(error.path == "t.toml")
            #expect(error.position?.line == 2)
            #expect(error.description.hasPrefix("t.toml:2:"))
        }
    }
}
