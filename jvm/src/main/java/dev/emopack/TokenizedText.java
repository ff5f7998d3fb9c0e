package dev.emopack;

/**
 * The runs of one message, in order: each with its kind, its emoticon (pack and entry, -1 for text) and its UTF-16
 * range. Joined, the runs give the message back.
 */
public final class TokenizedText {
  /** A run's kind. */
  public static final int TEXT = 0, EMOTICON = 1, EMOJI = 2;

  private final String message;
  private final int[] runs;
  private final int count;

  TokenizedText(String message, int[] runs, int count) {
    this.message = message;
    this.runs = runs;
    this.count = count;
  }

  public String message() {
    return message;
  }

  public int size() {
    return count;
  }

  public int start(int i) {
    return runs[5 * check(i)];
  }

  public int end(int i) {
    return runs[5 * check(i) + 1];
  }

  /** {@link #TEXT}, {@link #EMOTICON} or {@link #EMOJI}. */
  public int kind(int i) {
    return runs[5 * check(i) + 2];
  }

  /** The run's pack in the catalog, or -1 for text. */
  public int pack(int i) {
    return runs[5 * check(i) + 3];
  }

  /** The run's entry in its pack, or -1 for text. */
  public int entry(int i) {
    return runs[5 * check(i) + 4];
  }

  public String text(int i) {
    return message.substring(start(i), end(i));
  }

  private int check(int i) {
    if (i < 0 || i >= count) throw new IndexOutOfBoundsException("run " + i + " of " + count);
    return i;
  }
}
