// The agent tools package.json declares and the tools the code has are the same, both ways, with the same inputs;
// the code registers exactly the declared names, in one place; and the declared caps are the ones the code applies.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LIMITS } from '../../src/agentTools/limits';
import { TOOLS } from '../../src/agentTools/tools';

const root = join(__dirname, '..', '..');
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
interface Schema {
  type?: string;
  properties?: Record<string, Schema & { maximum?: number; maxItems?: number; maxLength?: number; enum?: string[] }>;
  required?: string[];
  additionalProperties?: boolean;
}
interface DeclaredTool {
  name: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  inputSchema: Schema;
}
const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { languageModelTools: DeclaredTool[] } })
  .contributes.languageModelTools;
const byName = new Map(declared.map((tool) => [tool.name, tool]));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('agent tools in package.json and in the code', () => {
  test('the same tools, once each, both ways', () => {
    assert.equal(byName.size, declared.length, 'a tool is declared twice');
    assert.deepEqual([...byName.keys()].sort(), Object.keys(TOOLS).sort());
  });

  test('each declares the inputs the code reads, and no other', () => {
    for (const [name, row] of Object.entries(TOOLS)) {
      const schema = byName.get(name)!.inputSchema;
      assert.equal(schema.type, 'object', name);
      assert.equal(schema.additionalProperties, false, `${name} refuses unknown keys, as the code does`);
      assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), [...row.keys].sort(), name);
    }
    assert.deepEqual(byName.get('datocms_find_records')!.inputSchema.required, ['model']);
    assert.deepEqual(byName.get('datocms_propose_edit')!.inputSchema.required, ['changes']);
    assert.deepEqual(byName.get('datocms_propose_new')!.inputSchema.required, ['kind']);
    assert.deepEqual(byName.get('datocms_run_graphql')!.inputSchema.required, ['query']);
    assert.deepEqual(byName.get('datocms_find_usages')!.inputSchema.required, ['model']);
  });

  test('the caps the manifest states are the ones applied', () => {
    assert.equal(byName.get('datocms_get_schema')!.inputSchema.properties!['limit']!.maximum, LIMITS.models.max);
    assert.equal(byName.get('datocms_find_records')!.inputSchema.properties!['limit']!.maximum, LIMITS.records.max);
    assert.equal(byName.get('datocms_find_records')!.inputSchema.properties!['filters']!.maxItems, LIMITS.filters);
    assert.equal(byName.get('datocms_find_records')!.inputSchema.properties!['text']!.maxLength, LIMITS.searchChars);
    assert.match(
      byName.get('datocms_get_schema')!.modelDescription,
      /at most 50 models per call \(default 20\) and about 40,000 characters/,
    );
    assert.match(byName.get('datocms_find_records')!.modelDescription, /at most 100 rows per call \(default 20\)/);
    assert.match(byName.get('datocms_get_document')!.modelDescription, /Pages of about 40,000 characters/);
    const run = byName.get('datocms_run_graphql')!;
    assert.equal(run.inputSchema.properties!['query']!.maxLength, LIMITS.queryChars);
    assert.equal(LIMITS.graphqlDataChars, 40_000);
    assert.match(run.modelDescription, /cut at about 40,000 characters/);
    assert.equal(LIMITS.variablesChars, 20_000);
    assert.match(run.modelDescription, /Variables are a JSON object of at most 20,000 characters/);
    assert.deepEqual([LIMITS.markdownChars, LIMITS.markdownCallChars], [50_000, 100_000]);
    assert.match(byName.get('datocms_propose_edit')!.modelDescription, /at most 50,000 characters each, 100,000 per call/);
    assert.deepEqual(byName.get('datocms_get_document')!.inputSchema.properties!['structuredText']!.enum, ['dast', 'markdown']);
    assert.equal(LIMITS.usages, 100);
    assert.match(byName.get('datocms_find_usages')!.modelDescription, /at most 100, with the count of the rest/);
  });

  test('names VS Code accepts, user-facing texts translated, referenceable in prompts', () => {
    for (const tool of declared) {
      assert.match(tool.name, /^datocms_[a-z_]+$/);
      for (const key of [tool.displayName, tool.userDescription]) {
        const match = /^%(.+)%$/.exec(key);
        assert.ok(match && nls[match[1]!], `${tool.name}: ${key} is a package.nls.json key`);
      }
      assert.ok(tool.modelDescription.length > 200, `${tool.name} tells the model precisely what it does`);
      assert.ok(tool.canBeReferencedInPrompt && /^datocms[A-Z]\w+$/.test(tool.toolReferenceName ?? ''), tool.name);
    }
  });

  test('the tools are registered in one place, under the names package.json declares', () => {
    const registering = sources(join(root, 'src'))
      .filter((file) => /registerTool\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length + 1));
    assert.deepEqual(registering, ['src/context.ts']);
    const context = readFileSync(join(root, 'src/context.ts'), 'utf8');
    assert.match(
      context,
      /for \(const \{ name \} of manifest\.contributes\?\.languageModelTools \?\? \[\]\)\s+this\.own\(\s+vscode\.lm\.registerTool\(name,/,
    );
  });
});
