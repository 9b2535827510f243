import RunwayText
import Foundation
import SiteBuilding
import SiteOutput

/// `make fuzz TARGET=state`: arbitrary bytes as the files Runway keeps in `.runway-cache/`. The
/// first byte picks which: the build cache (read by `BuildCache.load`), the output manifest or
/// the output journal (both read when an output folder is opened, the journal then finished or
/// undone inside that folder). Whatever the bytes, reading one is a cache of nothing but the
/// site's own files, a folder whose files all stay inside it, or a located error; never a trap.
/// Each input gets a fresh folder with a small output, so the journal's renames and removals
/// act on real files. Seeds: `Fuzz/seeds/state/`.
enum OutputStateTarget {
    /// A fixed place, so that the seeds' manifests name the folder they describe.
    static let scratch = "/tmp/runway-fuzz-state"

    static func exercise(_ bytes: UnsafeRawBufferPointer) {
        guard let kind = bytes.first else { return }
        let contents = Data(bytes.dropFirst())
        try? FileManager.default.removeItem(atPath: scratch)
        let site = scratch + "/site", output = site + "/_site", state = site + "/.runway-cache/_site"
        for (path, text) in [(output + "/index.html", "home"), (output + "/a/index.html", "a"), (output + "/keep.txt", "not Runway's")] {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? text.write(toFile: path, atomically: false, encoding: .utf8)
        }
        try? FileManager.default.createDirectory(atPath: site + "/.runway-cache", withIntermediateDirectories: true)
        switch kind % 3 {
        case 0:
            try? contents.write(to: URL(fileURLWithPath: state + ".json"))
            guard let cache = BuildCache.load(state + ".json", site: site) else { return }
            _ = cache
        default:
            if kind % 3 == 2 {
                // A journal over a manifest that knows the output's two pages.
                try? "runway-manifest 1\nfolder \(output)\nd a\nf 0000000000000001 4:0.0:0 index.html\nf 0000000000000002 1:0.0:0 a/index.html\n"
                    .write(toFile: state + ".manifest", atomically: false, encoding: .utf8)
            }
            try? contents.write(to: URL(fileURLWithPath: state + (kind % 3 == 1 ? ".manifest" : ".journal")))
            do throws(Diagnostic) {
                let folder = try OutputFolder(output, options: .init(protected: [.init(site, what: "the site", isSite: true)], allowNonEmpty: true))
                for path in folder.manifest.files.keys {
                    precondition(OutputPath(path.value) != nil, "a manifest path stays inside the folder: \(path)")
                }
                folder.close()
            } catch {
                precondition(error.severity == .error, "\(error)")
            }
        }
        // Nothing was written outside the scratch folder's site: the folder beside it is empty.
        let around = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []
        precondition(around == ["site"], "a state file made something outside the site: \(around)")
    }
}
