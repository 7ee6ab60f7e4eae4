// The helper types every generated file starts with: the value shapes shared by many fields (files, colours,
// SEO, video, structured text), in the form the extension's record documents show them.

/** Names the prelude declares; a model never gets one of them. */
export const PRELUDE_NAMES = [
  'DatoLocale',
  'DatoLocalized',
  'DatoAllLocales',
  'DatoItemTypeRef',
  'DatoRecordReadonly',
  'DatoFile',
  'DatoColor',
  'DatoLatLon',
  'DatoSeo',
  'DatoVideo',
  'DatoStructuredText',
  'DatoDastRoot',
  'DatoDastParagraph',
  'DatoDastHeading',
  'DatoDastList',
  'DatoDastListItem',
  'DatoDastBlockquote',
  'DatoDastCode',
  'DatoDastThematicBreak',
  'DatoDastBlock',
  'DatoDastInline',
  'DatoDastSpan',
  'DatoDastLink',
  'DatoDastItemLink',
  'DatoDastInlineItem',
  'DatoDastInlineBlock',
  'DatoDastMeta',
  'DatoModels',
  'DatoBlocks',
  'DatoAnyRecord',
  'DatoAnyBlock',
] as const;

/** The prelude, for a project with these locale literals (e.g. `'en' | 'it'`, or `never`). */
export function prelude(localeUnion: string): string {
  return `/** The project's locales. */
export type DatoLocale = ${localeUnion};

/** A localized value: one value per locale. All localized fields of a record hold the same locales. */
export type DatoLocalized<T> = { [L in DatoLocale]?: T };

/** A localized value of a model that requires every locale. */
export type DatoAllLocales<T> = { [L in DatoLocale]: T };

/** A link to a model or block model, as \`item_type\` shows it. */
export interface DatoItemTypeRef<Id extends string = string> {
  type: 'item_type';
  id: Id;
}

/** What DatoCMS sets on a record (shown under "$readonly"; never edited). */
export interface DatoRecordReadonly<ModelId extends string = string> {
  id: string;
  type: 'item';
  item_type: DatoItemTypeRef<ModelId>;
  creator?: { type: string; id: string } | null;
  meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/** A file (an upload with its metadata for this field). */
export interface DatoFile {
  /** Id of the upload */
  upload_id: string;
  alt?: string | null;
  title?: string | null;
  custom_data?: { [key: string]: string };
  /** Each between 0 and 1 */
  focal_point?: { x: number; y: number } | null;
  poster_time?: number | null;
}

/** A colour, each channel 0–255. */
export interface DatoColor {
  red: number;
  green: number;
  blue: number;
  alpha?: number;
}

/** A position. */
export interface DatoLatLon {
  latitude: number;
  longitude: number;
}

/** SEO and social sharing. */
export interface DatoSeo {
  title?: string | null;
  description?: string | null;
  /** Id of the upload */
  image?: string | null;
  twitter_card?: 'summary' | 'summary_large_image' | null;
  no_index?: boolean;
}

/** An external video. */
export interface DatoVideo {
  provider: 'youtube' | 'vimeo' | 'facebook';
  provider_uid: string;
  url: string;
  width?: number | null;
  height?: number | null;
  thumbnail_url?: string | null;
  title?: string | null;
}

/** Structured text: a DAST document whose blocks are \`Block\` and inline blocks \`InlineBlock\`. */
export interface DatoStructuredText<Block = never, InlineBlock = never> {
  schema: 'dast';
  document: DatoDastRoot<Block, InlineBlock>;
}

export interface DatoDastRoot<Block = never, InlineBlock = never> {
  type: 'root';
  children: Array<DatoDastParagraph<InlineBlock> | DatoDastHeading<InlineBlock> | DatoDastList<InlineBlock> | DatoDastCode | DatoDastBlockquote<InlineBlock> | DatoDastBlock<Block> | DatoDastThematicBreak>;
}

export interface DatoDastParagraph<InlineBlock = never> {
  type: 'paragraph';
  style?: string;
  children: DatoDastInline<InlineBlock>[];
}

export interface DatoDastHeading<InlineBlock = never> {
  type: 'heading';
  level: 1 | 2 | 3 | 4 | 5 | 6;
  style?: string;
  children: DatoDastInline<InlineBlock>[];
}

export interface DatoDastList<InlineBlock = never> {
  type: 'list';
  style: 'bulleted' | 'numbered';
  children: DatoDastListItem<InlineBlock>[];
}

export interface DatoDastListItem<InlineBlock = never> {
  type: 'listItem';
  children: Array<DatoDastParagraph<InlineBlock> | DatoDastList<InlineBlock>>;
}

export interface DatoDastBlockquote<InlineBlock = never> {
  type: 'blockquote';
  attribution?: string;
  children: DatoDastParagraph<InlineBlock>[];
}

export interface DatoDastCode {
  type: 'code';
  code: string;
  language?: string;
  highlight?: number[];
}

export interface DatoDastThematicBreak {
  type: 'thematicBreak';
}

/** A block, shown in place. */
export interface DatoDastBlock<Block = never> {
  type: 'block';
  item: Block;
}

export type DatoDastInline<InlineBlock = never> = DatoDastSpan | DatoDastLink | DatoDastItemLink | DatoDastInlineItem | DatoDastInlineBlock<InlineBlock>;

export interface DatoDastSpan {
  type: 'span';
  value: string;
  marks?: string[];
}

export interface DatoDastMeta {
  id: string;
  value: string;
}

export interface DatoDastLink {
  type: 'link';
  url: string;
  meta?: DatoDastMeta[];
  children: DatoDastSpan[];
}

/** A link to a record (its id). */
export interface DatoDastItemLink {
  type: 'itemLink';
  item: string;
  meta?: DatoDastMeta[];
  children: DatoDastSpan[];
}

/** A record shown inline (its id). */
export interface DatoDastInlineItem {
  type: 'inlineItem';
  item: string;
}

/** An inline block, shown in place. */
export interface DatoDastInlineBlock<InlineBlock = never> {
  type: 'inlineBlock';
  item: InlineBlock;
}
`;
}
