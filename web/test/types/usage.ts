// A TypeScript app's use of the module through its declarations (tsc -p test/types): every call below must
// type-check against web/types, which tsc emits from the JSDoc (tsc -p tsconfig.types.json).
import { Catalog, Tokenizer, EmoticonText, search, keyboardPages, gridFit, PackFile, PackError } from "../../types/index.js";

export function use(bytes: ArrayBuffer[]): string[] {
  const catalog: Catalog = Catalog.open(bytes);
  const tokenizer = new Tokenizer(catalog);
  const tokens = tokenizer.tokenize("[微笑] hi 😀");
  const kinds: string[] = [];
  for (let i = 0; i < tokens.length; i++) kinds.push(tokens.kind(i));
  const edited: { text: string; cursor: number } = tokenizer.deleteBackward("ab[微笑]", 6);
  const model = new EmoticonText(edited.text, tokenizer);
  kinds.push(model.display);
  const found = search(catalog, "笑", { limit: 8 });
  kinds.push(String(found.length));
  const pages: (number | "delete" | null)[][] = keyboardPages([1, 2, 3], { columns: 8, rows: 3 });
  kinds.push(String(pages.length));
  const fit = gridFit({ width: 320, height: 200, cellSize: 32, minSpacing: 4 });
  kinds.push(`${fit.columns}x${fit.rows}`);
  try {
    new PackFile(new Uint8Array(4));
  } catch (e) {
    if (e instanceof PackError) kinds.push(e.kind);
  }
  return kinds;
}
