import Foundation
import Testing

/// `--theme` through the command line, on a specimen using every custom attribute.
@Suite struct ThemeCommandTests {
    static let specimen = """
        # Specimen

        ^[BoldCaps and Danger](customStyle: 'boldcaps', customColor: 'danger'), ^[small italics](customStyle: 'smallitalics'),
        ^[highlight](customColor: 'highlight'), ^[Ana](annotation: 'contact') in ^[Lisbon](annotation: 'place') on
        ^[1 May](annotation: 'date'), and ^[a double line](underlineStyle: 'double').

        > *Emphasis*, **strong**, `code`, ~~gone~~ and a [link](https://swift.org).

        | a | b |
        |---|---|
        | ^[x](customColor: 'danger') | y |

        """

    @Test func fragmentsAreByteIdenticalUnderThemesThatShareADefinition() throws {
        let fragments = try ["default", "menlo", "times", "important"].map { theme in
            try RunwayProcess.run(["render", "--fragment", "--theme", theme, "-"], input: Data(Self.specimen.utf8))
        }
        #expect(fragments.allSatisfy { $0.status == 0 && $0.stderr.isEmpty })
        #expect(Set(fragments.map(\.stdout)).count == 1)
        #expect(fragments[0].stdout.contains(#"<span class="rw-annotation--contact rw-foregroundColor--purple" data-annotation="contact" data-foreground-color="purple">Ana</span>"#))
        #expect(fragments[0].stdout.contains(#"<span class="rw-underlineStyle--single" data-underline-style="single">a double line</span>"#))
        #expect(fragments[0].stdout.contains(#"<span class="rw-customColor--danger rw-customStyle--boldcaps" data-custom-color="danger" data-custom-style="boldcaps">BoldCaps and Danger</span>"#))
    }

    @Test func runsJSONWithAThemeShowsConstrainedAndMergedAttributes() throws {
        let result = try RunwayProcess.run(["runs", "--json", "--theme", "default", "-"],
                                           input: Data("^[Ana](annotation: 'contact') ^[x](underlineStyle: 'double')".utf8))
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let ana = try #require(runs.first { $0["text"] as? String == "Ana" }?["attributes"] as? [String: Any])
        #expect(ana["foregroundColor"] as? String == "purple")
        #expect(ana["bold"] as? Bool == true)
        let x = try #require(runs.first { $0["text"] as? String == "x" }?["attributes"] as? [String: Any])
        #expect(x["underlineStyle"] as? String == "single")
        let plain = try RunwayProcess.run(["runs", "--json", "-"], input: Data("^[x](underlineStyle: 'double')".utf8))
        #expect(plain.stdout.contains(#""underlineStyle" : "double""#))
    }

    @Test func standaloneDocumentsEmbedTheThemesAndASwitcher() throws {
        let one = try RunwayProcess.run(["render", "--theme", "menlo", "-"], input: Data(Self.specimen.utf8))
        #expect(one.stdout.contains(#"<style data-runway-theme="menlo" media="all">"#))
        #expect(one.stdout.contains(#"font-family: "Menlo", ui-monospace"#))
        #expect(!one.stdout.contains("<nav class=\"runway-theme-switcher\""))
        #expect(!one.stdout.contains(" style=\""), "no inline styles")
        let several = try RunwayProcess.run(["render", "--theme", "default", "--theme", "times", "-"], input: Data(Self.specimen.utf8))
        #expect(several.stdout.contains(#"<style data-runway-theme="times" media="not all">"#))
        #expect(several.stdout.contains(#"<select id="runway-theme"><option value="default">default</option><option value="times">times</option></select>"#))
        #expect(several.stdout.contains("localStorage.setItem(\"runway-theme\""))
        let plain = try RunwayProcess.run(["render", "--theme", "plain", "-"], input: Data("# x\n".utf8))
        #expect(!plain.stdout.contains("<style"))
    }

    @Test func anUnknownThemeIsAnError() throws {
        let result = try RunwayProcess.run(["render", "--theme", "nosuch", "-"], input: Data("x".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("nosuch: error: no theme named 'nosuch'"))
        #expect(result.stderr.contains("available: default, important, menlo, plain, times"))
    }
}
