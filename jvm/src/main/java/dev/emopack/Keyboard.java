package dev.emopack;

import java.util.ArrayList;
import java.util.List;

/** Keyboard pages and the fit of a grid of cells into a view, as the Swift runtime's KeyboardGrid and GridFit. */
public final class Keyboard {
  private Keyboard() {}

  private static final int MAX_SIDE = 256;

  /** A cell's frame in the view's coordinates. */
  public static final class Frame {
    public final double x, y, width, height;

    Frame(double x, double y, double width, double height) {
      this.x = x;
      this.y = y;
      this.width = width;
      this.height = height;
    }
  }

  /** A grid fitted into a view: columns, rows, the gaps between cells and each cell's frame, row by row. */
  public static final class Fit {
    public final int columns, rows;
    public final double spacingX, spacingY;
    public final List<Frame> frames;

    Fit(int columns, int rows, double spacingX, double spacingY, List<Frame> frames) {
      this.columns = columns;
      this.rows = rows;
      this.spacingX = spacingX;
      this.spacingY = spacingY;
      this.frames = frames;
    }
  }

  /**
   * Fits cells of {@code cellSize} with at least {@code minSpacing} between them into {@code width × height} less
   * the insets (top, left, bottom, right), at most {@code maxColumns × maxRows}; leftover space goes to the gaps
   * (each at most {@code maxSpacing}; infinity for no limit), the rest centres the grid. Fewer than two cells (an
   * emoticon and the delete key): an empty fit.
   */
  public static Fit gridFit(
      double width, double height, double cellSize, double minSpacing, double[] insets, int maxColumns, int maxRows,
      double maxSpacing) {
    double top = insets[0], left = insets[1], bottom = insets[2], right = insets[3];
    double w = Math.max(0, width - left - right);
    double h = Math.max(0, height - top - bottom);
    double size = Double.isFinite(cellSize) && cellSize > 0 ? cellSize : 0;
    double gap = Double.isFinite(minSpacing) ? Math.max(0, minSpacing) : 0;
    int columns = count(w, maxColumns, size, gap);
    int rows = count(h, maxRows, size, gap);
    if ((long) columns * rows < 2) return new Fit(0, 0, 0, 0, new ArrayList<>());
    double spread = Double.isNaN(maxSpacing) ? Double.POSITIVE_INFINITY : Math.max(gap, maxSpacing);
    double spacingX = columns > 1 ? Math.min(spread, (w - columns * size) / (columns - 1)) : 0;
    double spacingY = rows > 1 ? Math.min(spread, (h - rows * size) / (rows - 1)) : 0;
    double x0 = left + (w - columns * size - (columns - 1) * spacingX) / 2;
    double y0 = top + (h - rows * size - (rows - 1) * spacingY) / 2;
    List<Frame> frames = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < columns; c++) {
        frames.add(new Frame(x0 + c * (size + spacingX), y0 + r * (size + spacingY), size, size));
      }
    }
    return new Fit(columns, rows, spacingX, spacingY, frames);
  }

  private static int count(double span, int limit, double size, double gap) {
    if (!(size > 0) || !Double.isFinite(span)) return 0;
    double n = Math.floor((span + gap) / (size + gap));
    return n >= 1 ? (int) Math.min(Math.max(limit, 0), Math.min(n, MAX_SIDE)) : 0;
  }

  /** A cell of a keyboard page: an item's index in the tab, the delete key, or empty. */
  public static final int DELETE = -1, EMPTY = -2;

  /**
   * Pages of {@code itemCount} items with a delete key on each: in the last cell, or ({@code afterLastEmoticon}) right
   * after the last emoticon of the last page. A cell is an item's index, {@link #DELETE} or {@link #EMPTY}.
   */
  public static List<int[]> pages(int itemCount, int columns, int rows, boolean afterLastEmoticon) {
    int c = Math.min(Math.max(1, columns), MAX_SIDE);
    int r = Math.min(Math.max(1, rows), MAX_SIDE);
    int cellsPerPage = c * r;
    List<int[]> pages = new ArrayList<>();
    if (cellsPerPage < 2) return pages;
    int per = cellsPerPage - 1;
    int start = 0;
    do {
      int[] cells = new int[cellsPerPage];
      java.util.Arrays.fill(cells, EMPTY);
      int n = Math.max(0, Math.min(per, itemCount - start));
      for (int k = 0; k < n; k++) cells[k] = start + k;
      if (afterLastEmoticon && start + per >= itemCount) cells[n] = DELETE;
      else cells[cellsPerPage - 1] = DELETE;
      pages.add(cells);
      start += per;
    } while (start < itemCount);
    return pages;
  }
}
