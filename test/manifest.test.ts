// The manifest and the sources agree: every declared command is registered, every registered command
// is declared, menus name declared commands, and %key% placeholders resolve in package.nls.json.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Setting {
  description?: string;
  markdownDescription?: string;
  scope?: string;
}

const root = join(__dirname, '..');
const rawManifest = readFileSync(join(root, 'package.json'), 'utf8');
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** The manifest as VS Code shows it: every "%key%" replaced by its package.nls.json text. */
const pkg = JSON.parse(rawManifest, (_key, value: unknown) =>
  typeof value === 'string' && /^%[^%]+%$/.test(value) ? (nls[value.slice(1, -1)] ?? value) : value,
);
const contributes = pkg.contributes as {
  commands: { command: string; title: string; category?: string; icon?: string }[];
  menus: Record<string, { command: string; when?: string }[]>;
  views: Record<string, { id: string }[]>;
  viewsContainers: { activitybar: { id: string; icon: string }[] };
  viewsWelcome: { view: string; contents: string }[];
  keybindings: { command: string; key: string; when?: string }[];
  walkthroughs: {
    id: string;
    title: string;
    steps: {
      id: string;
      title: string;
      description: string;
      media: { image?: string; markdown?: string; altText?: string };
      completionEvents?: string[];
    }[];
  }[];
  configuration: { id: string; title: string; properties: Record<string, Setting> }[];
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The ids of the command table (src/commands.ts), the one place commands are declared in the sources. */
function tableCommands(): string[] {
  const text = readFileSync(join(root, 'src/commands.ts'), 'utf8');
  const table = text.slice(text.indexOf('Rows => ({'), text.indexOf('function commandTable('));
  return [...table.matchAll(/^\s+'(datocms\.[\w.]+)':/gm)].map((match) => match[1]!);
}

describe('manifest', () => {
  const declared = new Set(contributes.commands.map((c) => c.command));

  test('the command table and package.json declare the same commands, once each', () => {
    const table = tableCommands();
    assert.ok(table.length > 60, 'the table is read');
    assert.equal(new Set(table).size, table.length, 'a command is in the table twice');
    const registered = new Set(table);
    assert.deepEqual(
      [...declared].filter((id) => !registered.has(id)),
      [],
      'declared but never registered',
    );
    assert.deepEqual(
      [...registered].filter((id) => !declared.has(id)),
      [],
      'registered but not declared',
    );
  });

  test('commands are registered in one place only (activation registers the ids package.json declares, each running its row)', () => {
    const elsewhere = sources(join(root, 'src'))
      .filter((file) => !file.endsWith(join('src', 'extension.ts')))
      .filter((file) => /registerCommand\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length + 1));
    assert.deepEqual(elsewhere, []);
  });

  test('commands have the DatoCMS category and an icon', () => {
    for (const c of contributes.commands) {
      assert.equal(c.category, 'DatoCMS', c.command);
      assert.match(c.icon ?? '', /^\$\([a-z-]+\)$/, c.command);
    }
  });

  test('menus refer to declared commands and tree menus to the DatoCMS view', () => {
    for (const [menu, entries] of Object.entries(contributes.menus)) {
      for (const entry of entries) {
        assert.ok(declared.has(entry.command), `${menu} names undeclared ${entry.command}`);
        if (menu.startsWith('view/'))
          assert.match(entry.when ?? '', /view == datocms\.(explorer|history|schemaComparison)\b/, `${menu} ${entry.command}`);
      }
    }
    const viewIds = Object.values(contributes.views)
      .flat()
      .map((v) => v.id);
    for (const welcome of contributes.viewsWelcome) assert.ok(viewIds.includes(welcome.view));
    for (const match of contributes.viewsWelcome.flatMap((w) => [...w.contents.matchAll(/\(command:(datocms\.[\w.]+)\)/g)]))
      assert.ok(declared.has(match[1]!));
    assert.ok(existsSync(join(root, contributes.viewsContainers.activitybar[0]!.icon)), 'activity bar icon exists');
  });

  test('every action is in the command palette, except those that need a tree item', () => {
    const palette = contributes.menus['commandPalette']!;
    const hidden = new Set(palette.filter((e) => e.when === 'false').map((e) => e.command));
    // these act on one tree item (a page to load, a failed branch, a version, a schema change, an environment to
    // show); searching and switching have their own palette commands; with a block model's document open the palette
    // offers Delete Model…
    assert.deepEqual([...hidden].sort(), [
      'datocms.deleteBlockModel',
      'datocms.env.switch',
      'datocms.history.loadMore',
      'datocms.history.openVersion',
      'datocms.history.refresh',
      'datocms.loadMore',
      'datocms.media.loadMore',
      'datocms.records.search',
      'datocms.refreshNode',
      'datocms.retry',
      'datocms.schemaComparison.openChange',
    ]);
    const whenOf = (id: string) => palette.find((e) => e.command === id)?.when;
    for (const id of [
      'datocms.openRecordById',
      'datocms.openFromUrl',
      'datocms.searchRecords',
      'datocms.exportRecords',
      'datocms.switchEnvironment',
      'datocms.records.filter',
      'datocms.records.orderBy',
      'datocms.records.clearQuery',
    ])
      assert.equal(whenOf(id), 'datocms.signedIn', id);
    for (const id of ['datocms.copyId', 'datocms.openInDatoCMS', 'datocms.revealInTree'])
      assert.match(whenOf(id) ?? '', /resourceScheme == datocms/, id);
    for (const id of ['datocms.signIn', 'datocms.showLog']) assert.equal(whenOf(id), undefined, id);
  });

  test('keybindings name declared commands; Compare with DatoCMS Version only in a DatoCMS JSON editor', () => {
    for (const binding of contributes.keybindings) assert.ok(declared.has(binding.command), binding.command);
    const compare = contributes.keybindings.find((b) => b.command === 'datocms.documents.compareWithRemote');
    assert.match(compare?.when ?? '', /resourceLangId == datocms-json/);
    assert.ok(contributes.keybindings.some((b) => b.command === 'datocms.openRecordById'));
  });

  test('the walkthrough explains the token, links real commands and packaged media', () => {
    const [walkthrough] = contributes.walkthroughs;
    assert.equal(walkthrough?.id, 'datocms.gettingStarted');
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['signIn', 'browse', 'editSave', 'query', 'schema', 'media', 'graphql'],
    );
    assert.match(walkthrough.steps[0]!.description, /Project settings → API tokens/);
    assert.match(walkthrough.steps[0]!.description, /\(command:datocms\.signIn\)/);
    assert.match(walkthrough.steps[2]!.description, /Ctrl\+S/);
    assert.match(walkthrough.steps[2]!.description, /Compare/);
    const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8');
    for (const step of walkthrough.steps) {
      for (const match of step.description.matchAll(/\(command:(datocms\.[\w.]+)\)/g))
        assert.ok(declared.has(match[1]!), `${step.id}: ${match[1]}`);
      const media = step.media.image ?? step.media.markdown;
      assert.ok(media && existsSync(join(root, media)), `${step.id}: ${media}`);
      if (step.media.image) assert.ok(step.media.altText, `${step.id} has alt text`);
      assert.ok(
        ignore.split('\n').some((line) => line.startsWith('!') && matchesGlob(media, line.slice(1))),
        `${media} is packaged`,
      );
    }
    const welcome = contributes.viewsWelcome.map((w) => w.contents).join('\n');
    assert.match(welcome, /Project settings → API tokens/);
    assert.match(welcome, /secret storage/);
    assert.ok(
      welcome.includes(encodeURIComponent(`"${pkg.publisher}.${pkg.name}#${walkthrough.id}"`)),
      'the welcome view opens the walkthrough',
    );
  });

  test('the marketplace page: repository links, fitting categories, a banner, a link handler', () => {
    for (const url of [pkg.repository.url, pkg.bugs.url, pkg.homepage]) assert.match(url, /^https:\/\/github\.com\/[\w-]+\/[\w-]+/);
    // the Marketplace's own categories; "Other" would hide the extension from every category page
    const marketplace = [
      'AI',
      'Azure',
      'Chat',
      'Data Science',
      'Debuggers',
      'Education',
      'Formatters',
      'Linters',
      'Machine Learning',
      'Notebooks',
      'Programming Languages',
      'SCM Providers',
      'Snippets',
      'Testing',
      'Visualization',
    ];
    assert.deepEqual(
      pkg.categories.filter((c: string) => !marketplace.includes(c)),
      [],
    );
    assert.ok(pkg.keywords.length >= 5 && pkg.keywords.length <= 30 && pkg.keywords.includes('datocms'));
    assert.match(pkg.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(pkg.activationEvents.includes('onUri'));
    assert.ok(!/--allow-missing-repository/.test(pkg.scripts.package));
  });

  test('titles spell the product as it spells itself: DatoCMS, GraphQL, Content Delivery API, api_key', () => {
    const misspelled = /\bDatocms\b|\bDatoCms\b|\bDato CMS\b|\bGraphql\b|\bGraphQl\b|\bAPI Keys?\b|\bApi Keys?\b|\bCDA\b|\bCMA\b/;
    assert.deepEqual(
      Object.entries(nls).filter(([, text]) => misspelled.test(text.replace(/\]\([^)]*\)|`[^`]*`/g, ''))),
      [],
    );
    // VS Code titles a setting from its key, without the leading segments its category id shares with it: "Page Size",
    // "Diagnostics", never "Datocms: Page Size"
    for (const category of contributes.configuration) {
      assert.match(category.title, /^DatoCMS\b/);
      const segments = category.id.split('.');
      for (const key of Object.keys(category.properties)) {
        const prefix = key.slice(0, key.lastIndexOf('.'));
        assert.ok(
          segments.some((_, i) => segments.slice(0, i + 1).join('.') === prefix),
          `${key} would be titled with the prefix "${prefix}" (its category id is ${category.id})`,
        );
      }
    }
  });

  test('settings are described and the token cannot be redirected by a workspace', () => {
    const settings = Object.assign({}, ...contributes.configuration.map((category) => category.properties)) as Record<string, Setting>;
    for (const [key, setting] of Object.entries(settings)) assert.ok(setting.description ?? setting.markdownDescription, key);
    assert.equal(settings['datocms.baseUrl']?.scope, 'application');
    assert.equal(settings['datocms.cdaUrl']?.scope, 'application');
    assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, ['datocms.baseUrl', 'datocms.cdaUrl']);
    assert.equal(pkg.engines.vscode, '^1.100.0');
  });

  test('every %key% placeholder resolves, every key is used, and user-facing manifest strings are keys', () => {
    const placeholders = [...rawManifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!);
    assert.deepEqual(
      placeholders.filter((key) => !(key in nls)),
      [],
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !placeholders.includes(key)),
      [],
      'unused keys in package.nls.json',
    );
    const raw = JSON.parse(rawManifest);
    const strings = [
      raw.displayName,
      raw.description,
      ...raw.contributes.commands.flatMap((c: { title: string; category: string }) => [c.title, c.category]),
      ...raw.contributes.viewsWelcome.map((w: { contents: string }) => w.contents),
    ];
    for (const value of strings) assert.match(value, /^%[^%]+%$/);
  });

  test('the l10n bundle holds exactly the messages the sources translate (npm run l10n rewrites it)', async () => {
    const { extractMessages, BUNDLE } = await import('./l10n-bundle.mjs');
    assert.equal(pkg.l10n, './l10n');
    const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as Record<string, string>;
    const messages = extractMessages();
    assert.deepEqual(
      Object.keys(messages).filter((m) => !(m in bundle)),
      [],
      'missing from l10n/bundle.l10n.json: run npm run l10n',
    );
    assert.deepEqual(
      Object.keys(bundle).filter((m) => !(m in messages)),
      [],
      'no longer used: run npm run l10n',
    );
    assert.ok('Open from DatoCMS URL' in bundle);
  });
});

/** The .vscodeignore globs we use: `*` within a name, `**` across folders. */
function matchesGlob(path: string, glob: string): boolean {
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${pattern}$`).test(path);
}
