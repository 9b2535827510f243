/// The box of an image transform, in its name, since Mustache's transforms take no arguments:
///
/// - `resize_600`: 600 pixels wide, the height as the image's proportions make it;
/// - `fit_600x400`: inside 600 × 400, the proportions kept;
/// - `fill_600x400`: exactly 600 × 400, what passes the box cut around the centre.
///
/// A copy is never larger than its original: `resize` and `fit` stop at the image's size, and a
/// `fill` box larger than the image is made smaller, its proportions kept, until the image covers it.
package struct TemplateImageBox: Hashable, Sendable, CustomStringConvertible {
    /// How the image goes in the box.
    package enum Mode: String, Hashable, Sendable, CaseIterable {
        case resize, fit, fill
    }

    package var mode: Mode
    /// In pixels, 1 to ``largest``.
    package var width: Int
    /// In pixels, 1 to ``largest``; 0 for `resize`.
    package var height: Int

    /// The widest and tallest box a template may ask for, as `[images] widths` allow.
    package static let largest = 10_000

    /// The box a transform's name gives (`fill_600x400`), or `nil` when it names none.
    package init?(name: String) {
        guard let underscore = name.firstIndex(of: "_"), let mode = Mode(rawValue: String(name[..<underscore])) else { return nil }
        let size = name[name.index(after: underscore)...].split(separator: "x", omittingEmptySubsequences: false)
        let numbers = size.map { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
        guard !numbers.contains(where: { $0 == nil || !(1...Self.largest).contains($0!) }) else { return nil }
        switch (mode, numbers.count) {
        case (.resize, 1): (width, height) = (numbers[0]!, 0)
        case (.fit, 2), (.fill, 2): (width, height) = (numbers[0]!, numbers[1]!)
        default: return nil
        }
        self.mode = mode
    }

    /// `fill 600x400`.
    package var description: String { "\(mode.rawValue) \(width)x\(height)" }

    /// Whether a transform's name is meant as a box (`fill_…`), right or wrong: its errors say how
    /// a box is written.
    static func isBoxName(_ name: String) -> Bool {
        Mode.allCases.contains { name.hasPrefix($0.rawValue + "_") }
    }

    /// How each mode's box is written, for an error.
    static let forms = "resize_WIDTH, fit_WIDTHxHEIGHT or fill_WIDTHxHEIGHT, 1 to \(largest) pixels (fill_600x400)"
}
