// Hover on an id: what it names. A record (its title, model, status and when it changed), a model, a field, a
// fieldset (its title, its model and its fields) or an upload (file name, size, dimensions, a preview).
import vscode = require('vscode');
import type { Resource } from '../cma';
import { Field, Fieldset, Model, Site } from '../domain/views';
import { datesIn } from '../platform/dates';
import { fieldById, rangeOf, type Editor, type Located } from './located';
import { code, markdownText, recordMarkdown } from './markdown';
import { nameLinkedRecord, type RecordName } from './names';
import { referenceAt } from './references';
import { describeUpload, uploadMarkdown } from './uploads';

const t = vscode.l10n.t;

export async function hoverAt(editor: Editor, document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
  const located = editor.locate(document);
  const reference = located && referenceAt(located.parsed.json, document.offsetAt(position), located.context);
  if (!located || !reference || reference.id === '') return undefined;
  const { ref, context } = located;
  const id = code(reference.id);
  const markdown = new vscode.MarkdownString();
  switch (reference.kind) {
    case 'record': {
      const names = await editor.namesFor(ref.project, ref.environment);
      let name: RecordName | undefined;
      try {
        name = await nameLinkedRecord(names, located.parsed.json, reference, context);
      } catch {
        markdown.appendMarkdown(t('Record {0} (its name could not be loaded from DatoCMS)', id));
        break;
      }
      // when it changed, in the project's time zone
      const site = name && (await (await editor.sources.data(ref.project, ref.environment)).site().catch(() => undefined));
      markdown.appendMarkdown(
        name ? recordMarkdown(name, t, datesIn(site && Site.timezone(site))) : t('No record {0} in this environment', id),
      );
      break;
    }
    case 'model': {
      const model = context.ctx.itemTypes.find((m) => m.id === reference.id);
      if (!model) markdown.appendMarkdown(t('No model {0} in this environment', id));
      else {
        const name = markdownText(Model.givenName(model) ?? '');
        const apiKey = code(Model.apiKey(model));
        markdown.appendMarkdown(
          Model.isBlock(model) ? t('**{0}** · block model {1}', name, apiKey) : t('**{0}** · model {1}', name, apiKey),
        );
      }
      break;
    }
    case 'field': {
      const found = fieldById(context.ctx, reference.id);
      if (!found) markdown.appendMarkdown(t('No field {0} in this environment', id));
      else {
        const field = found.field;
        markdown.appendMarkdown(
          t(
            '**{0}** · field {1} ({2}) of {3}',
            markdownText(Field.givenLabel(field) ?? ''),
            code(Field.apiKey(field)),
            Field.type(field),
            code(Model.apiKey(found.model)),
          ),
        );
      }
      break;
    }
    case 'fieldset':
      markdown.appendMarkdown(await fieldsetMarkdown(editor, located, reference.id));
      break;
    case 'upload': {
      const uploads = await editor.uploadsFor(ref.project, ref.environment);
      try {
        const upload = await describeUpload(uploads, located.parsed.json, reference, context);
        markdown.appendMarkdown(upload ? uploadMarkdown(upload) : t('No upload {0} in this environment', id));
      } catch {
        markdown.appendMarkdown(t('Upload {0} (its details could not be loaded from DatoCMS)', id));
      }
      break;
    }
  }
  return new vscode.Hover(markdown, rangeOf(document, reference.node));
}

/** A fieldset's hover: its title, its model and its fields. */
async function fieldsetMarkdown(editor: Editor, located: Located, fieldsetId: string): Promise<string> {
  const { ref, context } = located;
  const model = context.ctx.itemTypes.find((m) => m.id === context.modelId);
  const data = await editor.sources.data(ref.project, ref.environment);
  const fieldsets = model ? await data.fieldsets(model.id) : [];
  const fieldset = fieldsets.find((f) => f.id === fieldsetId);
  if (!model || !fieldset) return t('No fieldset {0} in this model', code(fieldsetId));
  const fields = (await data.fields(model.id)).filter((f) => fieldsetIdOf(f) === fieldset.id);
  const title = t('**{0}** · fieldset of {1}', markdownText(Fieldset.givenTitle(fieldset) ?? ''), code(Model.apiKey(model)));
  if (fields.length === 0) return title;
  return `${title}\n\n${fields.length === 1 ? t('1 field: {0}', fieldList(fields)) : t('{0} fields: {1}', fields.length, fieldList(fields))}`;
}

function fieldsetIdOf(field: { relationships?: Record<string, { data?: unknown } | undefined> }): string | undefined {
  const data = field.relationships?.['fieldset']?.data;
  return data && typeof data === 'object' && 'id' in data && typeof data.id === 'string' ? data.id : undefined;
}

function fieldList(fields: Resource<'field'>[]): string {
  const shown = fields.slice(0, 8).map((f) => markdownText(Field.label(f)));
  return fields.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ');
}
