// User text (a record's title, a file's name) inside the hovers' Markdown, shown as itself; and the hover of a
// record. Pure.
import type { Dates } from '../platform/dates';
import type { Translate } from '../platform/translate';
import type { RecordName } from './names';

/**
 * Text shown literally inside a line of Markdown: only the characters that could start emphasis, code, a link,
 * HTML or an entity are escaped, so names like `focaccia-tray.png` stay as they are in the Markdown too.
 * Line breaks become spaces (a hover line stays one line).
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>&|~]/g, '\\$&')
    .replace(/^[#+\-=]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * The alt text of an image: shown where the image cannot load, and not unescaped by every renderer, so it holds
 * no escapes; the brackets that would end it and backslashes are dropped instead.
 */
export function altText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[[\]\\]/g, '');
}

/** `**Title** · Model \`api_key\` · published · changed <when>`, then the record's id when the title is not it. */
export function recordMarkdown(name: RecordName, t: Translate, when: Dates): string {
  const parts = [`**${markdownText(name.title)}**`, `${markdownText(name.modelName)} ${code(name.modelApiKey)}`];
  if (name.status) parts.push(statusWord(name.status, t));
  if (name.updatedAt) parts.push(t('changed {0}', when.exact(name.updatedAt)));
  const head = parts.join(' · ');
  return name.titled ? `${head}\n\n${t('record {0}', code(name.id))}` : head;
}

function statusWord(status: string, t: Translate): string {
  if (status === 'draft') return t('draft');
  if (status === 'updated') return t('updated');
  if (status === 'published') return t('published');
  return status;
}

/** Inline code; a backtick inside would end it. */
export function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}
