package dev.emopack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON reader for the conformance vectors: objects as maps, arrays as lists, numbers as doubles. */
final class Json {
  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  static Object parse(String text) {
    Json j = new Json(text);
    Object v = j.value();
    j.space();
    if (j.i != text.length()) throw new IllegalArgumentException("JSON: text after the value at " + j.i);
    return v;
  }

  private void space() {
    while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) i++;
  }

  private Object value() {
    space();
    char c = s.charAt(i);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        i += 4;
        return Boolean.TRUE;
      case 'f':
        i += 5;
        return Boolean.FALSE;
      case 'n':
        i += 4;
        return null;
      default:
        return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> out = new LinkedHashMap<>();
    i++;
    space();
    if (s.charAt(i) == '}') {
      i++;
      return out;
    }
    for (; ; ) {
      space();
      String key = string();
      space();
      i++; // :
      out.put(key, value());
      space();
      if (s.charAt(i++) == '}') return out;
    }
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    i++;
    space();
    if (s.charAt(i) == ']') {
      i++;
      return out;
    }
    for (; ; ) {
      out.add(value());
      space();
      if (s.charAt(i++) == ']') return out;
    }
  }

  private String string() {
    StringBuilder b = new StringBuilder();
    i++;
    for (; ; ) {
      char c = s.charAt(i++);
      if (c == '"') return b.toString();
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char e = s.charAt(i++);
      switch (e) {
        case 'n': b.append('\n'); break;
        case 't': b.append('\t'); break;
        case 'r': b.append('\r'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'u':
          b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
          i += 4;
          break;
        default: b.append(e);
      }
    }
  }

  private Double number() {
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
    return Double.parseDouble(s.substring(start, i));
  }
}
