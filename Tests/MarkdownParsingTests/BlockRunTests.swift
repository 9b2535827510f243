import RunwayText
import MarkdownParsing
import Testing

@Suite struct BlockRunTests {
    /// DESIGN §2's example: the first item of a bullet list.
    @Test func listItemTextIsParagraphInItemInList() {
        let text = parse("- first\n- second\n")
        #expect(text.blockPaths[0] == ["paragraph:3", "listItem:2", "unorderedList:1"])
        #expect(text.blockPaths[1] == ["paragraph:5", "listItem:4", "unorderedList:1"])
        #expect(text.runs[0].attributes.presentationIntent?.components[1].kind == .listItem(ordinal: 1))
    }

    @Test func identitiesFollowDocumentPreOrder() {
        let text = parse("# T\n\n> a\n>\n> b\n\n---\n\npara\n")
        #expect(text.blockPaths == [
            ["header:1"], ["paragraph:3", "blockQuote:2"], ["paragraph:4", "blockQuote:2"],
            ["thematicBreak:5"], ["paragraph:6"],
        ])
        #expect(text.runs[0].attributes.presentationIntent?.components[0].kind == .header(level: 1))
        #expect(text.runs[3].range.isEmpty)
    }

    @Test func orderedListsKeepTheirNumbersAndTightness() {
        let text = parse("3. a\n4. b\n\n\n- c\n\n- d\n")
        let kinds = text.runs.map { $0.attributes.presentationIntent!.components }
        #expect(kinds[0][1].kind == .listItem(ordinal: 3))
        #expect(kinds[1][1].kind == .listItem(ordinal: 4))
        #expect(kinds[0][2].kind == .orderedList(isTight: true))
        #expect(kinds[2][2].kind == .unorderedList(isTight: false))
    }

    @Test func taskItemsHaveCheckboxes() {
        let text = parse("- [ ] todo\n- [x] done\n")
        let items = text.runs.map { $0.attributes.presentationIntent!.components[1].kind }
        #expect(items == [.listItem(ordinal: 1, checkbox: .unchecked), .listItem(ordinal: 2, checkbox: .checked)])
    }

    @Test func codeBlocksKeepTheirTextAndLanguage() {
        let text = parse("```swift title=x\nlet a = 1\n```\n\n    indented\n")
        #expect(text.texts == ["let a = 1\n", "indented\n"])
        #expect(text.runs[0].attributes.presentationIntent?.components[0].kind == .codeBlock(languageHint: "swift"))
        #expect(text.runs[1].attributes.presentationIntent?.components[0].kind == .codeBlock(languageHint: nil))
    }

    @Test func tablesNumberRowsAndCellsAndKeepAlignment() {
        let text = parse("| a | b |\n|:-:|---|\n| c | d |\n| e |\n")
        let paths = text.runs.map { $0.attributes.presentationIntent!.components.map(\.kind) }
        let columns = [PresentationIntent.TableColumn(alignment: .center), PresentationIntent.TableColumn(alignment: nil)]
        #expect(paths[0] == [.tableCell(columnIndex: 0), .tableHeaderRow, .table(columns: columns)])
        #expect(paths[3] == [.tableCell(columnIndex: 1), .tableRow(rowIndex: 1), .table(columns: columns)])
        #expect(paths[4] == [.tableCell(columnIndex: 0), .tableRow(rowIndex: 2), .table(columns: columns)])
        #expect(text.texts.prefix(5) == ["a", "b", "c", "d", "e"])
    }

    @Test func htmlBlocksAreBlockHTMLRuns() {
        let text = parse("<div>\nhi\n</div>\n")
        #expect(text.flatIntents == [512])
        #expect(text.texts == ["<div>\nhi\n</div>\n"])
    }

    @Test func emptyBlocksKeepAnEmptyRun() {
        let text = parse("-\n- b\n\n#\n")
        #expect(text.runs[0].range.isEmpty)
        #expect(text.runs[0].attributes.presentationIntent?.components.first?.kind == .listItem(ordinal: 1))
        #expect(text.runs.last?.attributes.presentationIntent?.components.first?.kind == .header(level: 1))
    }
}
