// Files into the media area: each file streams to the storage DatoCMS grants (upload request, PUT, then the
// create job), a few at a time, under one cancellable progress notification. Cancelling stops the files in flight
// (an upload DatoCMS had already made is deleted again) and starts no other. A failure is told in our words, per
// file; the others go on. No vscode import.
import { ApiError, CancelledError, type CmaClient, type Resource } from '../cma';
import { UploadError } from '../cma';
import type { UploadSource } from '../cma/uploadFile';
import type { Translate } from '../platform/translate';
import { formatSize, Upload } from './looks';
import { numbersFor, type MediaPlace, type OperationDeps, type UploadPlace } from './operation';

/** Files sent at the same time. */
const UPLOAD_CONCURRENCY = 3;
/** Failures told in their own words in the one message; those beyond are named. */
const TOLD_FAILURES = 3;

export interface FileToSend {
  /** the file's name, as the upload will have it */
  name: string;
  size: number;
  source: UploadSource;
}

export interface SendOutcome {
  uploaded: Resource<'upload'>[];
  failed: { name: string; message: string }[];
  /** the user cancelled: the files not uploaded were not sent (or were removed again) */
  cancelled: boolean;
}

/** Uploads the files into `where` (a collection, or none) with bounded concurrency and one progress notification. */
export async function sendFiles(
  deps: Pick<OperationDeps, 'ui' | 't' | 'locale'>,
  client: CmaClient,
  files: readonly FileToSend[],
  where: { collectionId?: string | null; label: string },
  concurrency = UPLOAD_CONCURRENCY,
): Promise<SendOutcome> {
  const { ui, t } = deps;
  const numbers = new Intl.NumberFormat(deps.locale ?? 'en');
  const outcome: SendOutcome = { uploaded: [], failed: [], cancelled: false };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const sent = new Map<number, number>();
  const failed = new Map<number, SendOutcome['failed'][number]>();
  const title =
    files.length === 1
      ? t('Uploading {0} to {1}', files[0]!.name, where.label)
      : t('Uploading {0} files to {1}', files.length, where.label);
  await ui.withProgress({ title, cancellable: true }, async (report, signal) => {
    let done = 0;
    let shown = '';
    const show = () => {
      const bytes = [...sent.values()].reduce((sum, n) => sum + n, 0);
      const message = t('{0} of {1} files · {2} of {3}', done, files.length, formatSize(bytes, numbers), formatSize(total, numbers));
      if (message !== shown) report.message((shown = message));
    };
    let next = 0;
    const worker = async () => {
      while (next < files.length && !signal.aborted) {
        const index = next++;
        const file = files[index]!;
        try {
          const upload = await client.media.uploads.createFromFile(file.source, {
            signal,
            ...(where.collectionId ? { collectionId: where.collectionId } : {}),
            onProgress: (progress) => {
              sent.set(index, progress.sentBytes);
              show();
            },
          });
          outcome.uploaded.push(upload);
        } catch (error) {
          sent.set(index, 0);
          if (error instanceof CancelledError && signal.aborted) outcome.cancelled = true;
          else failed.set(index, { name: file.name, message: uploadFailure(t, file.name, error) });
        }
        done++;
        show();
      }
    };
    show();
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
    // told in the order the files were given, not the order they failed in
    outcome.failed = [...failed.entries()].sort(([a], [b]) => a - b).map(([, failure]) => failure);
    if (signal.aborted) outcome.cancelled = true;
  });
  return outcome;
}

/** Uploads the files into the place, reloads what lists them, and tells how it went (each failure in our words). */
export async function uploadFilesTo(deps: OperationDeps, place: MediaPlace, files: readonly FileToSend[]): Promise<SendOutcome> {
  const { t, ui } = deps;
  const label = place.label;
  const outcome = await sendFiles(deps, place.data.client, files, { collectionId: place.collectionId ?? null, label });
  if (outcome.uploaded.length) await deps.reload(place);
  const uploaded = outcome.uploaded.length;
  if (outcome.failed.length) {
    // each failure in its own words, the first few whole; beyond them only named
    const told = outcome.failed.slice(0, TOLD_FAILURES).map((f) => f.message);
    const others = outcome.failed.slice(TOLD_FAILURES).map((f) => f.name);
    const more = others.length ? ` ${t('({0} more failed: {1})', others.length, others.join(', '))}` : '';
    const done = uploaded ? `${t('Uploaded {0} of {1} files to {2}.', uploaded, files.length, label)} ` : '';
    void ui.error(`${done}${told.join(' ')}${more}`);
  } else if (outcome.cancelled) {
    void ui.info(
      uploaded
        ? t('Upload cancelled: {0} of {1} files were uploaded to {2}; the others were not.', uploaded, files.length, label)
        : t('Upload cancelled: nothing was uploaded.'),
    );
  } else {
    void ui.info(uploaded === 1 ? t('Uploaded {0} to {1}.', files[0]!.name, label) : t('Uploaded {0} files to {1}.', uploaded, label));
  }
  return outcome;
}

/**
 * The same upload (id, metadata, the records using it) with a new file, after a confirmation that says how many
 * records show it. Returns the upload as it now is, or undefined when the user kept the old file.
 */
export async function replaceFileOf(deps: OperationDeps, place: UploadPlace, file: FileToSend): Promise<Resource<'upload'> | undefined> {
  const { t, ui } = deps;
  const name = Upload.filename(place.upload);
  const users = (await place.data.client.uploads.references(place.upload.id, { version: 'published-or-current' })).length;
  const replace = t('Replace File');
  const answer = await ui.confirm({
    message: t('Replace the file of “{0}” with “{1}”?', name, file.name),
    detail: [
      users === 0
        ? t('No record uses it.')
        : users === 1
          ? t('1 record uses it: it will show the new file.')
          : t('{0} records use it: they will show the new file.', users),
      t('Its address changes and the old file is removed from DatoCMS; its alt text, title, tags and other metadata stay.'),
    ].join(' '),
    actions: [replace],
    safe: t('Keep File'),
  });
  if (answer !== replace) return undefined;
  const numbers = numbersFor(deps);
  let replaced: Resource<'upload'>;
  try {
    replaced = await ui.withProgress({ title: t('Replacing the file of {0}…', name), cancellable: true }, (report, signal) =>
      place.data.client.media.uploads.replaceFile(place.upload.id, file.source, {
        signal,
        onProgress: (p) =>
          p.phase === 'uploading' && report.message(t('{0} of {1}', formatSize(p.sentBytes, numbers), formatSize(p.totalBytes, numbers))),
      }),
    );
  } catch (error) {
    if (error instanceof CancelledError) {
      void ui.info(t('Replacing the file of “{0}” was cancelled.', name));
      return undefined;
    }
    throw new Error(uploadFailure(t, file.name, error), { cause: error });
  }
  await deps.uploadChanged(place, replaced);
  void ui.info(t('The file of “{0}” is now {1}.', name, file.name));
  return replaced;
}

/** Why a file did not become an upload, in our words: what went wrong and what to do. */
function uploadFailure(t: Translate, name: string, error: unknown): string {
  if (error instanceof UploadError) {
    switch (error.kind) {
      case 'too-large':
        return t('{0} is larger than the storage accepts for one file (your plan’s limit); nothing was uploaded.', name);
      case 'refused-type':
        return t('{0} is not a type of file accepted here; nothing was uploaded.', name);
      case 'unreadable':
        return t('{0} could not be read from the disk; nothing was uploaded.', name);
      case 'interrupted':
        return t('The connection broke while {0} was sent; nothing was uploaded. Try again.', name);
      case 'changed':
        return t(
          '{0} changed while it was being uploaded (is it still being written?); nothing was uploaded. Upload it again once it is complete.',
          name,
        );
      case 'not-a-file':
        return error.entry === 'symbolic-link'
          ? t('{0} is a symbolic link; nothing was uploaded. Upload the file it points to instead.', name)
          : error.entry === 'folder'
            ? t('{0} is a folder; nothing was uploaded. Choose the files inside it instead.', name)
            : t('{0} is not a regular file (a pipe, socket or device); nothing was uploaded.', name);
      case 'storage-refused':
        return t('The storage refused {0}{1}; nothing was uploaded. Try again.', name, error.storageCode ? ` (${error.storageCode})` : '');
      case 'refused-by-fields':
        return t('{0} cannot replace this file: records using it would not accept it ({1}).', name, reason(error.cause) ?? error.message);
      case 'rejected':
        return rejection(t, name, error.cause) ?? t('DatoCMS did not accept {0}: {1}', name, reason(error.cause) ?? error.message);
    }
  }
  return rejection(t, name, error) ?? t('{0} was not uploaded: {1}', name, error instanceof Error ? error.message : String(error));
}

function rejection(t: Translate, name: string, error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const plan = error.findError('PLAN_UPGRADE_REQUIRED');
  if (plan) {
    const limit = typeof plan.details['limit'] === 'string' ? plan.details['limit'] : undefined;
    return limit
      ? t('DatoCMS did not accept {0}: the project’s plan allows no more ({1}). Upgrade the plan or remove files first.', name, limit)
      : t('DatoCMS did not accept {0}: the project’s plan allows no more. Upgrade the plan or remove files first.', name);
  }
  return undefined;
}

function reason(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}
