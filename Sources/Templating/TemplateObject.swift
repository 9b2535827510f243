import Stencil

/// A value with named members, as templates see it (`page.title`). A class rather than a
/// `[String: Any]`: Stencil tries `as? Context` on every value it resolves, and on Linux that cast
/// turns a Swift dictionary into an `NSDictionary`, copying all of it, every time. A 10,000-page
/// build spent most of its time there. Immutable, so safe to share between threads.
package final class TemplateObject: DynamicMemberLookup, CustomStringConvertible, @unchecked Sendable {
    package let members: [String: Any]

    package init(_ members: [String: Any]) {
        self.members = members
    }

    package subscript(dynamicMember member: String) -> Any? {
        member == "count" ? members.count : members[member]
    }

    package var description: String { "" }
}
