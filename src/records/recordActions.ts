// Publishing one record: publish / unpublish (the whole record or some locales), schedule either at a future
// date and time in the project's timezone, and cancel a schedule. No vscode import: the editors, the tree and
// the window come in through RecordHost (src/records/publishing.ts is the VS Code side).
import { ApiError, type ApiErrorEntry } from '../cma';
import { type PublishSelection } from '../cma';
import type { Resource } from '../cma';
import type { DocumentRef } from '../domain/paths';
import { Field, Model, Site } from '../domain/views';
import type { ProjectData } from '../projects/projectData';
import { localesOf } from '../domain/resources';
import { errorMessage } from '../platform/errors';
import type { Translate } from '../platform/translate';
import type { Ui } from '../platform/ui';
import { datesIn, formatInZone, isoInZone, readZonedDateTime } from '../platform/dates';

export type RecordRef = Extract<DocumentRef, { kind: 'record' }>;

/** A record an action runs on, and how to name it to the user. */
export interface RecordTarget {
  ref: RecordRef;
  title: string;
}

export interface RecordHost {
  ui: Ui;
  t: Translate;
  data(ref: RecordRef): Promise<ProjectData>;
  /** whether an editor of the record holds unsaved changes */
  isDirty(ref: RecordRef): boolean;
  /** saves the record's editor through the normal save; false when nothing was saved */
  save(ref: RecordRef): Promise<boolean>;
  /** opens the record and shows DatoCMS's errors where they point; returns how many were placed */
  showServerProblems(ref: RecordRef, errors: ApiErrorEntry[]): Promise<number>;
  /** DatoCMS has the record in a new state: the tree, the badges and clean editors follow */
  changed(ref: RecordRef, record: Resource<'item'>): void;
  /** the records are gone from DatoCMS: the tree drops them, their editors are handled like a deletion */
  removed(refs: RecordRef[]): void;
  /** a line for the output channel */
  log(message: string): void;
}

type Schedule = 'publication' | 'unpublishing';

export class RecordPublishing {
  constructor(private readonly host: RecordHost) {}

  /** Asks with one action (and `safe`, the choice that changes nothing); whether the user chose the action. */
  private async agrees(message: string, detail: string, action: string, safe?: string): Promise<boolean> {
    const choice = await this.host.ui.confirm({ message, detail, actions: [action], safe });
    return choice === action;
  }

  async publish(target: RecordTarget): Promise<void> {
    const { ui, t } = this.host;
    const { ref, title } = target;
    if (this.host.isDirty(ref)) {
      const message = t('"{0}" has unsaved changes.', title);
      const detail = t('Publishing publishes what DatoCMS has, not what your editor shows. Save your changes first, then publish them.');
      if (!(await this.agrees(message, detail, t('Save and Publish')))) return;
      if (!(await this.host.save(ref)) || this.host.isDirty(ref)) {
        void ui.warn(t('"{0}" was not saved, so it was not published.', title));
        return;
      }
    }
    const data = await this.host.data(ref);
    const asked = await this.askLocales(data, ref, { title: t('Publish "{0}": which locales?', title) }, true);
    if (asked === null) return;
    const { selection } = asked;
    const publish = (recursive: boolean) => data.client.publishing.items.publish(ref.id, selection, recursive ? { recursive } : {});
    let record: Resource<'item'>;
    try {
      record = await publish(false);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      if (error.findError('UNPUBLISHED_PARENT')) {
        const message = t('The parent of "{0}" is not published.', title);
        const detail = t('A record of a tree is published only with its parents. Publish its unpublished parents too?');
        if (!(await this.agrees(message, detail, t('Publish Both')))) return;
        record = await publish(true);
      } else {
        const placed = await this.host.showServerProblems(ref, error.errors);
        void ui.error(
          placed > 0
            ? t('"{0}" was not published: DatoCMS found {1} problem(s), shown in the document.', title, placed)
            : t('"{0}" was not published: {1}', title, errorMessage(error)),
        );
        return;
      }
    }
    this.host.changed(ref, record);
    void ui.info(selection ? t('Published {1} of "{0}".', title, selection.locales.join(', ')) : t('Published "{0}".', title));
  }

  async unpublish(target: RecordTarget): Promise<void> {
    const { ui, t } = this.host;
    const { ref, title } = target;
    const data = await this.host.data(ref);
    if (!(await this.hasDraftMode(data, target))) return;
    // Choosing the locales is the decision (Escape keeps it published): it is not asked again.
    const asked = await this.askLocales(
      data,
      ref,
      {
        title: t('Unpublish "{0}" ({1} in {2}): which locales?', title, ref.modelApiKey, ref.environment),
        placeholder: t('All chosen: the whole record. Its draft stays; Escape keeps it published.'),
      },
      false,
    );
    if (asked === null) return;
    const { selection } = asked;
    const message = t('Unpublish "{0}" ({1} in {2})?', title, ref.modelApiKey, ref.environment);
    const detail = t('It is taken off the published content until it is published again. Its draft stays as it is.');
    if (!asked.picked && !(await this.agrees(message, detail, t('Unpublish'), t('Keep Published')))) return;
    const send = (recursive: boolean) => data.client.publishing.items.unpublish(ref.id, selection?.locales, recursive ? { recursive } : {});
    let record: Resource<'item'>;
    try {
      record = await send(false);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.findError('PUBLISHED_CHILDREN')) throw error;
      const message = t('"{0}" has published children.', title);
      const detail = t('A record of a tree is unpublished only with its children. Unpublish its published children too?');
      if (!(await this.agrees(message, detail, t('Unpublish All'), t('Keep Published')))) return;
      record = await send(true);
    }
    this.host.changed(ref, record);
    void ui.info(selection ? t('Unpublished {1} of "{0}".', title, selection.locales.join(', ')) : t('Unpublished "{0}".', title));
  }

  /** Asks for a future date and time in the project's timezone and schedules the publication (or unpublishing). */
  async schedule(target: RecordTarget, what: Schedule): Promise<void> {
    const { ui, t } = this.host;
    const { ref, title } = target;
    const data = await this.host.data(ref);
    if (!(await this.hasDraftMode(data, target))) return;
    const site = await data.site();
    const timeZone = Site.timezone(site) ?? 'UTC';
    const now = Date.now();
    const text = await ui.input({
      title: what === 'publication' ? t('Schedule the publication of "{0}"', title) : t('Schedule the unpublishing of "{0}"', title),
      prompt: t("Date and time in the project's timezone, {0} (YYYY-MM-DD HH:MM)", timeZone),
      value: formatInZone(now + 24 * 3600_000, timeZone).slice(0, 11) + '09:00',
      validate: (value) => {
        const reading = readZonedDateTime(value, timeZone);
        if (reading === undefined) return t('Write a date and time as YYYY-MM-DD HH:MM (in {0})', timeZone);
        if (reading.kind === 'skipped')
          return t('{0} does not exist in {1}: the clocks go forward then. Choose another time.', value.trim(), timeZone);
        return reading.ms <= Date.now()
          ? t('Choose a time in the future (it is now {0} in {1})', formatInZone(Date.now(), timeZone), timeZone)
          : undefined;
      },
    });
    if (text === undefined) return;
    const reading = readZonedDateTime(text, timeZone);
    if (reading === undefined || reading.kind === 'skipped') return;
    const iso = isoInZone(reading.ms, timeZone);
    const dates = datesIn(timeZone);
    if (reading.kind === 'twice') {
      // the clocks go back that night: say which of the two the schedule takes, and how to pick the other
      const message = t('{0} happens twice in {1}: the clocks go back then.', text.trim(), timeZone);
      const detail = t(
        'The schedule takes the first ({0}). For the second, write {1}.',
        dates.exact(iso),
        isoInZone(reading.later, timeZone),
      );
      if (!(await this.agrees(message, detail, t('Schedule the First')))) return;
    }
    const answered =
      what === 'publication'
        ? await data.client.publishing.scheduledPublication.create(ref.id, iso)
        : await data.client.publishing.scheduledUnpublishing.create(ref.id, iso);
    this.host.changed(ref, answered ?? (await data.client.items.find(ref.id)));
    void ui.info(
      what === 'publication'
        ? t('"{0}" will be published on {1}.', title, dates.exact(iso))
        : t('"{0}" will be unpublished on {1}.', title, dates.exact(iso)),
    );
  }

  async cancelSchedule(target: RecordTarget, what: Schedule): Promise<void> {
    const { ui, t } = this.host;
    const { ref, title } = target;
    const data = await this.host.data(ref);
    let record: Resource<'item'>;
    try {
      record =
        what === 'publication'
          ? await data.client.publishing.scheduledPublication.destroy(ref.id)
          : await data.client.publishing.scheduledUnpublishing.destroy(ref.id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || error.environmentMissing) throw error;
      void ui.info(
        what === 'publication' ? t('"{0}" has no scheduled publication.', title) : t('"{0}" has no scheduled unpublishing.', title),
      );
      this.host.changed(ref, await data.client.items.find(ref.id));
      return;
    }
    this.host.changed(ref, record);
    void ui.info(
      what === 'publication'
        ? t('The scheduled publication of "{0}" was cancelled.', title)
        : t('The scheduled unpublishing of "{0}" was cancelled.', title),
    );
  }

  /**
   * A model without draft mode publishes its records at every save: they cannot be unpublished nor scheduled
   * (DatoCMS refuses). Says so, and sends nothing.
   */
  private async hasDraftMode(data: ProjectData, target: RecordTarget): Promise<boolean> {
    const model = await data.itemType(target.ref.modelApiKey);
    if (Model.hasDraftMode(model)) return true;
    void this.host.ui.info(
      this.host.t(
        '"{0}" is always published: its model {1} has no draft mode, so its records cannot be unpublished or scheduled.',
        target.title,
        Model.givenName(model) ?? target.ref.modelApiKey,
      ),
    );
    return false;
  }

  /**
   * Where the record has content in several locales: which of them (and, when publishing, whether the
   * non-localized fields) to include. `selection` undefined = the whole record; `picked`: whether the user chose
   * (in a pick); null = dismissed.
   */
  private async askLocales(
    data: ProjectData,
    ref: RecordRef,
    question: { title: string; placeholder?: string },
    publishing: boolean,
  ): Promise<{ selection: PublishSelection | undefined; picked: boolean } | null> {
    const { t } = this.host;
    const whole = { selection: undefined, picked: false };
    const itemType = await data.itemType(ref.modelApiKey);
    const [fields, site] = await Promise.all([data.fields(itemType.id), data.site()]);
    const localized = fields.filter((f) => Field.isLocalized(f));
    if (localized.length === 0 || localesOf(site).length < 2) return whole;
    // Only the record's own locales can be chosen: publishing, those of its current version; unpublishing,
    // those published (DatoCMS refuses any other).
    const own = await recordLocales(data, ref.id, localized, publishing ? 'current' : 'published');
    const locales = localesOf(site).filter((l) => own.has(l));
    if (locales.length < 2) return whole;
    const NON_LOCALIZED = '';
    const withNonLocalized = publishing && fields.some((f) => !Field.isLocalized(f));
    // kept open while the user looks elsewhere; typing filters the locale codes, not their shared description
    const picked = await this.host.ui.pickMany(
      [
        ...locales.map((locale) => ({ label: locale, description: t('localized content'), value: locale, picked: true })),
        ...(withNonLocalized ? [{ label: t('Non-localized fields'), value: NON_LOCALIZED, picked: true }] : []),
      ],
      {
        title: question.title,
        placeholder: question.placeholder ?? t('All chosen: the whole record'),
        ignoreFocusOut: true,
        matchOnDescription: false,
      },
    );
    if (picked === undefined) return null;
    const chosenLocales = locales.filter((l) => picked.includes(l));
    const nonLocalizedContent = picked.includes(NON_LOCALIZED);
    if (chosenLocales.length === 0) {
      void this.host.ui.info(t('Nothing chosen: nothing was sent.'));
      return null;
    }
    if (chosenLocales.length === locales.length && (nonLocalizedContent || !withNonLocalized))
      return { selection: undefined, picked: true };
    return { selection: { locales: chosenLocales, nonLocalizedContent }, picked: true };
  }
}

/**
 * The locales a version of a record has: those its localized values carry (all its localized fields share
 * one locale set). A record never published has no published locales.
 */
async function recordLocales(
  data: ProjectData,
  id: string,
  localized: Resource<'field'>[],
  version: 'current' | 'published',
): Promise<Set<string>> {
  let record: Resource<'item'>;
  try {
    record = await data.client.items.find(id, { version });
  } catch (error) {
    if (version === 'published' && error instanceof ApiError && error.status === 404 && !error.environmentMissing) return new Set();
    throw error;
  }
  const locales = new Set<string>();
  for (const field of localized) {
    const value = record.attributes[Field.apiKey(field)];
    if (value && typeof value === 'object' && !Array.isArray(value)) for (const locale of Object.keys(value)) locales.add(locale);
  }
  return locales;
}
