import RunwayText
import SiteContent
import SiteOutput

/// The generators whose sites `runway import` reads.
public enum ForeignGenerator: String, CaseIterable, Sendable {
    /// Hugo: `hugo.toml` or `config.toml` (YAML, JSON), `content/`, `static/`, shortcodes.
    case hugo
    /// Zola: `config.toml`, `content/` with `_index.md` sections, `static/`, shortcodes.
    case zola
    /// Jekyll: `_config.yml`, `_posts/`, pages, collections, Liquid.
    case jekyll
}

/// What an import makes of another generator's site before anything is written: the Runway
/// site's settings, each file it writes (a page with the URL the original gives it, a file copied
/// as it is), and what it said about the rest.
struct ImportPlan {
    var settings = RunwaySettings()
    var pages: [ImportedPage] = []
    /// Files copied as they are: (the source's absolute path, the new site's relative path).
    var copies: [(source: String, destination: String)] = []
    /// Templates made from the source's pages: (the new site's relative path, the template).
    var templates: [(destination: String, text: String)] = []
    var findings: [ImportFinding] = []
    /// What converts the pages' bodies, once every page is where it goes (a link names the page
    /// it leads to by its new place).
    var converter: Converter = .hugo
    /// The source's configuration values, which a shortcode or a Liquid value may print.
    var siteValues: [String: AttributeValue] = [:]
    /// How many of each construct were converted (`{{< figure >}}`, `{% link %}`).
    var converted: [String: Int] = [:]

    /// A finding about `file` (relative to the source) at `line`.
    mutating func note(_ file: String, line: Int? = nil, _ kind: ImportFinding.Kind, _ message: String) {
        findings.append(ImportFinding(file: file, line: line, kind: kind, message: message))
    }

    /// The data files of the source's `folder` (Hugo's `data/`, Jekyll's `_data/`) copied into the
    /// new site's `data/`, where templates read them as `site.data`; files of another format are
    /// left out, said once.
    mutating func copyData(_ folder: String, of tree: SourceTree) {
        guard tree.isFolder(folder) else { return }
        let files = tree.files(under: folder)
        let (data, others) = (files.filter { DataFile.Format(fileName: $0) != nil }, files.filter { DataFile.Format(fileName: $0) == nil })
        for file in data { copies.append((SitePaths.join(tree.root, folder + "/" + file), SiteData.folder + "/" + file)) }
        if !data.isEmpty {
            note(folder + "/", .converted, "\(data.count) data file\(data.count == 1 ? "" : "s") copied to data/: templates read them as site.data")
        }
        if !others.isEmpty {
            note(folder + "/", .leftOut, "\(others.count) file\(others.count == 1 ? "" : "s") of \(folder)/ not imported: data files are .toml, .yaml, .json or .csv")
        }
    }
}

/// The converter of a generator's syntax in pages' bodies.
enum Converter {
    case hugo, liquid, zola
}

/// A page of the imported site.
struct ImportedPage {
    /// Where it comes from, relative to the source site.
    var source: String
    /// The path other pages' links name it by in the source: relative to Hugo's or Zola's
    /// content folder, to Jekyll's site.
    var contentKey: String
    /// Where it goes, relative to the new site (`content/posts/a.md`).
    var destination: String
    /// Its text, converted.
    var text: PageText
    /// The URL the original generator publishes it at (its language's prefix included), or `nil`
    /// when the import cannot say (the page then keeps the URL Runway gives it).
    var expectedURL: String?
}

/// Something the report says about the source: what could not be converted, what was converted
/// another way, what was left out.
struct ImportFinding: Equatable, Sendable {
    enum Kind: String, Sendable {
        /// A construct left as it was: Runway prints it as text (and `runway check` warns).
        case unconverted
        /// Converted, with what is lost said (a video became a link).
        case converted
        /// A setting or a file the new site does not carry.
        case leftOut
    }

    var file: String
    var line: Int?
    var kind: Kind
    var message: String

    /// `file:line: message`, as the report lists it.
    var description: String {
        file + (line.map { ":\($0)" } ?? "") + ": " + message
    }
}

/// The constructs of one page a converter leaves as they are, each said once with every line it
/// is on (`the shortcode {{< x >}} … at lines 3, 9`).
struct UnconvertedLog {
    private var order: [String] = []
    private var lines: [String: [Int]] = [:]
    private var messages: [String: String] = [:]

    /// `construct` at `line`, with what the report says of it.
    mutating func add(_ construct: String, line: Int, _ message: String) {
        if lines[construct] == nil {
            order.append(construct)
            messages[construct] = message
        }
        lines[construct, default: []].append(line)
    }

    /// A finding for each construct, at its first line, naming the others.
    func findings(file: String) -> [ImportFinding] {
        order.map { construct in
            let all = lines[construct] ?? []
            let more = all.count > 1 ? " (\(all.count) times: lines \(all.map(String.init).joined(separator: ", ")))" : ""
            return ImportFinding(file: file, line: all.first, kind: .unconverted, message: construct + more + " " + (messages[construct] ?? ""))
        }
    }
}
