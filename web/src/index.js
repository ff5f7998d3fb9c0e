// @ts-check
// emopack's web runtime: read .pack files, tokenize and edit messages, search, animate and lay out keyboards
// exactly as the Swift runtime does (docs/WEB.md).
export { PackFile, PackError, crc32 } from "./pack.js";
export { Catalog, EmoticonAnimation } from "./catalog.js";
export { Tokenizer, TokenizedText, Token } from "./tokenizer.js";
export { EmoticonText } from "./text.js";
export { search, localesMatch } from "./search.js";
export { gridFit, keyboardPages, keyboardCategories } from "./keyboard.js";
export { clusterEnds, nfc, fold, compared, unicodeVersion } from "./unicode.js";
export { chooseScale, emoticonElement, renderMessage, Animator, attachCopyHandler, sourceTextOf, EmoticonEditor } from "./render.js";
export { defineKeyboardElement } from "./keyboard-element.js";
export { PackSite, SiteError, verifiedIndex, canonicalJSON } from "./site.js";
