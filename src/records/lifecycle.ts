// Delete and Duplicate on a record: what the command acts on (a tree item, else the focused record document), the
// action, and the tree refreshed around it.
import { openDocument } from '../platform/uris';
import { modelTargetOfNode, type PickerDeps } from '../projects/pickers';
import { actionDeps } from '../projects/actionHost';
import type { Services } from '../services';
import { sectionAbove, subjectOf, type Subject } from '../tree/commands';
import { deleteRecord, type RecordTarget } from './deleteRecord';
import { duplicateRecord } from './duplicateRecord';
import { newRecordRef } from './newRecord';

export async function remove(deps: Services, arg?: unknown): Promise<void> {
  const subject = await subjectOf(deps, arg);
  const target = subject && (await recordTarget(deps, subject));
  if (target && (await deleteRecord(actionDeps(deps), target))) await refreshAround(deps, subject);
}

export async function duplicate(deps: Services, arg?: unknown): Promise<void> {
  const subject = await subjectOf(deps, arg);
  const target = subject && (await recordTarget(deps, subject));
  if (target && (await duplicateRecord(actionDeps(deps), target)) !== undefined) await refreshAround(deps, subject);
}

/** The branch of the tree that lists the record reloads: its Records item, or where the tree shows its model's records. */
function refreshAround(deps: Services, subject: Subject): Promise<void> {
  const section = sectionAbove(subject.node);
  if (section) return deps.tree.refresh(section);
  return subject.ref ? deps.tree.documentChanged(subject.ref) : deps.tree.refresh();
}

async function recordTarget(deps: Services, subject: Subject): Promise<RecordTarget | undefined> {
  const { node, ref } = subject;
  if (node?.kind === 'record')
    return { project: node.projectKey, environment: node.environment, record: node.record, model: node.model.itemType };
  if (ref?.kind !== 'record') {
    void deps.ui.info(deps.t('This acts on a record: run it on a record of the DatoCMS view, or with a record open.'));
    return undefined;
  }
  const data = await deps.registry.data(ref.project, ref.environment);
  const [record, model] = await Promise.all([data.client.items.find(ref.id), data.itemType(ref.modelApiKey)]);
  return { project: ref.project, environment: ref.environment, record, model };
}

/** "New Record…" on a model or its Records item, or from the palette: opens the new record's draft. */
export async function newRecord(deps: PickerDeps, node?: unknown): Promise<void> {
  const ref = await newRecordRef(deps, modelTargetOfNode(node));
  if (ref) await openDocument(ref);
}
