package dev.emopack;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java runtime's figures (docs/BENCHMARKS.md): tokenizing the dense chat corpus (the Swift and web benches'
 * recipe) against a java.util.regex alternation of every key, longest first, with identical tokens; and opening a
 * 1,000-entry pack, memory-mapped, to its first look-up. Run: bash jvm/build.sh bench [--quick]
 */
public final class Bench {
  private Bench() {}

  static long seed = 99;

  static int next() {
    seed += 0x9e3779b97f4a7c15L;
    long z = seed;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return (int) Long.remainderUnsigned(z ^ (z >>> 31), 1_000_000L);
  }

  static final String[] WORDS = {"今天", "天气", "不错", "我们", "一起", "吃饭", "吧", "哈哈", "好的", "ok", "see you", "lol", "明天见", "，", "。", "！", " "};
  static final String[] EMOJI = {"😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "❤", "🇨🇳", "🙏", "🔥", "👍🏿"};

  /** Dense: a run every 13 bytes on average (60% words, 16% tags, 14% emoji, 10% line breaks). */
  static String corpus(int target) {
    String[] words = WORDS;
    String[] emoji = EMOJI;
    StringBuilder b = new StringBuilder();
    int bytes = 0;
    while (bytes < target) {
      int r = next() % 100;
      String piece;
      if (r < 60) piece = words[next() % words.length];
      else if (r < 72) piece = "[表情" + next() % 1000 + "]";
      else if (r < 76) piece = "[不存在" + next() % 50 + "]";
      else if (r < 90) piece = emoji[next() % 10];
      else piece = "\n";
      b.append(piece);
      bytes += piece.getBytes(StandardCharsets.UTF_8).length;
    }
    return b.toString();
  }

  /** Messages: lines of 2–30 words; 30% carry a known tag, 5% an unknown one, 20% an emoji. */
  static String messages(int target) {
    StringBuilder b = new StringBuilder();
    int bytes = 0;
    while (bytes < target) {
      StringBuilder line = new StringBuilder();
      int count = 2 + next() % 29;
      for (int k = 0; k < count; k++) line.append(WORDS[next() % WORDS.length]);
      if (next() % 100 < 30) line.append("[表情").append(next() % 1000).append("]");
      if (next() % 100 < 5) line.append("[不存在").append(next() % 50).append("]");
      if (next() % 100 < 20) line.append(EMOJI[next() % 10]);
      line.append('\n');
      b.append(line);
      bytes += line.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    return b.toString();
  }

  /** Rates (MB/s) of the tokenizer and the regex on {@code text}, timed in turn after a warm-up, and tokens differing. */
  static double[] rates(Tokenizer tokenizer, Pattern alternation, String text, int rounds) {
    List<long[]> a = moduleTokens(tokenizer, text);
    List<long[]> b = regexTokens(alternation, text);
    Set<String> setB = new HashSet<>();
    for (long[] x : b) setB.add(x[0] + "," + x[1]);
    int differing = Math.abs(a.size() - b.size());
    for (long[] x : a) if (!setB.contains(x[0] + "," + x[1])) differing++;
    for (int r = 0; r < 2; r++) {
      moduleTokens(tokenizer, text);
      regexTokens(alternation, text);
    }
    double[] moduleTimes = new double[rounds];
    double[] regexTimes = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long t = System.nanoTime();
      moduleTokens(tokenizer, text);
      moduleTimes[r] = (System.nanoTime() - t) / 1e9;
      t = System.nanoTime();
      regexTokens(alternation, text);
      regexTimes[r] = (System.nanoTime() - t) / 1e9;
    }
    double mb = text.getBytes(StandardCharsets.UTF_8).length / 1048576.0;
    return new double[] {mb / median(moduleTimes), mb / median(regexTimes), differing, a.size(), mb};
  }

  static ByteBuffer map(Path path) throws IOException {
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
      return buffer;
    }
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  static List<long[]> moduleTokens(Tokenizer tokenizer, String text) {
    TokenizedText t = tokenizer.tokenize(text);
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) if (t.kind(i) != TokenizedText.TEXT) out.add(new long[] {t.start(i), t.end(i)});
    return out;
  }

  static List<long[]> regexTokens(Pattern p, String text) {
    List<long[]> out = new ArrayList<>();
    Matcher m = p.matcher(text);
    while (m.find()) out.add(new long[] {m.start(), m.end()});
    return out;
  }

  public static void main(String[] args) throws Exception {
    boolean quick = Arrays.asList(args).contains("--quick");
    // The Unicode tables are built when their class initializes: once per process, before the first tokenizer.
    long loadStarted = System.nanoTime();
    Class.forName("dev.emopack.Unicode");
    double loadMs = (System.nanoTime() - loadStarted) / 1e6;
    Path fixtures = Path.of(System.getProperty("emopack.fixtures", "../web/test/fixtures"));
    PackFile bench = new PackFile(map(fixtures.resolve("bench-1000.pack")));
    PackFile emojiPack = new PackFile(map(fixtures.resolve("emoji.pack")));
    Catalog catalog = new Catalog(List.of(bench, emojiPack));
    Tokenizer tokenizer = new Tokenizer(catalog);
    String dense = corpus(quick ? 200_000 : 2_000_000);
    String messages = messages(quick ? 200_000 : 2_000_000);

    // The alternation: every tag and every emoji (with and without U+FE0F), quoted, longest first.
    List<String> keys = new ArrayList<>();
    for (int e = 0; e < bench.entryCount(); e++) keys.addAll(bench.entry(e).tags);
    for (int e = 0; e < emojiPack.entryCount(); e++) {
      String emoji = emojiPack.entry(e).emoji;
      if (emoji != null) {
        keys.add(emoji);
        keys.add(emoji.replace("\ufe0f", ""));
      }
    }
    List<String> unique = new ArrayList<>(new LinkedHashSet<>(keys));
    unique.removeIf(String::isEmpty);
    unique.sort((a, b) -> b.length() - a.length());
    StringBuilder pattern = new StringBuilder();
    for (String k : unique) pattern.append(pattern.length() == 0 ? "" : "|").append(Pattern.quote(k));
    Pattern alternation = Pattern.compile(pattern.toString());

    int rounds = quick ? 3 : 5;
    double[] d = rates(tokenizer, alternation, dense, rounds);
    double[] m = rates(tokenizer, alternation, messages, rounds);

    // Opening: a PackFile over the mapped file, a Catalog, the first look-up (median of 100 after 100 of warm-up).
    Path benchPath = fixtures.resolve("bench-1000.pack");
    double[] opens = new double[100];
    for (int r = 0; r < 200; r++) {
      long t = System.nanoTime();
      PackFile p = new PackFile(map(benchPath));
      Catalog c = new Catalog(List.of(p));
      if (c.packs().get(0).entryIndexForTag("[表情999]") < 0) throw new IllegalStateException("look-up failed");
      if (r >= 100) opens[r - 100] = (System.nanoTime() - t) / 1e6;
    }
    double[] tokenizers = new double[quick ? 5 : 20];
    for (int r = 0; r < tokenizers.length; r++) {
      long t = System.nanoTime();
      new Tokenizer(new Catalog(List.of(new PackFile(map(benchPath))))).tokenize("[表情1]");
      tokenizers[r] = (System.nanoTime() - t) / 1e6;
    }

    // Editing: an EmoticonText over the dense corpus against one over a 36-unit message, the same edit at the end of
    // each (a tag typed, then the delete key), 1,000 a round, timed in turn after a warm-up round.
    EmoticonText longModel = new EmoticonText(dense, tokenizer);
    EmoticonText shortModel = new EmoticonText(dense.substring(0, 36), tokenizer);
    double[] longEdits = new double[rounds];
    double[] shortEdits = new double[rounds];
    double[] middleEdits = new double[rounds];
    int middle = longModel.wholeTokens(dense.length() / 2, dense.length() / 2, EmoticonText.Space.SOURCE)[0];
    for (int r = -1; r < rounds; r++) {
      double a = edits(longModel, -1);
      double b = edits(shortModel, -1);
      double c = edits(longModel, middle);
      if (r >= 0) {
        longEdits[r] = a;
        shortEdits[r] = b;
        middleEdits[r] = c;
      }
    }
    if (!longModel.source().equals(dense)) throw new IllegalStateException("the long model lost its text");

    String cpu = processor();
    System.out.println(
        "## Java runtime (" + System.getProperty("java.vm.name") + " " + System.getProperty("java.version") + ", " + cpu
            + ")");
    System.out.println("| figure | value | unit | note |\n|---|---|---|---|");
    for (Object[] row : new Object[][] {{"dense", d}, {"messages", m}}) {
      double[] r = (double[]) row[1];
      System.out.printf(
          "| tokenize %s corpus (%.1f MB, %d tokens): emopack | %.1f | MB/s | |%n", row[0], r[4], (long) r[3], r[0]);
      System.out.printf(
          "|   java.util.regex alternation of every key, longest first | %.1f | MB/s | %d keys |%n", r[1],
          unique.size());
      System.out.printf(
          "|   emopack / regex | %.1f | × | target ≥ 10; tokens differing: %d |%n", r[0] / r[1], (long) r[2]);
    }
    System.out.printf("| load the Unicode tables (class initialization) | %.1f | ms | once per process |%n", loadMs);
    System.out.printf(
        "| open 1,000 entries (memory-mapped) to the first look-up | %.3f | ms | median of 100 after warm-up; target < 5 |%n",
        median(opens));
    System.out.printf("|   then a Tokenizer over it and its first message | %.1f | ms | |%n", median(tokenizers));
    System.out.printf(
        "| EmoticonText: a tag typed and deleted at the end of %.1f MB | %.1f | µs | |%n",
        dense.getBytes(java.nio.charset.StandardCharsets.UTF_8).length / 1048576.0, median(longEdits));
    System.out.printf("|   the same at the end of a 36-unit message | %.1f | µs | |%n", median(shortEdits));
    System.out.printf("|   long / short | %.2f | × | the Swift model's target: ≤ 2 |%n", median(longEdits) / median(shortEdits));
    System.out.printf("|   the same in the middle (the chunks after it move) | %.1f | µs | |%n", median(middleEdits));
    if (d[2] != 0 || m[2] != 0) {
      System.out.println("bench: the tokenizer and the regex disagree on " + (long) (d[2] + m[2]) + " tokens");
      System.exit(1);
    }
  }

  /** A tag typed and deleted at {@code at} (-1: the end) of {@code model}, 1,000 times: microseconds for each pair. */
  static double edits(EmoticonText model, int at) {
    long t = System.nanoTime();
    for (int k = 0; k < 1000; k++) {
      int place = at < 0 ? model.length(EmoticonText.Space.SOURCE) : at;
      model.replace(place, place, EmoticonText.Space.SOURCE, "[表情7]");
      model.deleteBackward(place + 5, EmoticonText.Space.SOURCE); // the tag, five units
    }
    return (System.nanoTime() - t) / 1e6;
  }

  static String processor() {
    try {
      for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).trim();
      }
    } catch (IOException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }
}
