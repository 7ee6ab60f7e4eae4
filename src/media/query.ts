// The Media node's query in words, for the row that shows it. No vscode import.
import type { Translate } from '../platform/translate';
import type { MediaQuery } from '../listing';
import { formatSize } from './looks';

/** `“harbour” · images · .jpg · ≥ 1 MB · tags menu, wine · missing alt · unused · largest first · it`. */
export function describeMediaQuery(t: Translate, query: MediaQuery, numbers: Intl.NumberFormat): string {
  const parts: string[] = [];
  if (query.search) parts.push(`“${query.search}”`);
  if (query.type) parts.push(typeWord(t, query.type));
  if (query.format) parts.push(`.${query.format}`);
  if (query.minSize !== undefined) parts.push(`≥ ${formatSize(query.minSize, numbers)}`);
  if (query.maxSize !== undefined) parts.push(`≤ ${formatSize(query.maxSize, numbers)}`);
  if (query.tags?.length) parts.push(t('tags {0}', query.tags.join(', ')));
  if (query.missingAlt) parts.push(t('missing alt'));
  if (query.missingTitle) parts.push(t('missing title'));
  if (query.inUse !== undefined) parts.push(query.inUse ? t('used') : t('unused'));
  if (query.order) parts.push(orderWord(t, query.order));
  if (query.locale) parts.push(query.locale);
  return parts.join(' · ');
}

export function typeWord(t: Translate, type: string): string {
  const words: Record<string, string> = {
    image: t('images'),
    video: t('videos'),
    audio: t('audio'),
    pdfdocument: t('PDFs'),
    richtext: t('documents'),
    spreadsheet: t('spreadsheets'),
    presentation: t('presentations'),
    archive: t('archives'),
  };
  return words[type] ?? type;
}

export function orderWord(t: Translate, order: string): string {
  const words: Record<string, string> = {
    _created_at_DESC: t('newest first'),
    _created_at_ASC: t('oldest first'),
    _updated_at_DESC: t('recently changed first'),
    size_DESC: t('largest first'),
    size_ASC: t('smallest first'),
    filename_ASC: t('by name'),
    filename_DESC: t('by name, Z to A'),
    resolution_DESC: t('highest resolution first'),
  };
  return words[order] ?? order;
}

/** A size typed as people write it: `500 KB`, `1.5 MB`, `2000000` (bytes); null for none (empty). */
export function parseSize(text: string): number | null | undefined {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (text.trim() === '') return null;
  if (!match) return undefined;
  const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };
  return Math.round(Number(match[1]!.replace(',', '.')) * units[(match[2] ?? 'b').toLowerCase()]!);
}
