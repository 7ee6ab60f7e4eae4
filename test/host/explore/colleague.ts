// The colleague: another user of the project changing, meanwhile, a value of a resource the user has open (or
// another one in reach) straight through the CMA. Each value written is remembered: the checks make sure the
// extension never puts the old one back unasked.
import type { JSONPath } from 'jsonc-parser';
import type { DocumentRef } from '../../../src/domain/paths';
import { attributesOf, describe, resourceKeyOf, resourcePath, sameRef, server, serverJob, ServerError, touchKey } from './server';
import { datocmsDocuments, note, resourceRef, type Step } from './step';

const TYPES: Partial<Record<DocumentRef['kind'], string>> = {
  record: 'item',
  model: 'item_type',
  field: 'field',
  webhook: 'webhook',
  fieldset: 'fieldset',
};
/** The values a colleague changes, by resource kind (localized ones in one locale). */
const KEYS: Partial<Record<DocumentRef['kind'], string[]>> = {
  record: ['title', 'name', 'excerpt', 'bio', 'description'],
  model: ['hint'],
  field: ['hint', 'label'],
  webhook: ['name'],
  fieldset: ['title', 'hint'],
};

export async function colleague(step: Step): Promise<void> {
  const ref = await target(step);
  if (!ref) return note(step, 'the colleague found nothing to change');
  const attributes = await attributesOf(ref).catch(() => undefined);
  if (!attributes) return note(step, `the colleague could not read ${resourcePath(ref)}`);
  const change = chooseChange(step, ref, attributes);
  if (!change) return note(step, `the colleague found no value to change in ${resourcePath(ref)}`);
  const value = `Colleague ${step.n}`;
  const [key, locale] = change.path as [string, string | undefined];
  const written = locale === undefined ? value : { ...(attributes[key] as object), [locale]: value };
  note(step, `the colleague sets ${change.path.join('.')} of ${describe(ref)} to "${value}"`);
  try {
    // models and fields are named by api_key in their documents, by id in a write
    const id =
      ref.kind === 'model' || ref.kind === 'field' ? (await server('GET', resourcePath(ref), ref.environment)).data.id : resourceKeyOf(ref);
    const collection = resourcePath(ref).split('/')[1];
    await serverJob('PUT', `/${collection}/${id}`, ref.environment, {
      data: { type: TYPES[ref.kind], id, attributes: { [key]: written } },
    });
  } catch (error) {
    return note(
      step,
      `DatoCMS refused the colleague's change: ${error instanceof ServerError ? error.message.slice(0, 160) : String(error)}`,
    );
  }
  // the newest write of a value is the one that must stay
  step.state.colleague = step.state.colleague.filter((w) => !(sameRef(w.ref, ref) && w.path.join('.') === change.path.join('.')));
  step.state.colleague.push({ ref, path: change.path, value, step: step.n });
  step.state.touched[touchKey(ref, change.path)] = step.n;
}

/** Mostly a resource the user has open; else one in reach. */
async function target(step: Step): Promise<DocumentRef | undefined> {
  const open = datocmsDocuments()
    .map((d) => resourceRef(d.uri))
    .filter((r): r is DocumentRef => r !== undefined && KEYS[r.kind] !== undefined);
  if (open.length && step.random.chance(0.7)) return step.random.pick(open);
  const rows = (await step.reach.all()).flatMap((n) => ('ref' in n && KEYS[n.ref.kind] ? [n.ref] : []));
  return step.random.pick(rows);
}

function chooseChange(step: Step, ref: DocumentRef, attributes: Record<string, unknown>): { path: JSONPath } | undefined {
  const paths: JSONPath[] = [];
  for (const key of KEYS[ref.kind] ?? []) {
    const value = attributes[key];
    if (typeof value === 'string' || (value === null && ref.kind !== 'record')) paths.push([key]);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [locale, text] of Object.entries(value)) if (typeof text === 'string' || text === null) paths.push([key, locale]);
  }
  const path = step.random.pick(paths);
  return path && { path };
}
