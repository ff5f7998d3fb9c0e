package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.emopack.EmoticonText.Change;
import dev.emopack.EmoticonText.Space;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The delete key at every cursor of every message of web/test/vectors/edits.json, in the source and the display
 * text, and the display model's text and offset maps, as the Swift runtime gives them.
 */
class EditsTest {
  @SuppressWarnings("unchecked")
  @Test
  void theDeleteKeyAndTheDisplayModelAgreeWithSwift() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("edits.json");
    Tokenizer tokenizer = new Tokenizer(TokenizeTest.catalog((List<Object>) v.get("packs")));
    List<String> failures = new ArrayList<>();
    int cursors = 0;
    for (Object o : (List<Object>) v.get("messages")) {
      Map<String, Object> m = (Map<String, Object>) o;
      String text = (String) m.get("text");
      int n = text.length();
      List<Object> delete = (List<Object>) m.get("delete");
      for (int c = 0; c <= n; c++) {
        cursors++;
        EmoticonText model = new EmoticonText(text, tokenizer);
        Change change = model.deleteBackward(c, Space.SOURCE);
        List<Object> want = (List<Object>) delete.get(c);
        int cursor = ((Double) want.get(0)).intValue();
        int removed = ((Double) want.get(1)).intValue();
        String after = model.source();
        boolean same =
            change.sourceCursor == cursor && n - after.length() == removed
                && after.equals(text.substring(0, cursor) + text.substring(cursor + removed));
        if (!same && failures.size() < 20) failures.add("delete at " + c + " of " + text + ": " + change.sourceCursor);
      }
      EmoticonText model = new EmoticonText(text, tokenizer);
      if (!model.display().equals(m.get("display")) && failures.size() < 20) failures.add("display of " + text);
      List<Object> displayOffsets = (List<Object>) m.get("displayOffsets");
      for (int i = 0; i < displayOffsets.size(); i++) {
        if (model.displayOffset(i) != ((Double) displayOffsets.get(i)).intValue() && failures.size() < 20) {
          failures.add("display offset " + i + " of " + text);
        }
      }
      List<Object> sourceOffsets = (List<Object>) m.get("sourceOffsets");
      for (int i = 0; i < sourceOffsets.size(); i++) {
        if (model.sourceOffset(i) != ((Double) sourceOffsets.get(i)).intValue() && failures.size() < 20) {
          failures.add("source offset " + i + " of " + text);
        }
      }
      List<Object> displayDelete = (List<Object>) m.get("displayDelete");
      for (int c = 0; c < displayDelete.size(); c++) {
        EmoticonText copy = new EmoticonText(text, tokenizer);
        Change change = copy.deleteBackward(c, Space.DISPLAY);
        List<Object> got =
            Arrays.asList(
                (double) change.sourceStart, (double) change.sourceEnd, (double) change.sourceCursor,
                (double) change.displayCursor);
        if (!got.equals(displayDelete.get(c)) && failures.size() < 20) {
          failures.add("display delete at " + c + " of " + text + ": " + got + " != " + displayDelete.get(c));
        }
      }
    }
    assertTrue(cursors > 1000, "vectors were read: " + cursors);
    assertEquals(List.of(), failures, failures.size() + " disagreements (first 20 shown) of " + cursors);
  }
}
