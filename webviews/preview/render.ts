// The Record Preview's model as HTML (a string: the webview puts it in place, tests read it in plain Node). Every
// piece of content is escaped; images come only from the addresses the model gives (the project's image CDN).
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { escape, lines, tag } from './html';
import type { BlockView, FieldView, FileView, PreviewModel, RecordRef, Section, ValueView } from './protocol';
import { renderDast } from './structuredText';

interface RenderContext {
  model: PreviewModel;
  locale: string;
}

export function renderPreview(model: PreviewModel, locale: string): string {
  const ctx: RenderContext = { model, locale: model.locales.includes(locale) ? locale : (model.locales[0] ?? locale) };
  return header(ctx) + model.sections.map((section) => renderSection(section, ctx)).join('');
}

function header({ model, locale }: RenderContext): string {
  const { words } = model;
  const status = model.status ? tag('span', { class: `status status-${model.status}` }, escape(model.status)) : '';
  const picker =
    model.locales.length > 1
      ? tag(
          'label',
          { class: 'locale' },
          `${escape(words.locale)} ` +
            tag(
              'select',
              { id: 'locale' },
              model.locales.map((l) => tag('option', { value: l, ...(l === locale ? { selected: 'selected' } : {}) }, escape(l))).join(''),
            ),
        )
      : '';
  const banners = [
    model.dirty ? tag('div', { class: 'banner unsaved', role: 'status' }, escape(words.unsaved)) : '',
    model.stale ? tag('div', { class: 'banner stale', role: 'alert' }, escape(model.stale)) : '',
  ].join('');
  return tag(
    'header',
    {},
    tag(
      'div',
      { class: 'title-row' },
      tag('h1', {}, escape(model.title)) + tag('span', { class: 'model' }, escape(model.modelName)) + status,
    ) +
      picker +
      banners,
  );
}

function renderSection(section: Section, ctx: RenderContext): string {
  const fields = section.fields.map((field) => renderField(field, ctx)).join('');
  if (section.title === undefined) return fields;
  return tag(
    'section',
    { class: 'fieldset' },
    tag('h2', {}, escape(section.title)) + (section.hint ? tag('p', { class: 'hint' }, escape(section.hint)) : '') + fields,
  );
}

function renderField(field: FieldView, ctx: RenderContext): string {
  const value = 'byLocale' in field.value ? (field.value.byLocale[ctx.locale] ?? { kind: 'empty' as const }) : field.value;
  const localized = 'byLocale' in field.value ? tag('span', { class: 'locale-tag' }, escape(ctx.locale)) : '';
  return tag(
    'div',
    { class: 'field', 'data-field': field.apiKey },
    tag('div', { class: 'label', title: field.hint }, escape(field.label) + localized) +
      tag('div', { class: `value kind-${value.kind}` }, renderValue(value, ctx)),
  );
}

function renderValue(value: ValueView, ctx: RenderContext): string {
  const { words, uiLocale } = ctx.model;
  switch (value.kind) {
    case 'empty':
      return tag('span', { class: 'empty' }, escape(words.empty));
    case 'text':
      return value.heading ? tag('div', { class: 'heading' }, lines(value.text)) : tag('div', { class: 'text' }, lines(value.text));
    case 'markdown':
      // micromark writes no raw HTML and drops dangerous link protocols by default
      return tag('div', { class: 'markdown' }, micromark(value.text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }));
    case 'boolean':
      return escape(value.value ? words.yes : words.no);
    case 'number':
      return escape(value.text);
    case 'date':
      return tag('time', { datetime: value.iso, title: value.iso }, escape(formatDate(value.iso, value.time, uiLocale)));
    case 'color':
      return colorSwatch(value.hex, value.alpha);
    case 'latLon':
      return escape(`${coordinate(value.latitude, 'N', 'S')}, ${coordinate(value.longitude, 'E', 'W')}`);
    case 'json':
      return tag('pre', { class: 'json' }, escape(value.text));
    case 'seo':
      return seoSnippet(value, ctx);
    case 'video':
      return tag(
        'div',
        { class: 'video' },
        [value.provider, value.title]
          .filter(Boolean)
          .map((p) => escape(p!))
          .join(' · ') + (value.url ? ' ' + tag('a', { href: '#', 'data-url': value.url }, escape(value.url)) : ''),
      );
    case 'files':
      return tag('div', { class: 'files' }, value.files.map(fileFigure).join(''));
    case 'records':
      return tag('div', { class: 'records' }, value.records.map((ref) => recordChip(ref, ref.id, ctx)).join(''));
    case 'blocks':
      return value.blocks.map((block) => blockCard(block, ctx)).join('');
    case 'structuredText':
      return tag(
        'div',
        { class: 'structured-text' },
        renderDast(value.nodes, {
          blocks: value.blocks,
          records: value.records,
          block: (view, id, inline) =>
            view
              ? inline
                ? inlineBlock(view)
                : blockCard(view, ctx)
              : tag('div', { class: 'block missing' }, escape(`${words.block} ${id}`)),
          record: (ref, id) => recordChip(ref, id, ctx),
        }),
      );
    case 'raw':
      return tag('pre', { class: 'json' }, escape(value.text));
  }
}

function blockCard(block: BlockView, ctx: RenderContext): string {
  return tag(
    'div',
    { class: 'block', 'data-block': block.id },
    tag('div', { class: 'block-model' }, escape(block.modelName)) + block.fields.map((field) => renderField(field, ctx)).join(''),
  );
}

function inlineBlock(block: BlockView): string {
  const first = block.fields.map((f) => f.value).find((v): v is { kind: 'text'; text: string } => 'kind' in v && v.kind === 'text');
  return tag('span', { class: 'inline-block' }, escape(first ? `${block.modelName}: ${first.text}` : block.modelName));
}

function recordChip(ref: RecordRef | undefined, id: string, ctx: RenderContext): string {
  const { words } = ctx.model;
  const title = ref?.missing ? `${words.missing} ${id}` : (ref?.title ?? id);
  const status = ref?.status ? tag('span', { class: `status status-${ref.status}` }, escape(ref.status)) : '';
  return tag(
    'a',
    { href: '#', class: `record${ref?.missing ? ' missing' : ''}`, 'data-record': id, title: ref?.modelName ?? id },
    escape(title) + status,
  );
}

function fileFigure(file: FileView): string {
  const image = file.thumbnail
    ? tag('img', { src: file.thumbnail, alt: file.alt ?? '', loading: 'lazy' })
    : tag('div', { class: 'file-icon' }, '');
  const caption = [file.title, file.alt && file.alt !== file.title ? `alt: ${file.alt}` : undefined, file.filename]
    .filter(Boolean)
    .map((part) => escape(part!))
    .join('<br>');
  return tag('figure', { class: 'file', title: file.uploadId }, image + tag('figcaption', {}, caption));
}

function seoSnippet(seo: Extract<ValueView, { kind: 'seo' }>, ctx: RenderContext): string {
  return tag(
    'div',
    { class: 'seo' },
    (seo.image?.thumbnail ? tag('img', { src: seo.image.thumbnail, alt: seo.image.alt ?? '' }) : '') +
      tag('div', { class: 'seo-title' }, escape(seo.title ?? '')) +
      tag('div', { class: 'seo-description' }, escape(seo.description ?? '')) +
      (seo.noIndex ? tag('div', { class: 'seo-flag' }, escape(ctx.model.words.noIndex)) : '') +
      (seo.twitterCard ? tag('div', { class: 'seo-flag' }, escape(`twitter:card ${seo.twitterCard}`)) : ''),
  );
}

function colorSwatch(hex: string, alpha: number): string {
  // an SVG attribute, not a style: the webview's policy allows no inline styles
  const swatch = `<svg class="swatch" width="16" height="16" aria-hidden="true"><rect width="16" height="16" rx="3" fill="${escape(hex)}" fill-opacity="${alpha / 255}"/></svg>`;
  return swatch + escape(alpha === 255 ? hex : `${hex} · ${Math.round((alpha / 255) * 100)}%`);
}

function coordinate(value: number, positive: string, negative: string): string {
  return `${Math.abs(value)
    .toFixed(5)
    .replace(/\.?0+$/, '')}° ${value >= 0 ? positive : negative}`;
}

/** As written: the date (and wall-clock time, with its offset) DatoCMS stores, in the user's language. */
function formatDate(iso: string, time: boolean, locale: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(iso);
  if (!parts) return iso;
  const [, y, m, d, hh = '0', mm = '0', offset] = parts;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)));
  try {
    const options: Intl.DateTimeFormatOptions = time
      ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }
      : { dateStyle: 'long', timeZone: 'UTC' };
    const text = new Intl.DateTimeFormat(locale, options).format(date);
    return time && offset ? `${text} (${offset === 'Z' ? 'UTC' : offset})` : text;
  } catch {
    return iso;
  }
}
