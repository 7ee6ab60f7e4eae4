// Where uploads are used, and cleaning up, with the window scripted: Find References names the records and opens
// the chosen one at the upload; Delete is refused (records named, nothing sent) while records use the upload, and
// asks first otherwise; Unused Uploads deletes the chosen ones after a confirmation by count and size; Missing Alt
// Text lists the images without alt text in a locale.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { CmaClient, Resource } from '../../src/cma';
import type { DeletedResources } from '../../src/domain/deleted';
import type { DocumentRef } from '../../src/domain/paths';
import type { MediaPlace, OperationDeps, UnsavedEditor, UploadPlace } from '../../src/media/operation';
import { deleteUpload, findReferences, missingAltText, unusedUploads } from '../../src/media/usage';
import { formatMessage } from '../../src/platform/translate';
import { ProjectData } from '../../src/projects/projectData';
import type { Emulator } from '../emulator/index';
import { QUICK_JOBS, useEmulator } from '../support/emulator';
import { ScriptedUi } from '../platform/scriptedUi';

let emulator: Emulator;
let client: CmaClient;
let ui: ScriptedUi;
let opened: { ref: DocumentRef; select?: string }[];
let deleted: DeletedResources[];
let reloads: number;
/** the open editors with unsaved text, as VS Code would list them */
let unsaved: UnsavedEditor[];

useEmulator({ records: 12, jobDurationMs: 5, uploads: 3, client: { jobs: QUICK_JOBS }, reset: ['faults', 'requests'] }, (started) => {
  ({ emulator, client } = started);
});
beforeEach(() => {
  ui = new ScriptedUi();
  opened = [];
  deleted = [];
  reloads = 0;
  unsaved = [];
});

const deps = (): OperationDeps => ({
  ui,
  t: formatMessage,
  locale: 'en',
  open: async (ref, select) => void opened.push({ ref, ...(select ? { select } : {}) }),
  documentsDeleted: async (gone) => void deleted.push(gone),
  reload: async () => void reloads++,
  uploadChanged: async () => undefined,
  unsavedEditors: () => unsaved,
});
const env = () => emulator.store.environment('main');
const data = () => new ProjectData(client);
const placeOf = (upload: Resource<'upload'>): UploadPlace => ({ project: 'emulated-bistro', environment: 'main', upload, data: data() });
const media = (): MediaPlace => ({ project: 'emulated-bistro', environment: 'main', data: data(), label: 'Media' });
const nonGet = () => emulator.requests.filter((r) => r.method !== 'GET' && r.path !== '/job-results');

/** The text of a record's editor after the upload was put in its cover (not saved yet). */
const editorHolding = (name: string, upload: Resource<'upload'>): UnsavedEditor => ({
  name,
  text: JSON.stringify({ title: { en: 'Autumn' }, cover: { upload_id: upload.id, alt: null } }, null, 2),
});
const unusedPhotos = () => [...env().uploads.values()].filter((u) => String(u.attributes['filename']).startsWith('photo-'));
/** The uploads no record uses, as DatoCMS lists them. */
async function unusedNow(): Promise<Resource<'upload'>[]> {
  const found: Resource<'upload'>[] = [];
  for await (const upload of client.uploads.listAll({ filter: { fields: { in_use: { eq: false } } } })) found.push(upload);
  return found;
}

/** An upload records use, and the records using it (as the API says). */
async function usedUpload(): Promise<{ upload: Resource<'upload'>; users: Resource<'item'>[] }> {
  for (const upload of env().uploads.values()) {
    const users = await client.uploads.references(upload.id, { version: 'published-or-current' });
    if (users.length > 0) return { upload, users };
  }
  throw new Error('no upload in use');
}

describe('find references', () => {
  test('lists the records using the upload (title, model, field); the chosen one opens at the upload', async () => {
    const { upload, users } = await usedUpload();
    let offered: string[] = [];
    ui.picks.push((labels, title) => {
      offered = labels;
      assert.match(title, new RegExp(`^Records using .+ \\(${users.length}\\)$`));
      return labels[0];
    });
    await findReferences(deps(), placeOf(upload));
    assert.equal(offered.length, users.length);
    assert.equal(opened.length, 1);
    const ref = opened[0]!.ref;
    assert.ok(ref.kind === 'record' && users.some((u) => u.id === ref.id));
    assert.equal(opened[0]!.select, `"${upload.id}"`);
  });

  test('an upload no record uses says so', async () => {
    const pdf = [...env().uploads.values()].find((u) => u.attributes['format'] === 'pdf')!;
    await findReferences(deps(), placeOf(pdf));
    assert.deepEqual(ui.transcript.at(-1), `info: No record uses “${String(pdf.attributes['filename'])}”.`);
  });
});

describe('delete', () => {
  test('an upload in use: refused with the records named, and no delete is sent', async () => {
    const { upload, users } = await usedUpload();
    let told = '';
    ui.answers.push((message) => {
      told = message;
      return undefined;
    });
    emulator.clearRequests();
    assert.equal(await deleteUpload(deps(), placeOf(upload)), false);
    const name = String(upload.attributes['filename']);
    assert.ok(told.startsWith(`“${name}” cannot be deleted: `), told);
    assert.match(told, users.length === 1 ? /the record “.+” uses it/ : new RegExp(`${users.length} records use it \\(“`));
    assert.equal(nonGet().length, 0);
    assert.equal(ui.confirmations.length, 0);
    assert.ok(env().uploads.has(upload.id));
  });

  test('in use since the check: DatoCMS refuses the delete and the records are named', async () => {
    const { upload } = await usedUpload();
    // the check sees no record (as when one started using it a moment later)
    const place = placeOf(upload);
    const references = place.data.client.uploads.references.bind(place.data.client.uploads);
    let first = true;
    place.data.client.uploads.references = async (id, o) => (first ? ((first = false), []) : references(id, o));
    ui.answers.push(() => 'Delete Upload');
    let told = '';
    ui.answers.push((message) => ((told = message), undefined));
    try {
      assert.equal(await deleteUpload(deps(), place), false);
    } finally {
      place.data.client.uploads.references = references;
    }
    assert.equal(emulator.requests.filter((r) => r.method === 'DELETE').length, 1);
    assert.match(told, /cannot be deleted: .*(the record|records use it)/);
    assert.ok(env().uploads.has(upload.id));
    assert.deepEqual(deleted, []);
  });

  test('an unused upload: named and confirmed, then deleted; its editors and the tree follow', async () => {
    const pdf = [...env().uploads.values()].find((u) => u.attributes['format'] === 'pdf')!;
    ui.answers.push((message) => {
      assert.equal(message, `Delete “${String(pdf.attributes['filename'])}” from the media area of main?`);
      return 'Delete Upload';
    });
    assert.equal(await deleteUpload(deps(), placeOf(pdf)), true);
    assert.equal(ui.confirmations[0]!.safe, 'Keep Upload');
    assert.match(ui.confirmations[0]!.detail!, /^734 KB · pdf\. No record uses it\. This cannot be undone\.$/);
    assert.ok(!env().uploads.has(pdf.id));
    assert.deepEqual(deleted, [{ project: 'emulated-bistro', environment: 'main', uploads: [pdf.id] }]);
    assert.equal(reloads, 1);
  });

  test('an upload the unsaved text of an open editor uses: refused with the editor named, nothing asked or sent', async () => {
    const [photo] = unusedPhotos();
    unsaved = [editorHolding('Autumn Menu · article', photo!)];
    ui.answers.push(() => undefined);
    emulator.clearRequests();
    assert.equal(await deleteUpload(deps(), placeOf(photo!)), false);
    assert.equal(
      ui.transcript.at(-1),
      `error: “${String(photo!.attributes['filename'])}” cannot be deleted: the unsaved editor “Autumn Menu · article” uses it. Save or revert that editor first. []`,
    );
    assert.deepEqual(ui.confirmations, []);
    assert.equal(emulator.requests.length, 0);
    assert.ok(env().uploads.has(photo!.id));
  });

  test('declined: nothing is deleted', async () => {
    const unused = [...env().uploads.values()].find((u) => String(u.attributes['filename']).startsWith('photo-'))!;
    ui.answers.push(() => undefined);
    assert.equal(await deleteUpload(deps(), placeOf(unused)), false);
    assert.equal(emulator.requests.filter((r) => r.method === 'DELETE').length, 0);
    assert.ok(env().uploads.has(unused.id));
  });
});

describe('unused uploads and missing alt text', () => {
  test('the unused uploads, largest first; those chosen are deleted after a confirmation by count and size', async () => {
    const unused = [...env().uploads.values()].filter((u) => String(u.attributes['filename']).startsWith('photo-'));
    const chosen = unused.slice(0, 2).map((u) => String(u.attributes['filename']));
    let offered: string[] = [];
    ui.manyPicks.push((labels) => ((offered = labels), chosen));
    ui.answers.push((message) => {
      assert.match(message, /^Delete 2 uploads \([\d.]+ (KB|MB)\) from the media area of main\?$/);
      return 'Delete 2 Uploads';
    });
    await unusedUploads(deps(), media());
    assert.ok(chosen.every((name) => offered.includes(name)));
    assert.ok(!offered.some((name) => name.startsWith('harbour-at-dawn')), 'used images are not offered');
    assert.ok(offered.includes('kitchen-tour.mp4'));
    assert.equal(offered[0], 'kitchen-tour.mp4', 'largest first');
    const bulk = emulator.requests.filter((r) => r.path === '/uploads/bulk/destroy');
    assert.equal(bulk.length, 1);
    for (const upload of unused.slice(0, 2)) assert.ok(!env().uploads.has(upload.id));
    assert.deepEqual(deleted[0]!.uploads?.length, 2);
    assert.match(ui.transcript.at(-1)!, /^info: Deleted 2 uploads \(/);
  });

  test('an upload only an open editor’s unsaved text uses is not offered; the editor is named; the others can go', async () => {
    const [held, other] = await unusedNow();
    unsaved = [editorHolding('Autumn Menu · article', held!)];
    let offered: string[] = [];
    ui.manyPicks.push((labels) => ((offered = labels), [String(other!.attributes['filename'])]));
    ui.answers.push(() => 'Delete 1 Upload');
    await unusedUploads(deps(), media());
    assert.ok(!offered.includes(String(held!.attributes['filename'])), 'the upload the editor uses is not offered');
    assert.ok(offered.includes(String(other!.attributes['filename'])));
    assert.equal(
      ui.manyPickOptions[0]!.placeholder,
      'Choose the uploads to delete (1 more are left out: unsaved editors use them, “Autumn Menu · article”)',
    );
    assert.equal(ui.confirmations[0]!.detail, 'No record uses them, saved or in an open editor. This cannot be undone.');
    assert.ok(env().uploads.has(held!.id), 'kept');
    assert.ok(!env().uploads.has(other!.id), 'deleted');
  });

  test('every unused upload in unsaved editors: said, nothing offered or sent', async () => {
    const unused = await unusedNow();
    unsaved = [
      { name: 'Autumn Menu · article', text: JSON.stringify({ gallery: unused.map((u) => ({ upload_id: u.id })) }) },
      { name: 'Notes · upload', text: '{}' },
    ];
    emulator.clearRequests();
    await unusedUploads(deps(), media());
    assert.equal(
      ui.transcript.at(-1),
      `info: No upload can be cleaned up: the ${unused.length} no record uses are in unsaved editors (“Autumn Menu · article”). Save or revert them first.`,
    );
    assert.equal(nonGet().length, 0);
  });

  test('an editor that takes a chosen upload while the question is open: nothing is deleted, and it is said', async () => {
    const [photo] = unusedPhotos();
    ui.manyPicks.push(() => [String(photo!.attributes['filename'])]);
    ui.answers.push(() => {
      unsaved = [editorHolding('Autumn Menu · article', photo!)];
      return 'Delete 1 Upload';
    });
    ui.answers.push(() => undefined);
    emulator.clearRequests();
    await unusedUploads(deps(), media());
    assert.equal(
      ui.transcript.at(-1),
      `warn: Nothing was deleted: the unsaved editor “Autumn Menu · article” now uses “${String(photo!.attributes['filename'])}”. []`,
    );
    assert.equal(nonGet().length, 0);
    assert.ok(env().uploads.has(photo!.id));
  });

  test('choosing none sends nothing', async () => {
    ui.manyPicks.push(() => []);
    emulator.clearRequests();
    await unusedUploads(deps(), media());
    assert.equal(nonGet().length, 0);
  });

  test('images without alt text in a locale are listed with the locales they lack; the chosen one opens', async () => {
    const images = [...env().uploads.values()].filter((u) => u.attributes['is_image'] === true);
    const lacking = images[0]!;
    (lacking.attributes['default_field_metadata'] as { alt: Record<string, string | null> }).alt['it'] = null;
    const name = String(lacking.attributes['filename']);
    ui.picks.push((labels, title) => {
      assert.equal(title, '1 image without alt text');
      assert.deepEqual(labels, [name]);
      return name;
    });
    await missingAltText(deps(), media());
    assert.deepEqual(opened, [{ ref: { project: 'emulated-bistro', environment: 'main', kind: 'upload', id: lacking.id, title: name } }]);
    const lists = emulator.requests.filter((r) => r.path === '/uploads');
    assert.deepEqual(lists.map((r) => r.query['locale']).sort(), ['en', 'it']);
    assert.deepEqual((lists[0]!.query['filter'] as { fields: unknown }).fields, { type: { eq: 'image' }, alt: { exists: 'false' } });
  });
});
