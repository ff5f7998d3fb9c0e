/**
 * Message `name` with argument n in place of each `{n}`, as the Swift reader words it.
 * @param {keyof typeof MESSAGES} name
 * @param {...(string|number)} args
 */
export function message(name: keyof typeof MESSAGES, ...args: (string | number)[]): string;
export const MAGIC: number[];
export const FORMAT_MAJOR: 2;
export const READABLE_MAJORS: number[];
export const NEWEST_MINOR: 3;
export const POINT_SIZES: number[];
export const SCALES: number[];
export const HEADER_SIZE: 64;
export const SECTION_ROW_SIZE: 16;
export const MAX_SECTIONS: 64;
export const NONE32: 4294967295;
export const NONE16: 65535;
export const SLOT_SIZE: 4;
export namespace GRAM_KEY {
    const bits: number;
    const multiplier: number;
}
export namespace Size {
    const meta: number;
    const name: number;
    const sheet: number;
    const entry: number;
    const entryV1: number;
    const tag: number;
    const tagV1: number;
    const image: number;
    const animation: number;
    const frame: number;
    const locale: number;
    const keyword: number;
    const keywordRow: number;
    const gram: number;
    const posting: number;
    const sheetFormat: number;
}
export namespace Header {
    const magic: number;
    const major: number;
    const minor: number;
    const headerSize: number;
    const fileSize: number;
    const checksum: number;
    const sectionCount: number;
    const sectionTable: number;
}
export namespace StringRef {
    const offset: number;
    const length: number;
    const size: number;
}
export namespace SectionRow {
    export const id: number;
    const offset_1: number;
    export { offset_1 as offset };
    const length_1: number;
    export { length_1 as length };
    export const count: number;
}
export namespace Meta {
    const id_1: number;
    export { id_1 as id };
    export const version: number;
    export const pointSize: number;
    export const scaleCount: number;
    export const flags: number;
    export const pageCount: number;
    export const scales: number;
}
export namespace MetaFlags {
    const trimmed: number;
    const palette: number;
}
export namespace Name {
    const locale_1: number;
    export { locale_1 as locale };
    const name_1: number;
    export { name_1 as name };
}
export namespace SheetFormatRecord {
    export const format: number;
    const flags_1: number;
    export { flags_1 as flags };
    export const reserved: number;
    export const lossy: number;
}
export namespace Sheet {
    const fileName: number;
    const scale: number;
    const page: number;
    const width: number;
    const height: number;
    const byteSize: number;
    const sha256: number;
}
export namespace Entry {
    export const kind: number;
    const flags_2: number;
    export { flags_2 as flags };
    export const tagCount: number;
    export const firstTag: number;
    export const emoji: number;
    const image_1: number;
    export { image_1 as image };
    const animation_1: number;
    export { animation_1 as animation };
    export const firstKeyword: number;
    export const keywordCount: number;
    export const label: number;
}
export namespace EntryV1 {
    const kind_1: number;
    export { kind_1 as kind };
    const flags_3: number;
    export { flags_3 as flags };
    const tagCount_1: number;
    export { tagCount_1 as tagCount };
    const firstTag_1: number;
    export { firstTag_1 as firstTag };
    const emoji_1: number;
    export { emoji_1 as emoji };
    const page_1: number;
    export { page_1 as page };
    export const x: number;
    export const y: number;
    const width_1: number;
    export { width_1 as width };
    const height_1: number;
    export { height_1 as height };
}
export namespace EntryFlags {
    const hasRect: number;
    const hasEmoji: number;
    const insertsCode: number;
}
export namespace Tag {
    const tag_1: number;
    export { tag_1 as tag };
    const entry_1: number;
    export { entry_1 as entry };
    export const form: number;
    const locale_2: number;
    export { locale_2 as locale };
}
export namespace Image {
    const sheet_1: number;
    export { sheet_1 as sheet };
    const x_1: number;
    export { x_1 as x };
    const y_1: number;
    export { y_1 as y };
    const width_2: number;
    export { width_2 as width };
    const height_2: number;
    export { height_2 as height };
    export const left: number;
    export const top: number;
}
export namespace Animation {
    const firstFrame: number;
    const frameCount: number;
    const still: number;
    const loopCount: number;
    const duration: number;
}
export namespace Frame {
    const image_2: number;
    export { image_2 as image };
    export const endTime: number;
}
export namespace Keyword {
    export const folded: number;
    export const written: number;
    const entry_2: number;
    export { entry_2 as entry };
    const locale_3: number;
    export { locale_3 as locale };
    export const source: number;
}
export namespace Gram {
    const key: number;
    const postings: number;
}
/** Sections in the order the format lists them: id, record size (format 2), record size in format 1. */
export const SECTIONS: [string, number, number][];
/** Sections a minor version added: absent means none. */
export const OPTIONAL: Set<string>;
export namespace MESSAGES {
    export const shorterThanMagic: string;
    export const badMagic: string;
    export const shorterThanHeader: string;
    export const unsupportedVersion: string;
    const headerSize_1: string;
    export { headerSize_1 as headerSize };
    export const shorterThanHeaderSays: string;
    export const longerThanHeaderSays: string;
    export const reservedHeaderByte: string;
    const sectionCount_1: string;
    export { sectionCount_1 as sectionCount };
    export const sectionTableOutside: string;
    export const sectionTwice: string;
    export const sectionOutside: string;
    export const sectionLength: string;
    export const sectionMissing: string;
    export const indexSlotCount: string;
    export const metaCount: string;
    const scaleCount_1: string;
    export { scaleCount_1 as scaleCount };
    export const scaleOrder: string;
    const pointSize_1: string;
    export { pointSize_1 as pointSize };
    export const imageRows: string;
    export const sheetCount: string;
    export const sheetIndex: string;
    export const sheetFormatRows: string;
    const sheetFormat_1: string;
    export { sheetFormat_1 as sheetFormat };
    export const sheetFormatFlags: string;
    export const entryIndex: string;
    export const entryKind: string;
    export const entryTags: string;
    export const keyIndex: string;
    export const keyForm: string;
    export const entryAnimation: string;
    export const animationIndex: string;
    export const animationFrames: string;
    export const frameIndex: string;
    export const frameImage: string;
    export const frameEndTime: string;
    export const entryImage: string;
    export const scaleIndex: string;
    export const imageIndex: string;
    export const entryNoRectangle: string;
    export const entrySheet: string;
    export const imageSheet: string;
    export const stringOutside: string;
    export const stringNotUTF8: string;
    export const localeIndex: string;
    export const keywordIndex: string;
    export const keywordEntry: string;
    export const keywordSource: string;
    export const entryKeywordRows: string;
    const keywordRow_1: string;
    export { keywordRow_1 as keywordRow };
    const checksum_1: string;
    export { checksum_1 as checksum };
    export const sheetExtension: string;
    export const entryFirstTag: string;
    export const imageEntryWithoutImage: string;
    export const animatedEntryWithoutStill: string;
    export const tagIndexMiss: string;
    export const emojiIndexMiss: string;
    export const tagTotal: string;
    export const animationFirstFrame: string;
    export const animationDuration: string;
    export const frameTotal: string;
    export const localeOrder: string;
    export const keywordOrder: string;
    export const entryFirstKeywordRow: string;
    export const keywordRowOwner: string;
    export const keywordRowsIncomplete: string;
    export const gramOrder: string;
    export const postingOrder: string;
    export const postingTotal: string;
    export const scalePages: string;
    export const sheetOrder: string;
    export const sheetFileName: string;
    export const sheetSize: string;
    export const imageSheetScale: string;
    export const spriteOutsideSheet: string;
    export const spriteOutsideSquare: string;
    export const spriteOverlap: string;
    export const indexKeyCount: string;
}
