// Whether an upload may go in a file or gallery field, told in words when it may not (the field's validators: the
// kinds or extensions it takes, file size, image dimensions and aspect ratio, how many files a gallery holds), and
// the value that puts it there. No vscode import.
import type { Resource } from '../cma';
import type { Translate } from '../platform/translate';
import { fileKind, formatSize, Upload } from './looks';

/** The part of a file or gallery field that decides what it takes. */
export interface FitField {
  label: string;
  type: 'file' | 'gallery';
  validators: Record<string, unknown>;
}

type Rule = Record<string, unknown>;
const rule = (field: FitField, name: string): Rule | undefined => {
  const value = field.validators[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Rule) : undefined;
};
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 * 1024 };

/** Why the upload cannot go in the field, in words; undefined when it can. */
export function misfit(t: Translate, field: FitField, upload: Resource<'upload'>): string | undefined {
  return [kindMisfit, sizeMisfit, dimensionsMisfit, ratioMisfit].map((check) => check(t, field, upload)).find(Boolean);
}

function kindMisfit(t: Translate, field: FitField, upload: Resource<'upload'>): string | undefined {
  const extension = rule(field, 'extension');
  if (!extension) return undefined;
  const listed = Array.isArray(extension['extensions'])
    ? extension['extensions'].filter((e): e is string => typeof e === 'string').map((e) => e.replace(/^\./, '').toLowerCase())
    : [];
  const list = typeof extension['predefined_list'] === 'string' ? extension['predefined_list'] : undefined;
  if (!listed.length && !list) return undefined;
  const format = (Upload.format(upload) ?? '').toLowerCase();
  const kind = fileKind(upload);
  const inList =
    list === 'image' || list === 'transformable_image'
      ? kind === 'image'
      : list === 'video'
        ? kind === 'video'
        : list === 'document'
          ? ['pdfdocument', 'richtext', 'spreadsheet', 'presentation'].includes(kind)
          : false;
  if (listed.includes(format) || inList) return undefined;
  const words: Record<string, string> = {
    image: t('images'),
    transformable_image: t('images'),
    video: t('videos'),
    document: t('documents'),
  };
  const takes = [...(list ? [words[list] ?? list] : []), ...listed.map((e) => `.${e}`)].join(', ');
  return t('“{0}” takes only {1}: {2} is not one.', field.label, takes, Upload.filename(upload));
}

function sizeMisfit(t: Translate, field: FitField, upload: Resource<'upload'>): string | undefined {
  const size = rule(field, 'file_size');
  const bytes = Upload.size(upload);
  if (!size || bytes === undefined) return undefined;
  const bound = (value: unknown, unit: unknown) => {
    const n = num(value);
    return n === undefined ? undefined : { bytes: n * (UNIT_BYTES[String(unit ?? 'B')] ?? 1), text: `${n} ${String(unit ?? 'B')}` };
  };
  const min = bound(size['min_value'], size['min_unit']);
  const max = bound(size['max_value'], size['max_unit']);
  const numbers = new Intl.NumberFormat('en');
  if (max && bytes > max.bytes)
    return t('“{0}” takes files of at most {1}: {2} is {3}.', field.label, max.text, Upload.filename(upload), formatSize(bytes, numbers));
  if (min && bytes < min.bytes)
    return t('“{0}” takes files of at least {1}: {2} is {3}.', field.label, min.text, Upload.filename(upload), formatSize(bytes, numbers));
  return undefined;
}

function dimensionsMisfit(t: Translate, field: FitField, upload: Resource<'upload'>): string | undefined {
  const dims = rule(field, 'image_dimensions');
  if (!dims) return undefined;
  const [width, height] = [Upload.width(upload), Upload.height(upload)];
  const wrong = (value: number | undefined, min: unknown, max: unknown) =>
    (num(min) !== undefined && (value === undefined || value < num(min)!)) ||
    (num(max) !== undefined && (value === undefined || value > num(max)!));
  if (!wrong(width, dims['width_min_value'], dims['width_max_value']) && !wrong(height, dims['height_min_value'], dims['height_max_value']))
    return undefined;
  const limits = [
    num(dims['width_min_value']) !== undefined ? t('at least {0} px wide', num(dims['width_min_value'])!) : '',
    num(dims['width_max_value']) !== undefined ? t('at most {0} px wide', num(dims['width_max_value'])!) : '',
    num(dims['height_min_value']) !== undefined ? t('at least {0} px high', num(dims['height_min_value'])!) : '',
    num(dims['height_max_value']) !== undefined ? t('at most {0} px high', num(dims['height_max_value'])!) : '',
  ].filter(Boolean);
  return t('“{0}” takes images {1}: {2} is {3}.', field.label, limits.join(', '), Upload.filename(upload), dimensionsOf(t, width, height));
}

function ratioMisfit(t: Translate, field: FitField, upload: Resource<'upload'>): string | undefined {
  const ratio = rule(field, 'image_aspect_ratio');
  const [width, height] = [Upload.width(upload), Upload.height(upload)];
  if (!ratio) return undefined;
  const pair = (prefix: string) => {
    const [n, d] = [num(ratio[`${prefix}_ar_numerator`]), num(ratio[`${prefix}_ar_denominator`])];
    return n !== undefined && d !== undefined && d > 0 ? { value: n / d, text: `${n}:${d}` } : undefined;
  };
  const [eq, min, max] = [pair('eq'), pair('min'), pair('max')];
  if (!eq && !min && !max) return undefined;
  const actual = width !== undefined && height ? width / height : undefined;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  const fits =
    actual !== undefined &&
    (!eq || near(actual, eq.value)) &&
    (!min || actual >= min.value || near(actual, min.value)) &&
    (!max || actual <= max.value || near(actual, max.value));
  if (fits) return undefined;
  const wanted = eq ? eq.text : [min ? t('at least {0}', min.text) : '', max ? t('at most {0}', max.text) : ''].filter(Boolean).join(', ');
  return t(
    '“{0}” takes images of aspect ratio {1}: {2} is {3}.',
    field.label,
    wanted,
    Upload.filename(upload),
    dimensionsOf(t, width, height),
  );
}

const dimensionsOf = (t: Translate, width: number | undefined, height: number | undefined): string =>
  width !== undefined && height !== undefined ? `${width} × ${height}` : t('not an image');

/** How many files a gallery holds at most (its `size` validator); undefined without a limit, or for a file field. */
export function galleryMax(field: FitField): number | undefined {
  return field.type === 'gallery' ? num(rule(field, 'size')?.['max']) : undefined;
}

/**
 * The value that puts the upload in the field: `{upload_id}`, so the upload's own alt text and title show; where the
 * field requires alt text or a title, the upload's defaults (of `locale`) are written out with it (a value that
 * gives one of them gives them all, or the others would be emptied).
 */
export function uploadValue(field: FitField, upload: Resource<'upload'>, locale: string): Record<string, unknown> {
  const required = rule(field, 'required_alt_title');
  if (required?.['alt'] !== true && required?.['title'] !== true) return { upload_id: upload.id };
  return { upload_id: upload.id, ...Upload.defaultsIn(upload, locale) };
}

/** What a value still lacks that the field requires (its alt text, its title), in words; undefined when nothing. */
export function stillMissing(
  t: Translate,
  field: FitField,
  upload: Resource<'upload'>,
  value: Record<string, unknown>,
): string | undefined {
  const required = rule(field, 'required_alt_title');
  const blank = (part: string) => required?.[part] === true && (typeof value[part] !== 'string' || value[part].trim() === '');
  const parts = [blank('alt') ? t('alt text') : '', blank('title') ? t('a title') : ''].filter(Boolean);
  if (!parts.length) return undefined;
  return t(
    '“{0}” needs {1}, and {2} has none to start from: write it in the inserted value.',
    field.label,
    parts.join(t(' and ')),
    Upload.filename(upload),
  );
}
