// The workspace link: datocms.config.json parsed as the DatoCMS CLI writes it, its project matched by site id among
// the signed-in ones; otherwise a project and environment chosen once per folder and remembered; the menu that
// changes the environment, drafts and strict mode.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CancelledError } from '../../src/cma';
import { parseCliConfig } from '../../src/graphql/cliConfig';
import { LinkBook } from '../../src/graphql/linkBook';
import { NotSignedInError } from '../../src/platform/errors';
import { formatMessage } from '../../src/platform/translate';
import type { Project } from '../../src/projects/project';
import { ScriptedUi } from '../platform/scriptedUi';

const bistro: Project = {
  key: 'bistro',
  siteId: '84213',
  name: 'Emulated Bistro',
  baseUrl: 'x',
  internalDomain: null,
  primaryEnvironment: 'main',
};
const shop: Project = { key: 'shop', siteId: '999', name: 'Shop', baseUrl: 'x', internalDomain: null };

function setup(options: { projects?: Project[]; config?: string; state?: Map<string, unknown> } = {}) {
  const ui = new ScriptedUi();
  const state = options.state ?? new Map<string, unknown>();
  let projects = options.projects ?? [bistro, shop];
  const signIns: string[] = [];
  const book = new LinkBook({
    ui,
    t: formatMessage,
    state: { get: <T>(key: string) => state.get(key) as T | undefined, update: async (key, value) => void state.set(key, value) },
    projects: { list: () => projects, get: (key) => projects.find((p) => p.key === key) },
    readConfig: async () => (options.config === undefined ? undefined : { path: '/repo/datocms.config.json', text: options.config }),
    environments: async (key) =>
      key === 'bistro'
        ? [
            { id: 'main', primary: true },
            { id: 'sandbox', primary: false },
          ]
        : [{ id: 'production', primary: true }],
    folderName: () => 'repo',
    signIn: async () => {
      signIns.push('sign in');
      projects = [...projects, bistro];
    },
  });
  return { ui, state, book, signIns, setProjects: (list: Project[]) => (projects = list) };
}

describe('datocms.config.json', () => {
  test('profiles as the CLI writes them; a profile without siteId (token from an environment variable) names no project', () => {
    const parsed = parseCliConfig(
      JSON.stringify({
        profiles: {
          default: {
            siteId: '84213',
            organizationId: '7',
            logLevel: 'BODY',
            migrations: { directory: 'migrations', modelApiKey: 'schema_migration' },
          },
          staging: { apiTokenEnvName: 'DATOCMS_STAGING_TOKEN' },
        },
      }),
    );
    assert.deepEqual(parsed, {
      ok: true,
      profiles: [{ name: 'default', siteId: '84213', migrationsDirectory: 'migrations' }, { name: 'staging' }],
    });
  });

  test('what the CLI refuses is refused, saying what is wrong', () => {
    assert.match((parseCliConfig('{') as { message: string }).message, /^it is not valid JSON/);
    assert.deepEqual(parseCliConfig('{"profile": {}}'), { ok: false, message: 'it has no "profiles" object' });
    assert.deepEqual(parseCliConfig('{"profiles": {"default": {"siteId": 84213}}}'), {
      ok: false,
      message: 'profile "default": "siteId" must be a string',
    });
    assert.deepEqual(parseCliConfig('{"profiles": {"default": {"migrations": {"directory": 1}}}}'), {
      ok: false,
      message: 'profile "default": "migrations.directory" must be a string',
    });
  });
});

describe('the link of a folder', () => {
  test('from datocms.config.json: its project (by site id), the primary environment, published, strict — nothing asked', async () => {
    const { ui, book } = setup({ config: JSON.stringify({ profiles: { default: { siteId: '84213' } } }) });
    await book.reload(['file:///repo']);
    assert.deepEqual(book.linkOf('file:///repo'), {
      folder: 'file:///repo',
      project: 'bistro',
      environment: 'main',
      drafts: false,
      strict: true,
      source: { kind: 'config', path: '/repo/datocms.config.json', profile: 'default' },
    });
    assert.deepEqual(await book.ensure('file:///repo'), book.linkOf('file:///repo'));
    assert.deepEqual(ui.transcript, []);
  });

  test('several linked profiles: the profile is asked once and remembered', async () => {
    const { ui, book } = setup({ config: JSON.stringify({ profiles: { default: { siteId: '84213' }, shop: { siteId: '999' } } }) });
    await book.reload(['f']);
    assert.equal(book.linkOf('f'), undefined);
    ui.picks.push((labels) => {
      assert.deepEqual(labels, ['default', 'shop']);
      return 'shop';
    });
    assert.equal((await book.ensure('f')).project, 'shop');
    assert.equal((await book.ensure('f')).project, 'shop');
    assert.deepEqual(ui.transcript, ['pick: Which profile of datocms.config.json does the code in repo use?']);
  });

  test('its project is not signed in: Sign In, then the link holds', async () => {
    const { ui, book, signIns } = setup({ projects: [shop], config: JSON.stringify({ profiles: { default: { siteId: '84213' } } }) });
    ui.answers.push((message, actions) => {
      assert.equal(
        message,
        'datocms.config.json links repo to the DatoCMS project with ID 84213 (profile "default"), which is not signed in.',
      );
      assert.deepEqual(actions, ['Sign In', 'Choose a Project']);
      return 'Sign In';
    });
    assert.equal((await book.ensure('f')).project, 'bistro');
    assert.deepEqual(signIns, ['sign in']);
  });

  test('an unreadable datocms.config.json is named, and another project can be chosen', async () => {
    const { ui, book } = setup({ config: '{ nope' });
    ui.answers.push((message) => {
      assert.match(message, /^\/repo\/datocms\.config\.json cannot be read: it is not valid JSON/);
      return 'Choose a Project';
    });
    ui.picks.push(() => 'Shop');
    assert.deepEqual(
      { ...(await book.ensure('f')), source: undefined },
      { folder: 'f', project: 'shop', environment: 'production', drafts: false, strict: true, source: undefined },
    );
  });

  test('no config: the project and environment are chosen once, remembered per folder', async () => {
    const { ui, state, book } = setup();
    ui.picks.push((labels, title) => {
      assert.equal(title, 'Which DatoCMS project does the code in repo read?');
      assert.deepEqual(labels, ['Emulated Bistro', 'Shop']);
      return 'Emulated Bistro';
    });
    ui.picks.push((labels, title) => {
      assert.equal(title, 'Which environment of Emulated Bistro does the code read?');
      assert.deepEqual(labels, ['main', 'sandbox']);
      return 'sandbox';
    });
    const link = await book.ensure('file:///a');
    assert.deepEqual([link.project, link.environment, link.source.kind], ['bistro', 'sandbox', 'chosen']);
    assert.deepEqual(state.get('datocms.graphql.links'), { 'file:///a': { project: 'bistro', environment: 'sandbox' } });
    // another folder of the workspace is its own
    await book.reload(['file:///b']);
    assert.equal(book.linkOf('file:///b'), undefined);
    // the same choices in the next session (a new book over the same workspace state): nothing asked
    const next = setup({ state });
    assert.equal((await next.book.ensure('file:///a')).environment, 'sandbox');
    assert.deepEqual(next.ui.transcript, []);
  });

  test('dismissing a question cancels; with no project signed in, sign in first', async () => {
    const { ui, book, setProjects } = setup();
    ui.picks.push(() => undefined);
    await assert.rejects(book.ensure('f'), CancelledError);
    setProjects([]);
    await assert.rejects(book.ensure('f'), NotSignedInError);
  });

  test('the menu switches drafts and strict mode, changes the environment, and forgets; listeners hear each change', async () => {
    const { ui, book } = setup({ config: JSON.stringify({ profiles: { default: { siteId: '84213' } } }) });
    await book.reload(['f']);
    const heard: string[] = [];
    book.onDidChange(({ link }) => heard.push(link ? `${link.environment} drafts=${link.drafts} strict=${link.strict}` : 'none'));
    ui.picks.push((labels) => {
      assert.deepEqual(labels, [
        '$(database) Project: Emulated Bistro',
        '$(server-environment) Environment: main',
        '$(eye) Drafts: published content only',
        '$(filter) Strict mode: on (X-Exclude-Invalid)',
        "$(discard) Forget this folder's choices",
      ]);
      return labels[2];
    });
    await book.change('f');
    ui.picks.push((labels) => labels[3]);
    await book.change('f');
    ui.picks.push((labels) => labels[1]);
    ui.picks.push(() => 'sandbox');
    await book.change('f');
    ui.picks.push((labels) => labels[4]);
    await book.change('f');
    assert.deepEqual(heard, [
      'main drafts=true strict=true',
      'main drafts=true strict=false',
      'sandbox drafts=true strict=false',
      'main drafts=false strict=true',
    ]);
    // the project of a config link is the config's
    ui.picks.push((labels) => labels[0]);
    await book.change('f');
    assert.equal(ui.transcript.at(-1), 'info: The project of repo comes from datocms.config.json (profile "default"): change it there.');
  });
});
