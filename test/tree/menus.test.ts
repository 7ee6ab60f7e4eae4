// The context menus of the DatoCMS view against every context value the presenter can give: each entry shows
// exactly where its command applies (kind, state, single item or selection), never on a kind it does not apply
// to, and no entry is dead. The editor title's record actions follow the record's status the same way.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOOKS } from '../../src/tree/looks';
import { allContextValues } from '../../src/tree/presenter';
import { evaluateWhen } from './whenClause';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> };
};

interface Item {
  kind: string;
  flags: Set<string>;
  multi: boolean;
}
const is = (item: Item, ...kinds: string[]) => kinds.includes(item.kind);
const has = (item: Item, ...flags: string[]) => flags.some((flag) => item.flags.has(flag));
const single = (item: Item) => !item.multi;

/**
 * Where each command applies: what its handler acts on. A multi-selection (`multi`) shows the commands that act on
 * several items (VS Code shows those that apply to every selected item).
 */
const APPLIES: Record<string, (item: Item) => boolean> = {
  'datocms.switchEnvironment': (i) => is(i, 'project') && single(i),
  'datocms.signOut': (i) => is(i, 'project') && single(i),
  'datocms.generateTypes': (i) => is(i, 'project') && single(i),
  'datocms.compareSchemas': (i) => is(i, 'project') && single(i),
  'datocms.newModel': (i) => is(i, 'project', 'models') && single(i),
  'datocms.newBlockModel': (i) => is(i, 'project', 'blockModels') && single(i),
  'datocms.newWebhook': (i) => is(i, 'project', 'webhooks') && single(i),
  'datocms.newRecord': (i) => ((is(i, 'model') && !has(i, 'block')) || is(i, 'records')) && single(i),
  'datocms.exportRecords': (i) => ((is(i, 'model') && !has(i, 'block')) || is(i, 'records')) && single(i),
  'datocms.newField': (i) => is(i, 'model', 'fields') && single(i),
  'datocms.newFieldset': (i) => is(i, 'model', 'fields') && single(i),
  'datocms.records.search': (i) => is(i, 'records') && single(i),
  'datocms.records.filter': (i) => is(i, 'records') && single(i),
  'datocms.records.orderBy': (i) => is(i, 'records') && single(i),
  'datocms.records.locale': (i) => is(i, 'records') && single(i),
  'datocms.records.version': (i) => is(i, 'records') && single(i),
  'datocms.records.clearQuery': (i) => is(i, 'records') && has(i, 'query') && single(i),
  'datocms.records.removeFilter': (i) => is(i, 'records') && has(i, 'filters') && single(i),
  'datocms.records.publish': (i) => is(i, 'record') && has(i, 'draft', 'updated'),
  'datocms.records.unpublish': (i) => is(i, 'record') && has(i, 'drafts') && has(i, 'published', 'updated'),
  'datocms.records.schedulePublish': (i) =>
    is(i, 'record') && has(i, 'drafts') && has(i, 'draft', 'updated') && !has(i, 'scheduledPublication') && single(i),
  'datocms.records.scheduleUnpublish': (i) =>
    is(i, 'record') && has(i, 'drafts') && has(i, 'published', 'updated') && !has(i, 'scheduledUnpublishing') && single(i),
  'datocms.records.unschedulePublish': (i) => is(i, 'record') && has(i, 'scheduledPublication') && single(i),
  'datocms.records.unscheduleUnpublish': (i) => is(i, 'record') && has(i, 'scheduledUnpublishing') && single(i),
  'datocms.duplicateRecord': (i) => is(i, 'record') && single(i),
  'datocms.openRecordPreview': (i) => is(i, 'record') && single(i),
  'datocms.deleteRecord': (i) => is(i, 'record') && single(i),
  'datocms.records.bulkDelete': (i) => is(i, 'record') && i.multi,
  'datocms.history.show': (i) => is(i, 'record') && single(i),
  'datocms.openInDatoCMS': (i) => is(i, 'project', 'model', 'field', 'record', 'webhook') && single(i),
  'datocms.compareWithEnvironment': (i) => is(i, 'model', 'field', 'record', 'webhook') && single(i),
  'datocms.graphql.findUsages': (i) => is(i, 'model', 'field') && single(i),
  'datocms.copyId': (i) => is(i, 'project', 'model', 'field', 'fieldset', 'record', 'webhook', 'upload') && single(i),
  'datocms.copyApiKey': (i) => is(i, 'model', 'field') && single(i),
  'datocms.moveFieldUp': (i) => is(i, 'field') && !has(i, 'first') && single(i),
  'datocms.moveFieldDown': (i) => is(i, 'field') && !has(i, 'last') && single(i),
  'datocms.deleteModel': (i) => is(i, 'model') && !has(i, 'block') && single(i),
  'datocms.deleteBlockModel': (i) => is(i, 'model') && has(i, 'block') && single(i),
  'datocms.deleteField': (i) => is(i, 'field') && single(i),
  'datocms.deleteFieldset': (i) => is(i, 'fieldset') && single(i),
  'datocms.deleteWebhook': (i) => is(i, 'webhook') && single(i),
  'datocms.env.switch': (i) => is(i, 'environment') && has(i, 'ready') && !has(i, 'active') && single(i),
  'datocms.env.fork': (i) => ((is(i, 'environment') && has(i, 'ready')) || is(i, 'environments')) && single(i),
  'datocms.env.promote': (i) => is(i, 'environment') && has(i, 'sandbox') && has(i, 'ready') && single(i),
  'datocms.env.rename': (i) => is(i, 'environment') && has(i, 'ready') && single(i),
  'datocms.env.delete': (i) => is(i, 'environment') && has(i, 'sandbox') && has(i, 'ready', 'creating') && single(i),
  'datocms.env.maintenanceOn': (i) => is(i, 'environments') && !has(i, 'maintenanceOn') && single(i),
  'datocms.env.maintenanceOff': (i) => is(i, 'environments') && !has(i, 'maintenanceOff') && single(i),
  'datocms.retry': (i) => is(i, 'error') && single(i),
  'datocms.refreshNode': (i) =>
    is(
      i,
      'project',
      'models',
      'blockModels',
      'webhooks',
      'environments',
      'model',
      'fields',
      'fieldset',
      'records',
      'media',
      'uploadCollection',
    ) && single(i),
  'datocms.media.uploadFiles': (i) => is(i, 'media', 'uploadCollection') && single(i),
  'datocms.media.search': (i) => is(i, 'media') && single(i),
  'datocms.media.filter': (i) => is(i, 'media') && single(i),
  'datocms.media.orderBy': (i) => is(i, 'media') && single(i),
  'datocms.media.clearQuery': (i) => is(i, 'media') && has(i, 'query') && single(i),
  'datocms.media.unused': (i) => is(i, 'media') && single(i),
  'datocms.media.missingAlt': (i) => is(i, 'media') && single(i),
  'datocms.media.findReferences': (i) => is(i, 'upload') && single(i),
  'datocms.media.replaceFile': (i) => is(i, 'upload') && single(i),
  'datocms.media.copyUrl': (i) => is(i, 'upload') && single(i),
  'datocms.media.delete': (i) => is(i, 'upload') && single(i),
};

const items: Item[] = allContextValues().flatMap((value) => {
  const [kind, ...flags] = value.split(' ');
  return [false, true].map((multi) => ({ kind: kind!, flags: new Set(flags), multi }));
});
const contextValue = (item: Item) => [item.kind, ...item.flags].join(' ');
const describeItem = (item: Item) => `${contextValue(item)}${item.multi ? ' (multi-selection)' : ''}`;

describe('tree menus', () => {
  const entries = pkg.contributes.menus['view/item/context']!.filter((e) => /view == datocms\.explorer\b/.test(e.when ?? ''));

  test('every context value is a kind and its own flags, each once', () => {
    const values = allContextValues();
    assert.equal(new Set(values).size, values.length);
    assert.ok(values.includes('record updated drafts scheduledPublication'));
    assert.ok(values.includes('environment sandbox ready active'));
    for (const [kind, { flagGroups }] of Object.entries(LOOKS)) {
      const flags = flagGroups.flat();
      assert.equal(new Set(flags).size, flags.length, kind);
      for (const flag of flags) assert.ok(!(flag in LOOKS), `${kind}: the flag ${flag} reads as a kind`);
    }
  });

  test('every entry shows exactly where its command applies, and nowhere else', () => {
    const problems: string[] = [];
    for (const entry of entries) {
      const applies = APPLIES[entry.command];
      if (!applies) {
        problems.push(`${entry.command} (${entry.group}): no rule says where it applies`);
        continue;
      }
      const shown = items.filter((item) =>
        evaluateWhen(entry.when!, { view: 'datocms.explorer', viewItem: contextValue(item), listMultiSelection: item.multi }),
      );
      if (shown.length === 0) problems.push(`${entry.command} (${entry.group}): dead, it shows on nothing`);
      const inline = entry.group?.startsWith('inline') === true;
      for (const item of shown)
        if (!applies(inline ? { ...item, multi: false } : item))
          problems.push(`${entry.command} (${entry.group}) shows on ${describeItem(item)}`);
      if (!inline)
        for (const item of items)
          if (applies(item) && !shown.includes(item))
            problems.push(`${entry.command} (${entry.group}) is missing on ${describeItem(item)}`);
    }
    assert.deepEqual(problems, []);
  });

  test('a multi-selection of records offers the commands that act on several, and one Delete', () => {
    const menuOf = (value: string, multi: boolean) =>
      entries
        .filter((e) => !e.group?.startsWith('inline'))
        .filter((e) => evaluateWhen(e.when!, { view: 'datocms.explorer', viewItem: value, listMultiSelection: multi }))
        .map((e) => e.command);
    assert.deepEqual(menuOf('record draft drafts', true), ['datocms.records.publish', 'datocms.records.bulkDelete']);
    assert.deepEqual(menuOf('record published drafts', true), ['datocms.records.unpublish', 'datocms.records.bulkDelete']);
    const one = menuOf('record published drafts', false);
    assert.ok(one.includes('datocms.deleteRecord') && !one.includes('datocms.records.bulkDelete'));
    assert.ok(!one.includes('datocms.records.publish'), 'no Publish on a published record');
    assert.ok(!one.includes('datocms.records.unschedulePublish'), 'no Cancel Scheduled Publication with nothing scheduled');
    assert.ok(
      !menuOf('model', false).includes('datocms.history.show') &&
        !menuOf('environment primary ready', false).includes('datocms.history.show'),
    );
  });

  test('a document offers the one Delete that names what it is (Delete Model…, Delete Field…), and a draft none', () => {
    const base = '/emulated-bistro/main';
    const expected: [string, string[]][] = [
      [`${base}/models/article.json`, ['datocms.deleteModel']],
      [`${base}/models/article/fields/title.json`, ['datocms.deleteField']],
      [`${base}/models/article/fieldsets/123.json`, ['datocms.deleteFieldset']],
      [`${base}/webhooks/42.json`, ['datocms.deleteWebhook']],
      [`${base}/records/article/abc.json`, ['datocms.deleteRecord']],
      [`${base}/uploads/u1.json`, []],
      [`${base}/models/new~k3j~block/New block model.json`, []],
      [`${base}/models/article/fields/new~x1/New field.json`, []],
    ];
    for (const menu of ['editor/title/context', 'commandPalette']) {
      const deletes = pkg.contributes.menus[menu]!.filter((e) => /^datocms\.delete/.test(e.command));
      for (const [resourcePath, commands] of expected) {
        const shown = deletes
          .filter((e) => evaluateWhen(e.when ?? 'true', { resourceScheme: 'datocms', resourcePath }))
          .map((e) => e.command);
        assert.deepEqual(shown, commands, `${menu} on ${resourcePath}`);
      }
    }
  });

  test("the editor title's record actions follow the record's status and schedule", () => {
    const titleEntries = pkg.contributes.menus['editor/title']!.filter((e) => e.command.startsWith('datocms.records.'));
    const recordPath = '/emulated-bistro/main/records/article/abc.json';
    const problems: string[] = [];
    for (const status of ['draft', 'updated', 'published', '']) {
      for (const scheduled of ['', 'publication', 'unpublishing', 'publication unpublishing']) {
        if (!status && scheduled) continue; // both keys come from the same record: unknown together
        const flags = new Set(
          [status, ...scheduled.split(' ')]
            .filter(Boolean)
            .map((f) => (f === 'publication' ? 'scheduledPublication' : f === 'unpublishing' ? 'scheduledUnpublishing' : f)),
        );
        // the editor does not know the model's draft mode: it offers what a model with drafts allows
        flags.add('drafts');
        const item: Item = { kind: status ? 'record' : 'unknown', flags, multi: false };
        for (const entry of titleEntries) {
          const shown = evaluateWhen(entry.when!, {
            resourceScheme: 'datocms',
            resourcePath: recordPath,
            isInDiffEditor: false,
            'datocms.recordStatus': status,
            'datocms.recordScheduled': scheduled,
          });
          if (shown !== APPLIES[entry.command]!(item))
            problems.push(
              `${entry.command} (${entry.group}) ${shown ? 'shows' : 'is missing'} on a ${status || 'not yet known'} record, scheduled "${scheduled}"`,
            );
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
