export { EmoticonText } from "./text.js";
export { defineKeyboardElement } from "./keyboard-element.js";
export { PackFile, PackError, crc32 } from "./pack.js";
export { Catalog, EmoticonAnimation } from "./catalog.js";
export { Tokenizer, TokenizedText, Token } from "./tokenizer.js";
export { search, localesMatch } from "./search.js";
export { gridFit, keyboardPages, keyboardCategories } from "./keyboard.js";
export { clusterEnds, nfc, fold, compared, unicodeVersion } from "./unicode.js";
export { chooseScale, emoticonElement, renderMessage, Animator, attachCopyHandler, sourceTextOf, EmoticonEditor } from "./render.js";
