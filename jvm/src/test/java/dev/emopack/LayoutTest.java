package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.emopack.Catalog.Ref;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Animation timing, grid fits and keyboard pages of web/test/vectors/layout.json, tag collisions of
 * collisions.json, and sprite placements at every scale, as the Swift runtime gives them.
 */
class LayoutTest {
  static long[] longs(List<Object> xs) {
    long[] out = new long[xs.size()];
    for (int i = 0; i < out.length; i++) out[i] = ((Double) xs.get(i)).longValue();
    return out;
  }

  static int integer(Object x) {
    return ((Double) x).intValue();
  }

  @SuppressWarnings("unchecked")
  @Test
  void animationsGridFitsAndPagesAgreeWithSwift() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("layout.json");
    Catalog catalog = TokenizeTest.catalog((List<Object>) v.get("packs"));
    List<String> failures = new ArrayList<>();
    int count = 0;
    for (Object o : (List<Object>) v.get("animations")) {
      Map<String, Object> a = (Map<String, Object>) o;
      long[] ends = longs((List<Object>) a.get("endTimes"));
      int pack = integer(a.get("pack"));
      EmoticonAnimation anim =
          pack >= 0
              ? catalog.animation(new Ref(pack, integer(a.get("entry"))))
              : new EmoticonAnimation(ends, integer(a.get("loopCount")), integer(a.get("still")), new int[0]);
      if (anim == null || !Arrays.equals(anim.endTimes(), ends) || anim.loopCount != integer(a.get("loopCount"))
          || anim.stillFrame != integer(a.get("still"))) {
        failures.add("animation " + pack + "/" + a.get("entry"));
        continue;
      }
      for (Object s : (List<Object>) a.get("samples")) {
        List<Object> sample = (List<Object>) s;
        count++;
        long t = ((Double) sample.get(0)).longValue();
        long next = sample.get(2) == null ? -1 : ((Double) sample.get(2)).longValue();
        if (anim.frameAt(t) != integer(sample.get(1)) || anim.nextChange(t) != next) {
          failures.add("animation " + pack + "/" + a.get("entry") + " at " + t);
        }
      }
    }
    for (Object o : (List<Object>) v.get("fits")) {
      Map<String, Object> f = (Map<String, Object>) o;
      count++;
      double maxSpacing = (Double) f.get("maxSpacing");
      Keyboard.Fit fit =
          Keyboard.gridFit(
              (Double) f.get("width"), (Double) f.get("height"), (Double) f.get("cellSize"), (Double) f.get("minSpacing"),
              new double[] {8, 4, 8, 4}, 8, 3, maxSpacing < 0 ? Double.POSITIVE_INFINITY : maxSpacing);
      List<Object> frames = new ArrayList<>();
      for (Keyboard.Frame c : fit.frames) frames.add(Arrays.asList(c.x, c.y, c.width, c.height));
      if (fit.columns != integer(f.get("columns")) || fit.rows != integer(f.get("rows"))
          || fit.spacingX != (Double) f.get("spacingX") || fit.spacingY != (Double) f.get("spacingY")
          || !frames.equals(f.get("frames"))) {
        failures.add("fit " + f.get("width") + "x" + f.get("height"));
      }
    }
    for (Object o : (List<Object>) v.get("pages")) {
      Map<String, Object> p = (Map<String, Object>) o;
      count++;
      List<Object> got = new ArrayList<>();
      for (int[] page : Keyboard.pages(
          integer(p.get("items")), integer(p.get("columns")), integer(p.get("rows")),
          (Boolean) p.get("afterLastEmoticon"))) {
        List<Object> cells = new ArrayList<>();
        for (int c : page) cells.add((double) c);
        got.add(cells);
      }
      if (!got.equals(p.get("pages"))) failures.add("pages " + p.get("columns") + "x" + p.get("rows") + " of " + p.get("items"));
    }
    assertTrue(count > 50, "vectors were read: " + count);
    assertEquals(List.of(), failures);
  }

  @SuppressWarnings("unchecked")
  @Test
  void collisionsAreSwifts() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("collisions.json");
    List<Object> cases = (List<Object>) v.get("cases");
    assertFalse(cases.isEmpty());
    for (Object o : cases) {
      Map<String, Object> c = (Map<String, Object>) o;
      Catalog catalog = TokenizeTest.catalog((List<Object>) c.get("packs"));
      List<Object> found = new ArrayList<>();
      for (Catalog.Collision x : catalog.collisions()) found.add(Arrays.asList(x.tag, x.winner, x.shadowed));
      List<Object> want = new ArrayList<>();
      for (Object w : (List<Object>) c.get("collisions")) {
        Map<String, Object> m = (Map<String, Object>) w;
        want.add(Arrays.asList(m.get("tag"), m.get("winner"), m.get("shadowed")));
      }
      assertFalse(found.isEmpty());
      assertEquals(want, found, "collisions of " + c.get("packs"));
    }
  }

  /** Every entry's image of every fixture, at every scale, lies on a sheet of that scale and inside its square. */
  @Test
  void placementsLieInsideTheirSheetsAtEveryScale() throws Exception {
    for (String name : List.of("default.pack", "langxiaohua.pack", "animated.pack", "tiny.pack", "tiny-v1.pack")) {
      PackFile pack = TokenizeTest.catalog(List.of(name)).packs().get(0);
      pack.verify();
      int[] scales = pack.scales();
      int checked = 0;
      for (int e = 0; e < pack.entryCount(); e++) {
        int i = pack.imageIndex(e);
        if (i < 0) continue;
        for (int k = 0; k < scales.length; k++) {
          PackFile.Placement p = pack.placement(i, k);
          PackFile.SheetRecord sheet = pack.sheet(p.sheet);
          assertEquals(scales[k], sheet.scale, name + " image " + i);
          assertTrue(p.x + p.width <= sheet.width && p.y + p.height <= sheet.height, name + " image " + i);
          assertTrue(p.left + p.width <= pack.pointSize * scales[k], name + " image " + i);
          checked++;
        }
      }
      assertTrue(checked > 0, name);
    }
  }
}
