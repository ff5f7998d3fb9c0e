package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every search of web/test/vectors/search.json (queries as typed, locales, ranks), as the Swift runtime answers. */
class SearchTest {
  @SuppressWarnings("unchecked")
  @Test
  void everySearchAgreesWithSwift() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("search.json");
    Catalog catalog = TokenizeTest.catalog((List<Object>) v.get("packs"));
    List<String> failures = new ArrayList<>();
    int count = 0;
    for (Object o : (List<Object>) v.get("searches")) {
      Map<String, Object> s = (Map<String, Object>) o;
      count++;
      String query = (String) s.get("query");
      if (!Unicode.compared(query).equals(s.get("compared")) && failures.size() < 20) {
        failures.add("compared " + query + ": " + Unicode.compared(query) + " != " + s.get("compared"));
      }
      List<String> locales = new ArrayList<>();
      for (Object l : (List<Object>) s.get("locales")) locales.add((String) l);
      List<Object> got = new ArrayList<>();
      for (Search.Result r : Search.search(catalog, query, locales, 60)) {
        got.add(Arrays.asList((double) r.ref.pack, (double) r.ref.entry, (double) r.match, r.keyword, r.locale));
      }
      if (!got.equals(s.get("results")) && failures.size() < 20) {
        failures.add("search " + query + " " + locales + ": " + got + " != " + s.get("results"));
      }
    }
    assertTrue(count > 100, "vectors were read: " + count);
    assertEquals(List.of(), failures, failures.size() + " disagreements (first 20 shown) of " + count);
  }
}
