// The Media node's query: Search, Filter (type, format, size, tags, missing alt or title, used or unused), Order,
// Clear. The node reloads from its first page; its row says what it shows and how many match.
import type { UploadKind, UploadOrder } from '../cma';
import { UploadTag } from '../domain/uploadViews';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import type { MediaQuery } from '../listing';
import type { MediaNode } from '../tree/nodes';
import { mediaOfNode } from './library';
import { orderWord, parseSize, typeWord } from './query';
import type { Services } from '../services';
import { ownerOf } from './targets';

const KINDS: UploadKind[] = ['image', 'video', 'audio', 'pdfdocument', 'richtext', 'spreadsheet', 'presentation', 'archive'];
const ORDERS: UploadOrder[] = [
  '_created_at_DESC',
  '_created_at_ASC',
  '_updated_at_DESC',
  'size_DESC',
  'size_ASC',
  'filename_ASC',
  'filename_DESC',
  'resolution_DESC',
];

export const searchMedia = (deps: Services, arg?: unknown) =>
  onMedia(deps, arg, async (media) => {
    const search = await deps.ui.input({
      title: deps.t('Search Uploads'),
      prompt: deps.t('Words in the file name, alt text, title, tags, notes, author or copyright (empty: no search)'),
      value: media.query.search ?? '',
    });
    return search === undefined ? undefined : { ...media.query, search: search.trim() || undefined };
  });

export const orderMedia = (deps: Services, arg?: unknown) =>
  onMedia(deps, arg, async (media) => {
    const order = await deps.ui.pick(
      ORDERS.map((o) => ({
        label: orderWord(deps.t, o),
        description: o,
        value: o,
        picked: (media.query.order ?? '_created_at_DESC') === o,
      })),
      { title: deps.t('Order Uploads') },
    );
    return order && { ...media.query, order: order === '_created_at_DESC' ? undefined : order };
  });

export const clearMediaQuery = (deps: Services, arg?: unknown) => onMedia(deps, arg, () => Promise.resolve({}));

type FilterChoice = 'type' | 'format' | 'larger' | 'smaller' | 'tags' | 'missingAlt' | 'missingTitle' | 'used' | 'unused' | 'clear';

export const filterMedia = (deps: Services, arg?: unknown) =>
  onMedia(deps, arg, async (media) => {
    const { t, ui } = deps;
    const q = media.query;
    const choice = await ui.pick<FilterChoice>(
      [
        { label: t('Type…'), description: q.type && typeWord(t, q.type), value: 'type' },
        { label: t('Format…'), description: q.format && `.${q.format}`, value: 'format' },
        { label: t('Larger Than…'), value: 'larger' },
        { label: t('Smaller Than…'), value: 'smaller' },
        { label: t('Tags…'), description: q.tags?.join(', '), value: 'tags' },
        { label: t('Images Without Alt Text'), picked: q.missingAlt === true, value: 'missingAlt' },
        { label: t('Without a Title'), picked: q.missingTitle === true, value: 'missingTitle' },
        { label: t('Used by a Record'), picked: q.inUse === true, value: 'used' },
        { label: t('Not Used by Any Record'), picked: q.inUse === false, value: 'unused' },
        { label: t('Clear Filters'), value: 'clear' },
      ],
      { title: t('Filter Uploads') },
    );
    switch (choice) {
      case undefined:
        return undefined;
      case 'type': {
        const type = await ui.pick(
          [...KINDS.map((k) => ({ label: typeWord(t, k), value: k })), { label: t('Any Type'), value: '' as const }],
          { title: t('Uploads of Which Type?') },
        );
        return type === undefined ? undefined : { ...q, type: type || undefined };
      }
      case 'format': {
        const format = await ui.input({
          title: t('Uploads of Which Format?'),
          prompt: t('A file extension such as jpg, png, pdf or mp4 (empty: any)'),
          value: q.format ?? '',
          validate: (text) =>
            /^\.?[A-Za-z0-9]{0,10}$/.test(text.trim()) ? undefined : t('Type an extension such as jpg, without spaces.'),
        });
        return format === undefined ? undefined : { ...q, format: format.trim().replace(/^\./, '').toLowerCase() || undefined };
      }
      case 'larger':
      case 'smaller': {
        const key = choice === 'larger' ? 'minSize' : 'maxSize';
        const size = await askSize(ui, t, choice === 'larger' ? t('Uploads Larger Than') : t('Uploads Smaller Than'), q[key]);
        return size === undefined ? undefined : { ...q, [key]: size ?? undefined };
      }
      case 'tags': {
        const data = await deps.registry.data(media.projectKey, media.environment);
        const tags: string[] = [];
        for await (const tag of data.client.media.tags.listAll()) tags.push(UploadTag.name(tag));
        if (tags.length === 0) {
          void ui.info(t('No upload of {0} has tags.', media.environment));
          return undefined;
        }
        const chosen = await ui.pickMany(
          tags.map((tag) => ({ label: tag, value: tag, picked: q.tags?.includes(tag) === true })),
          { title: t('Uploads With Any of These Tags') },
        );
        return chosen === undefined ? undefined : { ...q, tags: chosen.length ? chosen : undefined };
      }
      case 'missingAlt':
        return { ...q, missingAlt: q.missingAlt ? undefined : true };
      case 'missingTitle':
        return { ...q, missingTitle: q.missingTitle ? undefined : true };
      case 'used':
        return { ...q, inUse: q.inUse === true ? undefined : true };
      case 'unused':
        return { ...q, inUse: q.inUse === false ? undefined : false };
      case 'clear':
        return {
          ...(q.search ? { search: q.search } : {}),
          ...(q.order ? { order: q.order } : {}),
          ...(q.locale ? { locale: q.locale } : {}),
        };
    }
  });

async function askSize(ui: Ui, t: Translate, title: string, current: number | undefined): Promise<number | null | undefined> {
  const text = await ui.input({
    title,
    prompt: t('A size such as 500 KB, 1.5 MB or 2 GB (empty: no limit)'),
    value: current === undefined ? '' : String(current),
    validate: (value) => (parseSize(value) === undefined ? t('Type a size such as 500 KB or 1.5 MB.') : undefined),
  });
  return text === undefined ? undefined : parseSize(text);
}

/** A query command: on the Media node it ran on (or whose collection or upload it ran on), else a picked project's. */
async function onMedia(deps: Services, arg: unknown, ask: (media: MediaNode) => Promise<MediaQuery | undefined>): Promise<void> {
  const owner = await ownerOf(deps, arg, deps.t('Which project’s uploads?'));
  if (!owner) return;
  const media = mediaOfNode(owner);
  const query = await ask(media);
  if (query === undefined) return;
  const clean = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as MediaQuery;
  deps.tree.setMediaQuery(media, clean);
  await deps.treeView.reveal(media, { expand: true, select: false, focus: false }).then(undefined, () => undefined);
}
