// The agents' GraphQL tools in a real VS Code, called as a chat calls them (vscode.lm.invokeTool): the workspace
// folder linked by datocms.config.json, the run tool answering with the emulator's data and complexity under the
// folder's options, a syntax error refused before anything is sent, and find usages listing a query of a file of
// the folder (found by the usage scan's worker thread in the bundle).
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { clearRequests, config, linkWorkspaceToEmulator, requests, waitFor } from './helpers';

const FILE = join('src', 'agentQueries.ts');
const TEXT = [
  "import { graphql } from 'gql.tada';",
  '',
  'export const AgentArticles = graphql(`',
  '  query AgentArticles {',
  '    allArticles(first: 2) {',
  '      title',
  '    }',
  '  }',
  '`);',
  '',
].join('\n');

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => String((part as { value?: unknown }).value ?? '')).join('');
}

/** The first fenced block of an answer. */
function block(answer: string, language: string): string {
  const match = new RegExp(`^(\`{3,})${language}\\n([\\s\\S]*?)\\n\\1$`, 'm').exec(answer);
  assert.ok(match, `a ${language} block in: ${answer.slice(0, 600)}`);
  return match[2]!;
}

describe('agent tools: GraphQL', () => {
  const workspace = () => config().workspace;

  before(async () => {
    await linkWorkspaceToEmulator();
    writeFileSync(join(workspace(), FILE), TEXT);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => {
    for (const file of ['datocms.config.json', FILE]) rmSync(join(workspace(), file), { force: true });
  });

  it("the run tool answers with the emulator's data and complexity, under the linked folder's options", async function () {
    this.timeout(60_000);
    const query = 'query Authors { allAuthors(first: 2, orderBy: name_ASC) { name } }';
    let answer = '';
    // the folder's link follows datocms.config.json as soon as VS Code reports the file
    await waitFor(
      async () => /from the workspace's link/.test((answer = await invoke('datocms_run_graphql', { query }))),
      20_000,
      'the answer to use the folder link',
    );
    assert.match(
      answer,
      /^DatoCMS project "Emulated Bistro" \(key emulated-bistro\), environment main \(the primary one\) — from the workspace's link\./,
    );
    assert.match(answer, /Content Delivery API, published content only, strict mode on/);
    assert.match(answer, new RegExp(`those of the workspace folder "${basename(workspace())}", linked to this project\\.`));
    assert.match(answer, /Query Authors: HTTP 200 in \d+ ms\. Complexity [\d,]+ of the maximum 10,000,000 \([\d.]+%\)\. Cache tags: \d+\./);
    const data = JSON.parse(block(answer, 'json')) as { allAuthors: { name: string }[] };
    assert.equal(data.allAuthors.length, 2);
    assert.ok(data.allAuthors[0]!.name <= data.allAuthors[1]!.name);

    await clearRequests();
    await assert.rejects(
      invoke('datocms_run_graphql', { query: '{ allAuthors { name }' }),
      /The query does not parse at line 1, column 22: Syntax Error: Expected Name, found <EOF>\./,
    );
    assert.deepEqual(
      (await requests()).filter((r) => r.path.startsWith('/cda')),
      [],
      'nothing was sent',
    );
  });

  it('find usages lists the query of a file of the linked folder that reads a field', async function () {
    this.timeout(60_000);
    const answer = await invoke('datocms_find_usages', { model: 'article', field: 'title' });
    assert.match(answer, new RegExp(`1 place\\(s\\) in the code of "${basename(workspace())}" read article\\.title`));
    assert.deepEqual(block(answer, 'text').split('\n'), ['src/agentQueries.ts:6 (query AgentArticles)']);
    const none = await invoke('datocms_find_usages', { model: 'article', environment: 'sandbox' });
    assert.match(none, /No workspace folder is linked to environment sandbox of emulated-bistro/);
  });
});
