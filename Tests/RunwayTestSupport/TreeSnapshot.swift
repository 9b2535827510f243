import Foundation
import SnapshotTesting

/// Asserts that the files under `folder` (``FileTree/listing(_:leavingOut:naming:)``) are those of the
/// snapshot `named` beside the calling test (`__Snapshots__/<test file>/<test>.<name>.txt`).
///
/// A missing snapshot is recorded and the test fails; an intended change of output is recorded
/// again with `SNAPSHOT_TESTING_RECORD=all swift test --filter <test>`, and reviewed as the diff
/// of that file.
public func assertTreeSnapshot(of folder: String, named name: String, leavingOut: (String) -> Bool = { _ in false }, naming: [String: String] = [:],
                               fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) {
    assertSnapshot(of: FileTree.listing(folder, leavingOut: leavingOut, naming: naming), as: .lines, named: name,
                   fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}
