@testable import SiteBuilding
import Testing

/// How many pages a list takes: at least one, and no overflow for any `paginate` a configuration
/// allows (`9223372036854775807` stopped the build with an arithmetic overflow).
@Suite struct PageCountTests {
    @Test func pagesOfAListAreCountedWithoutOverflow() {
        #expect(SiteLists.pageCount(0, size: 10) == 1)
        #expect(SiteLists.pageCount(1, size: 10) == 1)
        #expect(SiteLists.pageCount(10, size: 10) == 1)
        #expect(SiteLists.pageCount(11, size: 10) == 2)
        #expect(SiteLists.pageCount(5, size: Int.max) == 1)
        #expect(SiteLists.pageCount(Int.max, size: Int.max) == 1)
        #expect(SiteLists.pageCount(Int.max, size: 1) == Int.max)
        #expect(SiteLists.pageCount(3, size: 0) == 3)
    }
}
