import Foundation
import Testing

/// What the environment asks of the test run.
public enum TestEnvironment {
  /// True when `EMOPACK_STRESS=1`: stress and soak cases run (they are skipped otherwise, to keep `swift test` short).
  public static let stress: Bool = ProcessInfo.processInfo.environment["EMOPACK_STRESS"] == "1"
  /// True when `EMOPACK_SOAK=1`: cases too long for a debug build in CI, whose checks CI makes in a release build
  /// through `emopack-bench` instead.
  public static let soak: Bool = ProcessInfo.processInfo.environment["EMOPACK_SOAK"] == "1"
}

extension Tag {
  /// Stress and soak cases: exhaustive or long versions of behaviour the default suite samples.
  @Tag public static var stress: Self
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only under `EMOPACK_STRESS=1`, reported as skipped otherwise.
  public static var stressOnly: Self {
    .enabled(if: TestEnvironment.stress, "a stress case: set EMOPACK_STRESS=1 to run it")
  }

  /// Runs the test only under `EMOPACK_SOAK=1`, reported as skipped otherwise.
  public static var soakOnly: Self {
    .enabled(if: TestEnvironment.soak, "a soak case: set EMOPACK_SOAK=1 to run it (CI checks it in release)")
  }
}
