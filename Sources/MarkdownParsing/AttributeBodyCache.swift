import RunwayText
import Synchronization

/// Attribute texts already read, shared by every parse in the process: a site repeats the same
/// few (`customColor: 'danger'`) on page after page, and Foundation's JSON5 reader is the costliest
/// step of a span. Bounded: it starts over when full.
enum AttributeBodyCache {
    typealias Body = Result<[String: AttributeValue], AttributeTextError>

    private static let limit = 4_096
    private static let entries = Mutex<[String: Body]>([:])

    /// The values of `raw`, read once.
    static func body(_ raw: String) -> Body {
        if let cached = entries.withLock({ $0[raw] }) { return cached }
        let body = Body { () throws(AttributeTextError) in try AttributeValue.objectBody(raw) }
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[raw] = body
        }
        return body
    }
}
