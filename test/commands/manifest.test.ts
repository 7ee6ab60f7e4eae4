// The manifest and the sources agree: every declared command is registered, every registered command
// is declared, menus name declared commands, and %key% placeholders resolve in package.nls.json.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const contributes = pkg.contributes as {
  commands: { command: string; title: string; category?: string; icon?: string }[];
  menus: Record<string, { command: string; when?: string }[]>;
  views: Record<string, { id: string }[]>;
  viewsContainers: { activitybar: { id: string; icon: string }[] };
  viewsWelcome: { view: string; contents: string }[];
  configuration: { properties: Record<string, { description?: string; markdownDescription?: string; scope?: string }> };
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Command ids registered in src: registerCommand('id'), the core's command('id', …) wrapper, and `{ command: 'id', title: … }` tables. */
function registeredCommands(): Set<string> {
  const ids = new Set<string>();
  const patterns = [/registerCommand\(\s*'(datocms\.[\w.]+)'/g, /\bcommand\(\s*'(datocms\.[\w.]+)'/g, /\b\w+:\s*\{\s*command:\s*'(datocms\.[\w.]+)',\s*title:/g];
  for (const file of sources(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    // Tree items and status bar entries name commands too; only definitions count.
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) ids.add(match[1]!);
  }
  return ids;
}

describe('manifest', () => {
  const declared = new Set(contributes.commands.map((c) => c.command));

  test('every declared command is registered in the sources, and the other way round', () => {
    const registered = registeredCommands();
    assert.deepEqual([...declared].filter((id) => !registered.has(id)), [], 'declared but never registered');
    assert.deepEqual([...registered].filter((id) => !declared.has(id)), [], 'registered but not declared');
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
        if (menu.startsWith('view/')) assert.match(entry.when ?? '', /view == datocms\.explorer/, `${menu} ${entry.command}`);
      }
    }
    const viewIds = Object.values(contributes.views).flat().map((v) => v.id);
    for (const welcome of contributes.viewsWelcome) assert.ok(viewIds.includes(welcome.view));
    for (const match of contributes.viewsWelcome.flatMap((w) => [...w.contents.matchAll(/\(command:(datocms\.[\w.]+)\)/g)])) assert.ok(declared.has(match[1]!));
    assert.ok(existsSync(join(root, contributes.viewsContainers.activitybar[0]!.icon)), 'activity bar icon exists');
  });

  test('node-only commands are hidden from the command palette', () => {
    const hidden = new Set(contributes.menus['commandPalette']!.filter((e) => e.when === 'false').map((e) => e.command));
    for (const id of ['datocms.loadMore', 'datocms.retry', 'datocms.refreshNode', 'datocms.records.filter', 'datocms.copyId']) assert.ok(hidden.has(id), id);
    for (const id of ['datocms.signIn', 'datocms.refresh']) assert.ok(!hidden.has(id), id);
  });

  test('settings are described and the token cannot be redirected by a workspace', () => {
    for (const [key, setting] of Object.entries(contributes.configuration.properties)) assert.ok(setting.description ?? setting.markdownDescription, key);
    assert.equal(contributes.configuration.properties['datocms.baseUrl']?.scope, 'application');
    assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, ['datocms.baseUrl']);
    assert.equal(pkg.engines.vscode, '^1.100.0');
  });

  test('every %key% placeholder resolves', () => {
    const placeholders = [...JSON.stringify(pkg).matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!);
    const nlsPath = join(root, 'package.nls.json');
    const nls = existsSync(nlsPath) ? (JSON.parse(readFileSync(nlsPath, 'utf8')) as Record<string, string>) : {};
    assert.deepEqual(placeholders.filter((key) => !(key in nls)), []);
  });
});
