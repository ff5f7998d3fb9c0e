/// Boxes a failure so `Result` can carry it.
struct FailureBox: Error, Equatable {
  let failure: EmojiCodepoints.Failure
  init(_ f: EmojiCodepoints.Failure) { failure = f }
}
