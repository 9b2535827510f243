import RunwayText
import Formatting
import Foundation
import SiteContent
import SiteOutput
import Templating

/// What a build's plan is made of, and how each file of the output is claimed once.
extension SiteBuild {
    /// One file of the output and the key of what it is made from.
    struct OutputJob {
        enum Kind {
            /// A page, the `number`th page of its listing when it is a home whose template shows
            /// `items` (`/page/2/`…), else 1.
            case page(Int, layout: String, translations: [TemplateContexts.Version], number: Int)
            case list(Int, number: Int, translations: [TemplateContexts.Version])
            /// A language's home that no page makes (`SiteBuild.homeJobs`).
            case home(SiteLanguage, translations: [TemplateContexts.Version], number: Int)
            /// A language's 404 page: the default language's at `/404.html`, another's under its prefix
            /// (`/fr/404.html`), as Hugo publishes them.
            case notFound(SiteLanguage)
            case text(String)
            /// A page's Markdown twin (`[outputs] markdown`), by its index among the published pages.
            case twin(Int)
            /// An alias's redirect page, made (and under the base path) already.
            case redirect(String)

            /// Whether a template renders it (its HTML then gets the base path).
            var isRendered: Bool {
                switch self {
                case .page, .list, .home, .notFound: true
                case .text, .redirect, .twin: false
                }
            }
        }

        var path: OutputPath
        var key: ContentHash
        var kind: Kind
        /// What makes it, for a message about two things claiming one file.
        var claimant: String
        /// The content file that makes it, for a page.
        var file: String?
        /// Where in `file` it is asked for (an alias, at the `aliases` key); `nil`: the file as a whole.
        var position: SourcePosition? = nil
    }

    /// A static file copied into the output.
    struct StaticCopy {
        var path: OutputPath
        var key: ContentHash
        var source: String
    }

    /// Every file a build makes, and what is wrong with the plan: two pages, or a page and a
    /// list or a static file, claiming one file.
    struct OutputPlan {
        var jobs: [OutputJob] = []
        var copies: [StaticCopy] = []
        var diagnostics: [Diagnostic] = []
    }

    /// The files a build makes at the root of the output whatever the content (`_redirects` when a
    /// page has an alias), which only the site's own `static/` may replace, as `claims` says
    /// (a static `index.html` is the home page, in place of one Runway would make). `theme check`
    /// tells a theme's static files from them.
    package static let generatedFiles: Set<String> = ["404.html", "theme.css", "sitemap.xml", "robots.txt", "index.xml", "atom.xml", "_redirects", "llms.txt"]

    /// The plan with each file claimed once. Two pages (or a page and a list) claiming one file are
    /// an error at the later page naming the other; a static file replaces a generated one of the
    /// same name (`static/robots.txt`), but not a page or a list.
    /// A theme's static file does not replace a generated one (`theme.css`, `sitemap.xml`): only the
    /// site's own (`siteStatic`) do.
    static func claims(_ jobs: [OutputJob], statics: [String: String], siteStatic: String) -> OutputPlan {
        var plan = OutputPlan()
        var claimed: [OutputPath: OutputJob] = [:]
        for job in jobs {
            guard let earlier = claimed[job.path] else {
                claimed[job.path] = job
                plan.jobs.append(job)
                continue
            }
            // Two generated files of one name come from two lists of one URL (a feed each), whose
            // own clash is said: once is enough.
            if job.file == nil, earlier.file == nil, job.claimant == earlier.claimant { continue }
            let url = Self.url(of: job.path)
            // The message goes to an alias, else to a content page, the later one when both are
            // pages, else to where a list comes from (its _index.md, its taxonomy in runway.toml).
            let rank = { (job: OutputJob) -> Int in
                switch job.kind {
                case .redirect: 3
                case .page: 2
                default: job.file != nil ? 1 : 0
                }
            }
            let (blamed, other) = rank(job) >= rank(earlier) ? (job, earlier) : (earlier, job)
            let isAlias = if case .redirect = blamed.kind { true } else { false }
            let message = isAlias
                ? "its alias \(url) is also the URL of \(other.claimant): an alias cannot replace a page (change or remove the alias)"
                : "its URL \(url) is also that of \(other.claimant): two pages cannot share one file (change a slug or a file name)"
            plan.diagnostics.append(Diagnostic(.error, message, path: blamed.file ?? blamed.claimant,
                                               position: blamed.file.map { _ in blamed.position ?? SourcePosition(line: 1, column: 1) }))
        }
        for (file, source) in statics.sorted(by: { $0.key < $1.key }) {
            guard let path = OutputPath(file) else {
                plan.diagnostics.append(Diagnostic(.error, "cannot be copied into the output: \(OutputPath.problem(with: file) ?? "")", path: source))
                continue
            }
            if let job = claimed[path] {
                switch job.kind {
                case .redirect:
                    // An alias asked for a file the site has: the alias's error, as against a page.
                    plan.diagnostics.append(Diagnostic(.error, "its alias \(Self.url(of: path)) is also the static file \(source): an alias cannot replace a file (change or remove the alias)",
                                                       path: job.file ?? job.claimant, position: job.position))
                    continue
                case .text, .notFound, .home:
                    guard source.hasPrefix(siteStatic + "/") else {
                        plan.diagnostics.append(Diagnostic(.error, "would replace \(job.claimant), which only the site's own static/ may: rename it",
                                                           path: source))
                        continue
                    }
                    // The site's own robots.txt, 404.html…: its file wins over the one Runway makes.
                    plan.jobs.removeAll { $0.path == path }
                case .page, .list, .twin:
                    plan.diagnostics.append(Diagnostic(.error, "would replace \(job.claimant) (\(path)): rename one of them", path: source))
                    continue
                }
            }
            var key = ContentHash()
            key.add(source)
            key.add(BuildCache.signature(of: source))
            plan.copies.append(StaticCopy(path: path, key: key, source: source))
        }
        plan.diagnostics += folderClashes(plan)
        return plan
    }

    /// An error for each output that needs a folder where another output is a file (a page
    /// `content/foo.md` beside `static/foo`, an alias `/robots.txt/`): no file system holds both.
    /// Said before anything is written, at the content file (the alias's key) or the static file.
    static func folderClashes(_ plan: OutputPlan) -> [Diagnostic] {
        var files: [OutputPath: (name: String, file: String?, position: SourcePosition?)] = [:]
        for job in plan.jobs { files[job.path] = (job.claimant, job.file, job.file.map { _ in job.position ?? SourcePosition(line: 1, column: 1) }) }
        // A static file: its own path, no URL or position.
        for copy in plan.copies { files[copy.path] = (copy.source, nil, nil) }
        var diagnostics: [Diagnostic] = []
        for (path, owner) in files.sorted(by: { $0.key < $1.key }) {
            guard let folder = path.ancestors.first(where: { files[$0] != nil }), let blocker = files[folder] else { continue }
            let what = owner.file == nil ? "it goes to \(path)" : "its URL \(Self.url(of: path)) goes to \(path)"
            diagnostics.append(Diagnostic(.error, "\(what), inside a folder \(folder) where \(blocker.name) is a file: rename one of them",
                                          path: owner.file ?? owner.name, position: owner.position))
        }
        return diagnostics
    }
}
