public import RunwayText
import Foundation
import SiteBuilding
import SiteContent
import SiteOutput

/// `runway import hugo|zola|jekyll SOURCE NEW-SITE`: another generator's site written as a Runway
/// site. The source is only read. The new site is written beside where it goes and moved there
/// once whole, so that a failure leaves nothing half-written; then Runway reads it, and each page
/// whose URL is not the one the original generator gives it gets that URL as its own `url`.
public struct SiteImporter: Sendable {
    /// The generator the source is a site of.
    public var generator: ForeignGenerator
    /// The source site's folder.
    public var source: String
    /// The new site's folder: it must not exist, or be empty.
    public var destination: String

    /// An import of the `generator` site at `source` into `destination`.
    public init(generator: ForeignGenerator, source: String, destination: String) {
        self.generator = generator
        self.source = source
        self.destination = destination
    }

    /// What an import did and found.
    public struct Report: Sendable {
        /// How many pages the new site has.
        public var pages = 0
        /// How many of them were given their own `url`, to keep the one the original gives them.
        public var ownURLs = 0
        /// How many files were copied as they are (static files, page bundles' files).
        public var copies = 0
        /// Each construct converted, with how many times.
        public var converted: [(construct: String, count: Int)] = []
        /// What was not converted (left as it was): `file:line: what`.
        public var unconverted: [String] = []
        /// What was converted with something lost (a video became a link).
        public var convertedWithLoss: [String] = []
        /// The settings and files the new site does not carry.
        public var leftOut: [String] = []
        /// The problems that stopped the import (nothing written), or, once written, what
        /// `runway check` says of the new site.
        public var diagnostics: [Diagnostic] = []
        /// Whether the new site was written.
        public var written = false

        /// Whether the import wrote a site that checks without errors.
        public var succeeded: Bool { written && !diagnostics.contains { $0.severity == .error } }
    }

    /// Imports the site.
    public func run() -> Report {
        var report = Report()
        if let problem = placeProblem() {
            report.diagnostics = [problem]
            return report
        }
        let tree = SourceTree(root: source)
        let (planned, problems) = plan(tree)
        var plan = planned
        report.diagnostics = problems
        guard !problems.contains(where: { $0.severity == .error }) else { return report }
        RunwayFit.moveSectionPages(&plan)
        for index in plan.pages.indices { RunwayFit.repairDates(&plan.pages[index], findings: &plan.findings) }
        Self.convert(&plan)
        let staging = ((destination as NSString).deletingLastPathComponent.isEmpty ? "." : (destination as NSString).deletingLastPathComponent)
            + "/.runway-import-\(UUID().uuidString)"
        do {
            try write(plan, into: staging)
            let (given, urls) = try keepURLs(&plan, in: staging)
            report.ownURLs = given
            RunwayFit.dropClashingAliases(&plan, urls: urls)
            for page in plan.pages { try write(page.text.text, to: staging + "/" + page.destination) }
            try moveIntoPlace(staging)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            report.diagnostics.append(Diagnostic(.error, "could not write the new site: \(error.localizedDescription)", path: destination))
            return report
        }
        report.written = true
        report.pages = plan.pages.count
        report.copies = plan.copies.count
        report.converted = plan.converted.map { ($0.key, $0.value) }.sorted { ($1.count, $0.construct) < ($0.count, $1.construct) }
        let findings = plan.findings.sorted { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
        report.unconverted = findings.filter { $0.kind == .unconverted }.map(\.description)
        report.convertedWithLoss = Self.grouped(findings.filter { $0.kind == .converted })
        report.leftOut = Self.grouped(findings.filter { $0.kind == .leftOut })
        report.diagnostics += SiteCheck(site: destination).run().diagnostics
        return report
    }

    /// Findings that say the same of many files, said once: `file: what (and N more files: …)`.
    static func grouped(_ findings: [ImportFinding]) -> [String] {
        var order: [String] = []
        var files: [String: [ImportFinding]] = [:]
        for finding in findings {
            if files[finding.message] == nil { order.append(finding.message) }
            files[finding.message, default: []].append(finding)
        }
        return order.map { message in
            let all = files[message] ?? []
            guard all.count > 1 else { return all[0].description }
            let others = all.dropFirst().prefix(3).map(\.file).joined(separator: ", ") + (all.count > 4 ? ", …" : "")
            return all[0].description + " (and \(all.count - 1) more: \(others))"
        }
    }

    /// Each page's body converted, its links to other pages naming them where they now are.
    static func convert(_ plan: inout ImportPlan) {
        let files = Dictionary(plan.pages.map { ($0.contentKey, String($0.destination.dropFirst("content/".count))) }) { first, _ in first }
        for index in plan.pages.indices {
            let page = plan.pages[index]
            let context = ConversionContext(file: page.source, contentPath: page.contentKey, contentFiles: files, page: page.text.values,
                                            site: plan.siteValues, unsafe: plan.settings.unsafe)
            switch plan.converter {
            case .hugo: HugoShortcodes.convert(&plan.pages[index].text, context: context, findings: &plan.findings, converted: &plan.converted)
            case .liquid:
                LiquidContent.convert(&plan.pages[index].text, context: context, findings: &plan.findings, converted: &plan.converted)
                HeadingIDs.convertKramdown(&plan.pages[index].text, file: page.source, findings: &plan.findings, converted: &plan.converted)
                KramdownBlocks.convert(&plan.pages[index].text, file: page.source, findings: &plan.findings, converted: &plan.converted)
            case .zola:
                ZolaShortcodes.convert(&plan.pages[index].text, context: context, findings: &plan.findings, converted: &plan.converted)
                HeadingIDs.keepZolaIDs(&plan.pages[index].text, converted: &plan.converted)
            }
        }
    }

    /// What is wrong with where the import reads and writes: no source folder, a destination that
    /// holds files, one inside the source (or the source inside it).
    func placeProblem() -> Diagnostic? {
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &folder), folder.boolValue else {
            return Diagnostic(.error, "no such folder: the \(generator.rawValue) site to import", path: source)
        }
        if FileManager.default.fileExists(atPath: destination) {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? ["?"]
            if !entries.isEmpty {
                return Diagnostic(.error, "already holds files: the new site goes in a folder that does not exist yet, or is empty", path: destination)
            }
        }
        let from = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let to = URL(fileURLWithPath: destination).standardizedFileURL.path + "/"
        if to.hasPrefix(from) || from.hasPrefix(to) {
            return Diagnostic(.error, "is inside the site it imports, or holds it: the import never writes into its source", path: destination)
        }
        return nil
    }

    /// The plan of `generator`'s reader.
    func plan(_ tree: SourceTree) -> (ImportPlan, [Diagnostic]) {
        switch generator {
        case .hugo: HugoSite.plan(tree)
        case .zola: ZolaSite.plan(tree)
        case .jekyll: JekyllSite.plan(tree)
        }
    }

    /// The site's files, written into `folder`.
    func write(_ plan: ImportPlan, into folder: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try Data(plan.settings.text.utf8).write(to: URL(fileURLWithPath: folder + "/runway.toml"))
        for page in plan.pages { try write(page.text.text, to: folder + "/" + page.destination) }
        for (path, text) in plan.templates { try write(text, to: folder + "/" + path) }
        for (from, to) in plan.copies {
            let target = folder + "/" + to
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            // A link (inside the source: the listing follows no other) is copied as the file it leads to.
            try manager.copyItem(atPath: URL(fileURLWithPath: from).resolvingSymlinksInPath().path, toPath: target)
        }
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Each page whose URL in Runway is not the one the original gives it gets that one as its
    /// own `url` (a section's `_index.md`, whose URL is its folder's, is said instead). Returns how
    /// many pages were given one, and each page's URL now, by its file in the new site.
    func keepURLs(_ plan: inout ImportPlan, in folder: String) throws -> (given: Int, urls: [String: String]) {
        var build = SiteBuild(site: folder)
        build.drafts = true
        build.future = true
        build.expired = true
        build.highlighter = nil
        let located = Dictionary(build.pageLocations().locations.map { ($0.file, $0) }) { first, _ in first }
        var given = 0
        var urls: [String: String] = [:]
        for index in plan.pages.indices {
            let page = plan.pages[index]
            guard let location = located[page.destination] else { continue }
            urls[page.destination] = location.url
            guard let expected = page.expectedURL, Self.normalized(location.url) != Self.normalized(expected) else { continue }
            if location.isSectionIndex {
                plan.note(page.source, .leftOut, "its list is at \(location.url) in Runway, at \(expected) in \(generator.rawValue) (a section's URL is its folder's)")
                continue
            }
            var text = page.text
            for key in ["url", "permalink", "path"] { text.remove(key) }
            text.set("url", to: .string(expected))
            plan.pages[index].text = text
            try write(text.text, to: folder + "/" + page.destination)
            urls[page.destination] = expected
            given += 1
        }
        return (given, urls)
    }

    /// A URL as a path to compare: percent-decoded, lower case hex never mind.
    static func normalized(_ url: String) -> String {
        url.removingPercentEncoding ?? url
    }

    /// The staged site moved to the destination (an empty folder there replaced).
    func moveIntoPlace(_ staging: String) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination) { try manager.removeItem(atPath: destination) }
        try manager.moveItem(atPath: staging, toPath: destination)
    }
}
