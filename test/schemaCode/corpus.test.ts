// The migration corpus: for each schema difference, the generated script, run with the official client on a
// fresh fork of the target, makes that fork's schema equal to the source's (ids and server-owned
// attributes aside). Environments are forks made through the API, as a DatoCMS team makes them.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient, type Client } from '@datocms/cma-client-node';
import { require as tsxRequire } from 'tsx/cjs/api';
import { CmaClient } from '../../src/cma';
import { FIELD_TYPES } from '../../src/schema/catalog';
import { changesOf, diffSchemas } from '../../src/schemaCode/diff';
import { planMigration, removalsOf } from '../../src/schemaCode/plan';
import { migrationScript } from '../../src/schemaCode/script';
import { snapshotOf, type SchemaSnapshot } from '../../src/schemaCode/snapshot';
import type { Emulator } from '../emulator';
import { useEmulator } from '../support/emulator';
import { NODE_MODULES, runTsc } from './compileTypes';
import { CORPUS as FIRST_CASES } from './corpus';
import { NAME_CASES } from './corpusNames';
import { REPLACE_CASES } from './corpusReplace';
import { SHAPE_CASES } from './corpusShapes';

const CORPUS = [...FIRST_CASES, ...NAME_CASES, ...REPLACE_CASES, ...SHAPE_CASES];

let emu: Emulator;
let dir: string;
const official = (environment?: string): Client =>
  buildClient({ apiToken: emu.token, baseUrl: emu.url, ...(environment ? { environment } : {}) });
const snapshot = async (environment: string) =>
  snapshotOf(environment, await new CmaClient({ apiToken: emu.token, baseUrl: emu.url, environment }).site.findWithSchema());
/** field types the cases add or change, gathered from their differences */
const typesCovered = new Set<string>();

/** A file type alone means the same as a file type beside an empty list of extensions. */
function fileTypeAlone(validator: unknown): unknown {
  const { extensions, ...rest } = validator as { extensions?: unknown; predefined_list?: unknown };
  return rest.predefined_list != null && Array.isArray(extensions) && extensions.length === 0 ? rest : validator;
}

/** The schema by name only: ids replaced by the api_key (or title) of what they name, fields in order. */
function byName(schema: SchemaSnapshot, only?: SchemaSnapshot): Record<string, unknown> {
  const names = new Map<string, string>();
  for (const m of schema.models) {
    names.set(m.id, m.apiKey);
    for (const f of m.fields) names.set(f.id, `${m.apiKey}::${f.apiKey}`);
    // fieldsets sharing a title are told apart by their place among them
    const seen = new Map<string, number>();
    for (const f of m.fieldsets) {
      const title = String(f.attributes['title']);
      seen.set(title, (seen.get(title) ?? 0) + 1);
      names.set(f.id, `${m.apiKey}/${title}${seen.get(title)! > 1 ? ` #${seen.get(title)}` : ''}`);
    }
  }
  const named = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (key, v: unknown) =>
        key === 'item_types' && Array.isArray(v)
          ? v.map((id) => names.get(String(id)) ?? `unknown ${String(id)}`)
          : key === 'title_field_id'
            ? (names.get(String(v)) ?? `unknown ${String(v)}`)
            : key === 'extension'
              ? fileTypeAlone(v)
              : v,
      ),
    );
  const models = only ? schema.models.filter((m) => only.models.some((o) => o.apiKey === m.apiKey)) : schema.models;
  const within = (m: SchemaSnapshot['models'][number]) => only?.models.find((o) => o.apiKey === m.apiKey);
  return Object.fromEntries(
    models.map((m) => [
      m.apiKey,
      {
        attributes: m.attributes,
        links: Object.fromEntries(Object.entries(m.links).map(([k, id]) => [k, id === null ? null : names.get(id)])),
        fields: m.fields
          .filter((f) => !only || within(m)!.fields.some((o) => o.apiKey === f.apiKey))
          .map((f) => ({
            ...(named(f.attributes) as object),
            fieldset: f.fieldsetId === null ? null : names.get(f.fieldsetId),
          })),
        fieldsets: m.fieldsets
          .filter((f) => !only || within(m)!.fieldsets.some((o) => o.attributes['title'] === f.attributes['title']))
          .map((f) => f.attributes),
      },
    ]),
  );
}

describe('migration corpus', () => {
  useEmulator({ records: 4, jobDurationMs: 1 }, async (started) => {
    emu = started.emulator;
    dir = await mkdtemp(join(tmpdir(), 'datocms-migrations-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  // the cases wait mostly on the official client's job polling (a second and more per job): run them side by side
  describe('cases', { concurrency: CORPUS.length }, () =>
    CORPUS.forEach((corpusCase, index) => {
      test(corpusCase.name, async () => {
        const [target, source, run] = ['target', 'source', 'run'].map((role) => `${role}-${index + 1}`) as [string, string, string];
        await official().environments.fork('main', { id: target });
        if (corpusCase.prepare) await corpusCase.prepare(official(target));
        await official().environments.fork(target, { id: source });
        await corpusCase.change(official(source));

        const diff = diffSchemas(await snapshot(source), await snapshot(target));
        const changes = changesOf(diff);
        assert.ok(changes.length > 0, 'the case changes the schema');
        for (const c of changes)
          if (c.what === 'field' && c.pair.kind !== 'removed')
            typesCovered.add(String((c.pair.source as { attributes: Record<string, unknown> }).attributes['field_type']));
        const script = migrationScript(planMigration(diff, { deletes: !corpusCase.leaveOut }), {
          source,
          target,
          generatedAt: new Date(0).toISOString(),
        });
        const file = join(dir, `${index + 1}_case.ts`);
        await writeFile(file, script);

        await official().environments.fork(target, { id: run });
        const migration = tsxRequire(file, __filename) as { default: (client: Client) => Promise<void> };
        const log = console.log;
        const said: unknown[] = [];
        console.log = (...args: unknown[]) => void said.push(args.join(' '));
        try {
          await migration.default(official(run));
        } catch (error) {
          throw new Error(
            `${error instanceof Error ? error.message : String(error)}\nafter: ${said.join('\n')}\n--- script ---\n${script}`,
          );
        } finally {
          console.log = log;
        }
        const [ran, wanted] = [await snapshot(run), await snapshot(source)];
        if (corpusCase.leaveOut) {
          // the source's schema, and beside it what only the target had, under the names the confirmation gave
          assert.deepEqual(byName(ran, wanted), byName(wanted), script);
          const kept = removalsOf(diff).map((r) => r.keptAs);
          for (const model of diff.models) {
            if (model.kind === 'removed')
              assert.ok(
                ran.models.some((m) => m.apiKey === (kept.shift() ?? model.target!.apiKey)),
                script,
              );
            else
              for (const f of model.fields.filter((p) => p.kind === 'removed')) {
                const name = kept.shift() ?? f.target!.apiKey;
                assert.ok(
                  ran.models.find((m) => m.apiKey === model.source!.apiKey)?.fields.some((g) => g.apiKey === name),
                  `${name}\n${script}`,
                );
              }
          }
          return;
        }
        assert.deepEqual(byName(ran), byName(wanted), script);
        // a second comparison finds nothing left to migrate
        assert.deepEqual(
          changesOf(diffSchemas(wanted, ran)).map((c) => c.pair.key),
          [],
        );
      });
    }),
  );

  test('every generated script type-checks against the official client (tsc --strict)', async () => {
    const scripts = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
    assert.equal(scripts.length, CORPUS.length);
    const result = await runTsc(
      dir,
      {
        types: ['node'],
        typeRoots: [join(NODE_MODULES, '@types')],
        paths: { '@datocms/cli/lib/cma-client-node': [join(NODE_MODULES, '@datocms/cma-client-node')] },
      },
      scripts,
    );
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });

  test('the corpus creates or changes a field of every field type', () => {
    assert.deepEqual(
      FIELD_TYPES.filter((type) => !typesCovered.has(type)),
      [],
    );
  });
});
