package dev.emopack;

/** A reading failure of a .pack: its kind, the byte offset where it was found, and a sentence. */
public final class PackError extends Exception {
  private static final long serialVersionUID = 1L;

  /** What went wrong, as the Swift and JavaScript readers name it. */
  public enum Kind {
    io, badMagic, unsupportedVersion, truncated, badHeader, outOfBounds, badString, badChecksum, inconsistent
  }

  public final Kind kind;
  public final long offset;
  /** The sentence without the offset, word for word as the Swift reader's {@code PackError.message}. */
  public final String detail;

  public PackError(Kind kind, long offset, String message) {
    super("offset " + offset + " (0x" + Long.toHexString(offset) + "): " + message);
    this.kind = kind;
    this.offset = offset;
    this.detail = message;
  }

  /** {@code kind@offset}, as the conformance vectors write a verdict. */
  public String verdict() {
    return kind + "@" + offset;
  }
}
