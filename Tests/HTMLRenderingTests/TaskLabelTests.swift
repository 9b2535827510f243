import RunwayText
import HTMLRendering
import MarkdownParsing
import Testing

/// Task list checkboxes named by their tasks (`HTMLRenderer.Options.labelsTasks`), as site
/// builds render them; without the option, cmark-gfm's HTML.
@Suite struct TaskLabelTests {
    func html(_ markdown: String, labels: Bool = true) -> String {
        HTMLRenderer(options: .init(labelsTasks: labels)).render(MarkdownParser().parse(markdown))
    }

    /// A checkbox's name is its item's first block's text, spaces collapsed, escaped as an
    /// attribute; a nested task has its own; a loose item's first paragraph names it (its
    /// checkbox before the paragraph, where cmark-gfm writes it).
    @Test func aCheckboxIsNamedByItsItemsFirstBlock() {
        #expect(html("- [x] Write *the* `tests` & \"ship\"\n") == """
            <ul>
            <li><input type="checkbox" aria-label="Write the tests &amp; &quot;ship&quot;" checked="" disabled="" /> Write <em>the</em> <code>tests</code> &amp; &quot;ship&quot;</li>
            </ul>

            """)
        #expect(html("1. [ ] Outer\n   more\n   - [x] inner\n\n   after\n") == """
            <ol>
            <li><input type="checkbox" aria-label="Outer more" disabled="" /> 
            <p>Outer
            more</p>
            <ul>
            <li><input type="checkbox" aria-label="inner" checked="" disabled="" /> inner</li>
            </ul>
            <p>after</p>
            </li>
            </ol>

            """)
    }

    /// An image's alternative text is not the task's name twice over, and a task with no text
    /// has no empty name.
    @Test func imagesAndEmptyTasks() {
        #expect(html("- [ ] ![logo](l.png) Draw\n").contains(#"<input type="checkbox" aria-label="Draw" disabled="" />"#))
        #expect(html("- [ ] \n- [ ] x\n").contains(#"<li><input type="checkbox" aria-label="x" disabled="" /> x</li>"#))
    }

    /// Off, the HTML is cmark-gfm's (the spec's task list examples are checked against it too).
    @Test func offItIsCmarkGFMs() {
        #expect(html("- [x] done\n- [ ] open\n", labels: false) == """
            <ul>
            <li><input type="checkbox" checked="" disabled="" /> done</li>
            <li><input type="checkbox" disabled="" /> open</li>
            </ul>

            """)
    }
}
