// Where an upload is used, and cleaning up: Find References (the records using it, the one chosen opened at the
// value), Delete (named and confirmed; refused with the records named while records use it), Unused Uploads (a
// bulk delete confirmed by count and size) and Missing Alt Text (images without alt text in a locale, the one
// chosen opened as its document). No vscode import.
import type { Resource } from '../cma';
import { UploadInUseError } from '../cma';
import { localesOf } from '../domain/resources';
import { titleOf } from '../domain/titles';
import { Field, Model } from '../domain/views';
import { someNames } from '../projects/actions';
import type { ProjectData } from '../projects/projectData';
import { totalSize } from './library';
import { missingAlt, Upload, uploadDescription } from './looks';
import { numbersFor, unsavedEditorUsing, type MediaPlace, type OperationDeps, type UploadPlace } from './operation';

/** The records whose current or published version uses the upload; the one chosen opens with the upload's id selected. */
export async function findReferences(deps: OperationDeps, place: UploadPlace): Promise<void> {
  const { t, ui } = deps;
  const name = Upload.filename(place.upload);
  const records = await ui.withProgress({ title: t('Finding the records using {0}…', name), cancellable: true }, (_report, signal) =>
    place.data.client.uploads.references(place.upload.id, { signal, version: 'published-or-current' }),
  );
  if (records.length === 0) {
    void ui.info(t('No record uses “{0}”.', name));
    return;
  }
  const items = await Promise.all(
    records.map(async (record) => {
      const model = await modelOf(place.data, record);
      const title = await titleOf(place.data, record, model).catch(() => record.id);
      const fields = model ? await holdingFields(place.data, record, model, place.upload.id) : [];
      const modelName = model ? Model.name(model) : '';
      return {
        label: title,
        description: [modelName, fields.length ? fields.join(', ') : t('in a block')].filter(Boolean).join(' · '),
        value: { record, model, title },
      };
    }),
  );
  const chosen = await ui.pick(items, { title: t('Records using {0} ({1})', name, records.length) });
  if (!chosen?.model) return;
  await deps.open(
    {
      project: place.project,
      environment: place.environment,
      kind: 'record',
      modelApiKey: Model.apiKey(chosen.model),
      id: chosen.record.id,
      ...(chosen.title !== chosen.record.id ? { title: chosen.title } : {}),
    },
    `"${place.upload.id}"`,
  );
}

/**
 * Deletes the upload after a confirmation that names it. While records use it, DatoCMS refuses: nothing is sent
 * and the records are named (also when a record started using it between the check and the delete).
 * Returns whether it was deleted.
 */
export async function deleteUpload(deps: OperationDeps, place: UploadPlace): Promise<boolean> {
  const { t, ui } = deps;
  const name = Upload.filename(place.upload);
  const editor = unsavedEditorUsing(deps.unsavedEditors(place), place.upload.id);
  if (editor) {
    void ui.error(t('“{0}” cannot be deleted: the unsaved editor “{1}” uses it. Save or revert that editor first.', name, editor.name));
    return false;
  }
  const users = await place.data.client.uploads.references(place.upload.id, { version: 'published-or-current' });
  if (users.length > 0) {
    await refuseInUse(deps, place, users);
    return false;
  }
  const remove = t('Delete Upload');
  const answer = await ui.confirm({
    message: t('Delete “{0}” from the media area of {1}?', name, place.environment),
    detail: t('{0}. No record uses it. This cannot be undone.', uploadDescription(place.upload, numbersFor(deps))),
    actions: [remove],
    safe: t('Keep Upload'),
  });
  if (answer !== remove) return false;
  try {
    await ui.withProgress({ title: t('Deleting {0}…', name), cancellable: false }, () =>
      place.data.client.media.uploads.destroy(place.upload.id),
    );
  } catch (error) {
    if (!(error instanceof UploadInUseError)) throw error;
    await refuseInUse(deps, place, error.references ?? []);
    return false;
  }
  await deps.documentsDeleted({ project: place.project, environment: place.environment, uploads: [place.upload.id] });
  await deps.reload(place);
  void ui.info(t('Deleted “{0}”.', name));
  return true;
}

async function refuseInUse(deps: OperationDeps, place: UploadPlace, users: Resource<'item'>[]): Promise<void> {
  const { t, ui } = deps;
  const name = Upload.filename(place.upload);
  const names = await Promise.all(users.map((record) => titleOf(place.data, record).catch(() => record.id)));
  const message =
    users.length === 0
      ? t('“{0}” cannot be deleted: records use it. Remove it from them first.', name)
      : users.length === 1
        ? t('“{0}” cannot be deleted: the record {1} uses it. Remove it from that record first.', name, someNames(t, names))
        : t('“{0}” cannot be deleted: {1} records use it ({2}). Remove it from them first.', name, users.length, someNames(t, names));
  const show = t('Show Records');
  if ((await ui.error(message, show)) === show) await findReferences(deps, place);
}

/**
 * The uploads no record uses, largest first, but for those an open editor's unsaved text uses (they are named as
 * left out); those chosen are deleted after one confirmation naming their count and size.
 */
export async function unusedUploads(deps: OperationDeps, media: MediaPlace): Promise<void> {
  const { t, ui } = deps;
  const client = media.data.client;
  const unused = await ui.withProgress({ title: t('Finding the uploads no record uses…'), cancellable: true }, async (_report, signal) => {
    const found: Resource<'upload'>[] = [];
    for await (const upload of client.uploads.listAll({ filter: { fields: { in_use: { eq: false } } }, order_by: 'size_DESC' }, { signal }))
      found.push(upload);
    return found;
  });
  if (unused.length === 0) {
    void ui.info(t('Every upload of {0} is used by a record.', media.environment));
    return;
  }
  const chosen = await chooseUnused(deps, media, unused);
  if (!chosen?.length) return;
  // an editor may have taken one while the question was open: then nothing is deleted
  const taken = chosen.find((upload) => unsavedEditorUsing(deps.unsavedEditors(media), upload.id));
  if (taken) {
    const editor = unsavedEditorUsing(deps.unsavedEditors(media), taken.id)!;
    void ui.warn(t('Nothing was deleted: the unsaved editor “{0}” now uses “{1}”.', editor.name, Upload.filename(taken)));
    return;
  }
  await deleteUnused(deps, media, chosen);
}

/** The unused uploads an open editor does not use, offered; those picked, once confirmed by count and size. */
async function chooseUnused(
  deps: OperationDeps,
  media: MediaPlace,
  unused: Resource<'upload'>[],
): Promise<Resource<'upload'>[] | undefined> {
  const { t, ui } = deps;
  // what an open editor will save is not in DatoCMS's answer yet: those uploads are not offered
  const editors = deps.unsavedEditors(media);
  const holders = unused.map((upload) => unsavedEditorUsing(editors, upload.id)?.name);
  const offered = unused.filter((_, i) => holders[i] === undefined);
  const kept = holders.filter((name): name is string => name !== undefined);
  const names = someNames(t, [...new Set(kept)]);
  if (offered.length === 0) {
    void ui.info(
      t('No upload can be cleaned up: the {0} no record uses are in unsaved editors ({1}). Save or revert them first.', kept.length, names),
    );
    return undefined;
  }
  const numbers = numbersFor(deps);
  const picked = await ui.pickMany(
    offered.map((upload) => ({ label: Upload.filename(upload), description: uploadDescription(upload, numbers), value: upload })),
    {
      title: t('{0} uploads no record uses ({1})', offered.length, totalSize(offered, numbers)),
      placeholder: kept.length
        ? t('Choose the uploads to delete ({0} more are left out: unsaved editors use them, {1})', kept.length, names)
        : t('Choose the uploads to delete'),
    },
  );
  if (!picked?.length) return undefined;
  const size = totalSize(picked, numbers);
  const remove = picked.length === 1 ? t('Delete 1 Upload') : t('Delete {0} Uploads', picked.length);
  const answer = await ui.confirm({
    message:
      picked.length === 1
        ? t('Delete 1 upload ({0}) from the media area of {1}?', size, media.environment)
        : t('Delete {0} uploads ({1}) from the media area of {2}?', picked.length, size, media.environment),
    detail: t('No record uses them, saved or in an open editor. This cannot be undone.'),
    actions: [remove],
    safe: t('Keep Uploads'),
  });
  return answer === remove ? picked : undefined;
}

/** One bulk delete; then which are gone (a record may have started using some), said with the space freed. */
async function deleteUnused(deps: OperationDeps, media: MediaPlace, chosen: Resource<'upload'>[]): Promise<void> {
  const { t, ui } = deps;
  const client = media.data.client;
  const ids = chosen.map((upload) => upload.id);
  await ui.withProgress({ title: t('Deleting {0} uploads…', ids.length), cancellable: false }, () => client.media.uploads.bulkDestroy(ids));
  // which are gone: those still listed were not deleted (a record started using them)
  const left = new Set<string>();
  for (let i = 0; i < ids.length; i += 100)
    for await (const upload of client.uploads.listAll({ filter: { ids: ids.slice(i, i + 100) } })) left.add(upload.id);
  const gone = ids.filter((id) => !left.has(id));
  await deps.documentsDeleted({ project: media.project, environment: media.environment, uploads: gone });
  await deps.reload(media);
  const freed = totalSize(
    chosen.filter((upload) => !left.has(upload.id)),
    numbersFor(deps),
  );
  if (left.size === 0)
    void ui.info(gone.length === 1 ? t('Deleted 1 upload ({0}).', freed) : t('Deleted {0} uploads ({1}).', gone.length, freed));
  else
    void ui.warn(
      t('Deleted {0} of {1} uploads ({2}); {3} were not deleted: records use them now.', gone.length, ids.length, freed, left.size),
    );
}

/** Images without alt text in one of the project's locales; the one chosen opens as its document. */
export async function missingAltText(deps: OperationDeps, media: MediaPlace): Promise<void> {
  const { t, ui } = deps;
  const locales = localesOf(await media.data.site());
  const found = await ui.withProgress({ title: t('Finding the images without alt text…'), cancellable: true }, async (_report, signal) => {
    const byId = new Map<string, Resource<'upload'>>();
    for (const locale of locales.length ? locales : [undefined]) {
      const query = { filter: { fields: { type: { eq: 'image' as const }, alt: { exists: false } } }, ...(locale ? { locale } : {}) };
      for await (const upload of media.data.client.uploads.listAll(query, { signal })) byId.set(upload.id, upload);
    }
    return [...byId.values()];
  });
  if (found.length === 0) {
    void ui.info(t('Every image of {0} has alt text in {1}.', media.environment, locales.join(', ')));
    return;
  }
  const numbers = numbersFor(deps);
  const chosen = await ui.pick(
    found.map((upload) => ({
      label: Upload.filename(upload),
      description: t('no alt text in {0}', (missingAlt(upload, locales).length ? missingAlt(upload, locales) : locales).join(', ')),
      detail: uploadDescription(upload, numbers),
      value: upload,
    })),
    {
      title: found.length === 1 ? t('1 image without alt text') : t('{0} images without alt text', found.length),
      placeholder: t('Choose an image to give it alt text'),
    },
  );
  if (chosen)
    await deps.open({
      project: media.project,
      environment: media.environment,
      kind: 'upload',
      id: chosen.id,
      title: Upload.filename(chosen),
    });
}

async function modelOf(data: ProjectData, record: Resource<'item'>): Promise<Resource<'item_type'> | undefined> {
  const link = record.relationships['item_type']?.data;
  const id = link && !Array.isArray(link) ? link.id : undefined;
  return id ? data.itemType(id).catch(() => undefined) : undefined;
}

/** The labels of the record's own fields that hold the upload (file, gallery, SEO image); empty when only a block does. */
async function holdingFields(
  data: ProjectData,
  record: Resource<'item'>,
  model: Resource<'item_type'>,
  uploadId: string,
): Promise<string[]> {
  const fields = await data.fields(model.id);
  const holds = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(holds);
    if (!value || typeof value !== 'object') return false;
    const v = value as Record<string, unknown>;
    return v['upload_id'] === uploadId || v['image'] === uploadId;
  };
  return fields
    .filter((field) => ['file', 'gallery', 'seo'].includes(Field.type(field)))
    .filter((field) => {
      const value = record.attributes[Field.apiKey(field)];
      return Field.isLocalized(field) && value && typeof value === 'object' ? Object.values(value).some(holds) : holds(value);
    })
    .map((field) => Field.label(field));
}
