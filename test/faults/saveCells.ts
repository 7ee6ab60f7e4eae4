// The fault matrix's save cells: open a model, field, webhook or record, edit it, save it with the fault armed
// (or after a colleague's change), and what the user saw; then Retry once the fault is gone.
import type { RequestLogEntry } from '../../src/cma';
import { DocumentService, type OpenedDocument, type SaveResult } from '../../src/documents/documentService';
import { type DocumentRef } from '../../src/domain/paths';
import { describeRef } from '../../src/domain/kinds';
import { ProjectData } from '../../src/projects/projectData';
import { PROJECT_KEY, t, type World } from './world';
import { CONFLICT_ACTIONS, RETRY, type FaultId, type Observation, type Outcome } from './cases';
import { appliedWrites, arm, countAt, notification, retriesIn, timeoutFor, type Target } from './cellTools';

// -- saves: open a document, edit it, save it with the fault armed

interface SaveSubject {
  ref: DocumentRef;
  /** the fault's target */
  target: Target;
  /** where the write goes (the PUT) */
  write: Target;
  /** the user's edit, unique per cell so the server state tells which cell's write landed */
  edit(text: string, tag: string): string;
  /** an edit only the server refuses (a value another resource already has) */
  invalidEdit(text: string): string;
  /** whether the server holds this cell's edit */
  landed(tag: string): Promise<boolean>;
  /** someone else changes the resource after the user opened it */
  colleague(tag: string): Promise<void>;
}

function editJson(text: string, change: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(text) as Record<string, unknown>;
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function subjectFor(
  world: World,
  operation: 'saveModel' | 'saveField' | 'jobPolling' | 'saveWebhook' | 'saveRecord',
): Promise<SaveSubject> {
  const { client } = world.setup;
  const where = { project: PROJECT_KEY, environment: 'main' } as const;
  switch (operation) {
    case 'saveModel': {
      const model = await client.itemTypes.find(world.ids.model);
      const write = { method: 'PUT', path: `/item-types/${model.id}` };
      return {
        ref: { ...where, kind: 'model', apiKey: String(model.attributes['api_key']) },
        target: write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['hint'] = `Edited in ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['api_key'] = 'author')),
        landed: async (tag) => (await client.itemTypes.find(model.id)).attributes['hint'] === `Edited in ${tag}`,
        colleague: async (tag) =>
          void (await client.itemTypes.update(model.id, {
            data: { type: 'item_type', id: model.id, attributes: { name: `Category (${tag})` } },
          })),
      };
    }
    case 'saveField':
    case 'jobPolling': {
      const field = await client.fields.find(`${world.ids.fieldModel}::${world.ids.field}`);
      const write = { method: 'PUT', path: `/fields/${field.id}` };
      return {
        ref: { ...where, kind: 'field', modelApiKey: world.ids.fieldModel, apiKey: world.ids.field },
        target: operation === 'jobPolling' ? { method: 'GET', path: /^\/job-results\// } : write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['hint'] = `Edited in ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['api_key'] = 'name')),
        landed: async (tag) => (await client.fields.find(field.id)).attributes['hint'] === `Edited in ${tag}`,
        colleague: async (tag) =>
          void (await client.fields.update(field.id, { data: { type: 'field', id: field.id, attributes: { label: `Email (${tag})` } } })),
      };
    }
    case 'saveWebhook': {
      const id = world.ids.securedWebhook;
      const write = { method: 'PUT', path: `/webhooks/${id}` };
      return {
        ref: { ...where, kind: 'webhook', id },
        target: write,
        write,
        // A new password too: it must no more leak than the stored one.
        edit: (text, tag) =>
          editJson(text, (d) => {
            d['name'] = `Search index sync (${tag})`;
            d['http_basic_password'] = `pw-${tag}-Zq8`;
          }),
        invalidEdit: (text) => editJson(text, (d) => (d['name'] = 'Rejected by the server')),
        landed: async (tag) => (await client.webhooks.find(id)).attributes['name'] === `Search index sync (${tag})`,
        colleague: async () => {
          const current = await client.webhooks.find(id);
          await client.webhooks.update(id, {
            data: { type: 'webhook', id, attributes: { auto_retry: current.attributes['auto_retry'] !== true } },
          });
        },
      };
    }
    case 'saveRecord': {
      const [author, other] = world.ids.authors;
      if (!author || !other) throw new Error('two authors are needed');
      const write = { method: 'PUT', path: `/items/${author.id}` };
      return {
        ref: { ...where, kind: 'record', modelApiKey: 'author', id: author.id },
        target: write,
        write,
        edit: (text, tag) => editJson(text, (d) => (d['name'] = `Author ${tag}`)),
        invalidEdit: (text) => editJson(text, (d) => (d['name'] = other.attributes['name'])),
        landed: async (tag) => (await client.items.find(author.id)).attributes['name'] === `Author ${tag}`,
        colleague: async (tag) =>
          void (await client.items.update(author.id, {
            data: { type: 'item', id: author.id, attributes: { email: `${tag.toLowerCase()}@colleague.example` } },
          })),
      };
    }
  }
}

export async function save(
  world: World,
  operation: 'saveModel' | 'saveField' | 'jobPolling' | 'saveWebhook' | 'saveRecord',
  fault: FaultId,
): Promise<Observation> {
  const subject = await subjectFor(world, operation);
  const tag = `${operation}-${fault}`;
  const opened = await world.setup.service.open(subject.ref);
  // The server validates records for real (a unique name); models, fields and webhooks get an injected 422, since the
  // extension refuses a duplicate api_key itself before sending.
  const serverValidates = fault === 'validation422' && operation === 'saveRecord';
  const text = serverValidates ? subject.invalidEdit(opened.text) : subject.edit(opened.text, tag);
  if (fault === 'stale') await subject.colleague(tag);

  const log: RequestLogEntry[] = [];
  const client = world.client(log, timeoutFor(fault));
  const data = new ProjectData(client);
  const service = new DocumentService(async () => data);
  const rule = arm(world, fault, subject.target, serverValidates);
  const faultedWrite = rule !== undefined && subject.target === subject.write;
  const result = await service.save(text, { opened, basisText: opened.text });
  const attempts = countAt(world, subject.target);
  const retries = retriesIn(log);
  const landed = await subject.landed(tag);
  const writes = landed ? appliedWrites(world, subject.write, faultedWrite) : 0;
  const shown = await whatSaveShows(world, opened, result);
  const editKept = result.status === 'saved' ? landed : 'text' in result && result.text === text;
  const problems = result.status === 'saved' && !landed ? ['saved, but the server does not hold the edit'] : [];
  const observation: Observation = {
    outcome: shown.outcome,
    attempts,
    writes,
    editKept,
    retries,
    message: shown.message,
    actions: shown.actions,
    problems,
  };

  if (shown.actions.includes(RETRY)) {
    // The user clicks Retry (after signing in again when asked): the editor's text is saved again over the same baseline.
    world.emulator.faults.clear();
    const again = await service.save(text, { opened, basisText: opened.text });
    const landedNow = await subject.landed(tag);
    observation.recovery = {
      outcome: (await whatSaveShows(world, opened, again)).outcome,
      writes: landedNow ? appliedWrites(world, subject.write, faultedWrite) : 0,
    };
  }
  return observation;
}

/** What src/documents/datoDocuments.ts (save) shows for a save result. */
async function whatSaveShows(
  world: World,
  opened: OpenedDocument,
  result: SaveResult,
): Promise<{ outcome: Outcome; message: string; actions: string[] }> {
  switch (result.status) {
    case 'saved':
      return { outcome: 'succeeded', message: '', actions: [] };
    case 'unchanged':
      return { outcome: 'error', message: 'the edit was not sent: the service saw no change', actions: [] };
    case 'invalid': {
      for (const problem of result.problems) world.transcript.add('problem', problem.message);
      if (result.error) world.transcript.addError('log', result.error);
      const first = result.problems[0];
      const located = first && first.line >= 1 && first.column >= 1 ? '' : ' (not located)';
      const text = result.origin === 'server' ? t('DatoCMS rejected the change: {0}', first?.message ?? '') : (first?.message ?? '');
      return { outcome: 'invalid', message: `${text}${located}`, actions: [] };
    }
    case 'conflict': {
      const message = t(
        'The {0} was changed on DatoCMS since you opened it. Compare the versions, overwrite it with yours, or revert to the DatoCMS version.',
        describeRef(opened.ref),
      );
      world.transcript.add('notification', message);
      return { outcome: 'conflict', message, actions: CONFLICT_ACTIONS };
    }
    case 'declined':
      return { outcome: 'error', message: 'the save was not confirmed', actions: [] };
    case 'deleted':
      return { outcome: 'error', message: 'the resource was deleted in DatoCMS', actions: [] };
    case 'replaced':
      return { outcome: 'error', message: `the environment ${result.environment} was replaced`, actions: [] };
    case 'failed': {
      world.transcript.addError('error', result.error);
      const shown = await notification(world, t('Could not save the {0}', describeRef(opened.ref)), result.error, {
        signIn: true,
        retry: true,
      });
      return { outcome: 'error', ...shown };
    }
  }
}
