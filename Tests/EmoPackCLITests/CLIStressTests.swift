import Foundation
import TestSupport
import Testing

/// The slow end-to-end cases: whole sample packs at default effort.
@Suite(.tags(.stress), .stressOnly) struct CLIStressTests {
  /// Every sample pack the README names builds and verifies at default effort (the fast suite builds the small
  /// ones at fast effort).
  @Test func theSamplePacksBuildAndVerify() throws {
    try SamplePacks.buildAndVerify(["langxiaohua", "default", "emoji", "animated", "codes"])
  }
}
