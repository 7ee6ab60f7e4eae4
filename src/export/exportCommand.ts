// "Export Records": the save dialog, the progress notification with cancel, and one message per outcome
// (exported, with what changed meanwhile; cancelled; failed, naming the untouched file). No vscode import.
import { CancelledError } from '../cma';
import type { CmaClient } from '../cma';
import { getDisplayLocale } from '../platform/displayLocale';
import { TargetRefused } from '../platform/host';
import type { RecordQuery } from '../listing';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { exportRecords, type ExportResult } from './exportRecords';

/** Ids named in a message; the rest are counted. */
const IDS_SHOWN = 5;
/** Records between two progress messages. */
const PROGRESS_EVERY = 100;

export interface ExportTarget {
  client: CmaClient;
  modelId: string;
  /** the model's name, for titles */
  label: string;
  /** suggested file name, e.g. `article.json` */
  defaultName: string;
  query?: RecordQuery;
}

/** Asks where to save, exports with progress, and tells the outcome. Failures are thrown, naming the file. */
export async function runExportCommand(ui: Ui, t: Translate, target: ExportTarget): Promise<void> {
  // counts in VS Code's display language
  const numbers = new Intl.NumberFormat(getDisplayLocale());
  const path = await ui.saveFile({
    title: t('Export records of {0}', target.label),
    defaultName: target.defaultName,
    filters: { JSON: ['json'] },
  });
  if (!path) return;
  let result: ExportResult;
  let lastReported = 0;
  let lastPhase = 'export';
  try {
    result = await ui.withProgress({ title: t('Exporting {0}', target.label), cancellable: true }, (report, signal) =>
      exportRecords({
        client: target.client,
        modelId: target.modelId,
        query: target.query,
        path,
        signal,
        onProgress: (done, total, phase) => {
          // called for each record: tell the window every hundred, and the last count
          if (phase !== lastPhase) [lastPhase, lastReported] = [phase, 0];
          if (done - lastReported < PROGRESS_EVERY && done < total) return;
          lastReported = done;
          report.message(
            phase === 'export'
              ? t('{0} of {1} records', numbers.format(done), numbers.format(total))
              : t('Checking for changes made meanwhile: {0} of {1} records', numbers.format(done), numbers.format(total)),
          );
        },
      }),
    );
  } catch (error) {
    if (error instanceof CancelledError) {
      void ui.info(t('Export of {0} cancelled; nothing was written to {1}.', target.label, path));
      return;
    }
    // a refused target says what to do already; anything else ended midway and touched nothing
    if (error instanceof TargetRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason} ${t('{0} was not changed.', path)}`, { cause: error });
  }
  const open = t('Open File');
  const changes = describeChanges(result, t, numbers);
  const message = [t('Exported {0} records to {1}.', numbers.format(result.count), path), ...changes].join(' ');
  const choice = changes.length > 0 ? await ui.warn(message, open) : await ui.info(message, open);
  if (choice === open) await ui.openFile(path);
}

/** Sentences about the records created or deleted while exporting, or none when nothing changed. */
export function describeChanges(result: ExportResult, t: Translate, numbers: Intl.NumberFormat): string[] {
  const sentences: string[] = [];
  if (result.countAtStart !== result.countAtEnd) {
    sentences.push(
      t(
        'DatoCMS counted {0} records for this export when it started and {1} when it ended.',
        numbers.format(result.countAtStart),
        numbers.format(result.countAtEnd),
      ),
    );
  }
  const ids = (list: string[]) =>
    list.length <= IDS_SHOWN
      ? list.join(', ')
      : `${list.slice(0, IDS_SHOWN).join(', ')} ${t('and {0} more', numbers.format(list.length - IDS_SHOWN))}`;
  if (result.deleted.length > 0) {
    sentences.push(
      t(
        '{0} deleted on DatoCMS while exporting (the file has them as they were): {1}.',
        numbers.format(result.deleted.length),
        ids(result.deleted),
      ),
    );
  }
  if (result.created.length > 0) {
    sentences.push(
      t('{0} created while exporting (added at the end of the file): {1}.', numbers.format(result.created.length), ids(result.created)),
    );
  }
  if (result.stillChanging) sentences.push(t('Records were still changing when the export finished; export again for a settled copy.'));
  return sentences;
}
