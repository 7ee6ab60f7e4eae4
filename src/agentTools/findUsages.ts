// find_usages: the places in the workspace's code whose GraphQL reads a model or a field, found by the workbench's
// usage scan (off the extension host's thread) in the folders linked to the project's environment, as
// `file:line (operation)` rows, capped. Not linked: says so, and how to link a folder. No vscode import.
import { Field, Model } from '../domain/views';
import { API_KEY } from './inputs';
import { LIMITS } from './limits';
import { fenced, quoted, ToolRefusal, ToolText } from './output';
import { describePlace, PLACE_KEYS } from './place';
import { graphqlOf } from './runGraphql';
import { notFound } from './targets';
import type { ToolCall } from './toolKit';

export const FIND_USAGES_KEYS = [...PLACE_KEYS, 'model', 'field'] as const;

export async function findUsages(call: ToolCall): Promise<string> {
  const { input, t } = call;
  const modelKey = input.required(
    'model',
    input.id('model', API_KEY, t("a model's api_key")),
    t('the api_key of the model (or block model) whose reads to find'),
  );
  const fieldKey = input.id('field', API_KEY, t("a field's api_key"));
  const graphql = graphqlOf(call.deps, call.tool);
  const place = await call.place();
  const data = await call.data(place);
  const itemType = await data.itemType(modelKey).catch((error: unknown) => Promise.reject(notFound(error, place, t)));
  const model = Model.apiKey(itemType);
  if (fieldKey !== undefined) {
    const fields = await data.fields(itemType.id);
    if (!fields.some((f) => Field.apiKey(f) === fieldKey))
      throw new ToolRefusal(
        t(
          'The model {0} has no field {1}; its fields are {2}.',
          model,
          quoted(fieldKey),
          fields.map((f) => Field.apiKey(f)).join(', ') || t('(none)'),
        ),
      );
  }
  const label = fieldKey === undefined ? model : `${model}.${fieldKey}`;
  const found = await graphql.usagesOf({
    project: place.project,
    environment: place.environment,
    model,
    field: fieldKey,
  });
  const out = new ToolText().add(describePlace(place, t));
  if (found.workspaceFolders === 0)
    return out
      .add(
        t(
          "No workspace folder is open, and usages are looked for in the code of the workspace's folders: ask the user to open the site's folder.",
        ),
      )
      .toString();
  if (found.searched.length === 0) {
    out.add(
      t('No workspace folder is linked to environment {0} of {1}, so no code is known to read it.', place.environment, place.project),
    );
    if (found.linked.length)
      out.add(
        t(
          'Linked folders: {0}.',
          found.linked.map((l) => t('{0} reads {1}, environment {2}', quoted(l.folder), l.project, l.environment)).join('; '),
        ),
      );
    return out
      .add(
        t(
          "To link a folder, put the DatoCMS CLI's datocms.config.json (with the project's siteId) at its root, or ask the user to run “DatoCMS: Change the DatoCMS Link of This Folder (GraphQL)” with a file of the folder open and choose the project and environment. A folder linked to another environment is searched when environment names it.",
        ),
      )
      .toString();
  }
  const folders = found.searched.map((name) => quoted(name)).join(', ');
  if (found.skipped > 0)
    out.add(t('{0} file(s) were not searched: larger than 2 MB, or outside their folder through a symbolic link.', found.skipped));
  if (found.usages.length === 0)
    return out.add(t('No GraphQL in the code of {0} (the folders linked to this environment) reads {1}.', folders, label)).toString();
  const shown = found.usages.slice(0, LIMITS.usages);
  out.add(
    t(
      '{0} place(s) in the code of {1} read {2}: each line is file:line (the operation or fragment that reads it), the file relative to its folder.',
      found.usages.length,
      folders,
      label,
    ),
  );
  out.add(fenced(shown.map((u) => `${u.file}:${u.line} (${u.unit})`).join('\n'), 'text'));
  if (found.usages.length > shown.length)
    out.add(t('The first {0} are listed; {1} more are not.', shown.length, found.usages.length - shown.length));
  return out.toString();
}
