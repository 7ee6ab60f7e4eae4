// "New Record…": which model (from the tree's model or Records item, or picked from the palette), then
// what to open: a singleton model's existing record, else a new record of the model (a tree model's parent
// chosen first). Nothing is sent here: the record is created when the user first saves it. No vscode import.
import { newDraftRef, type RecordRef } from '../domain/paths';
import { Model } from '../domain/views';
import { pickModelTarget, type ModelTarget, type PickerDeps } from '../projects/pickers';
import { titleOf, titleReader } from '../domain/titles';

/** How many records a tree model's parent pick lists. */
const PARENT_CHOICES = 100;

/** The document to open for a new record of the target (or picked) model; undefined when the user dismissed a pick. */
export async function newRecordRef(deps: PickerDeps, target?: ModelTarget): Promise<RecordRef | undefined> {
  const { ui, t } = deps;
  const chosen =
    target ??
    (await pickModelTarget(
      deps,
      { project: t('New record in which project?'), model: t('New record of which model?') },
      { blocks: false },
    ));
  if (!chosen) return undefined;
  const where = { project: chosen.projectKey, environment: chosen.environment };
  const data = await deps.registry.data(chosen.projectKey, chosen.environment);
  // the model as DatoCMS has it now: a singleton's record may have been created since the tree loaded
  data.invalidate();
  const model = await data.itemType(chosen.itemType.id);
  const apiKey = Model.apiKey(model);
  if (Model.isBlock(model)) {
    void ui.info(t("Blocks are created inside a record: add one to a record's block field."));
    return undefined;
  }
  if (Model.isSingleton(model)) {
    const existing = Model.singletonRecordId(model);
    if (existing) {
      void ui.info(t('{0} is a single-instance model and already has its record: it is opened instead.', Model.name(model)));
      // named by its title, as when it is opened from the tree
      const title = await data.client.items
        .find(existing)
        .then((record) => titleOf(data, record, model))
        .catch(() => existing);
      return { ...where, kind: 'record', modelApiKey: apiKey, id: existing, ...(title !== existing ? { title } : {}) };
    }
  }
  let parentId: string | null = null;
  if (Model.isTree(model)) {
    const page = await data.client.items.list({ filter: { type: model.id }, page: { offset: 0, limit: PARENT_CHOICES } });
    const title = (await titleReader(data, model)) ?? (() => undefined);
    const none = { label: t('No parent (a root record)'), value: null as string | null };
    const records = page.data
      .map((r) => ({
        label: title(r) ?? r.id,
        description: r.id,
        value: r.id,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const picked = await ui.pick([none, ...records], {
      title: t('Parent of the new {0} record', apiKey),
      placeholder: t('Choose its parent, or none'),
    });
    if (picked === undefined) return undefined;
    parentId = picked;
  }
  return newDraftRef(where, apiKey, parentId, t('New record'));
}
