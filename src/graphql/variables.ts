// The variables a Run sends. From `<file>.variables.json` beside the document when it has an entry for the operation
// (`{ "<OperationName>": { …variables } }`, for variables kept with the code), else asked for as JSON, the
// box holding what was given last time for that operation (remembered per workspace) or a template of the
// operation's variables with their defaults. No vscode import.
import { parseValue, valueFromASTUntyped } from 'graphql';
import { CancelledError } from '../cma';
import type { Translate } from '../platform/translate';
import type { KeyValueStore } from '../projects/projectStore';
import type { GraphqlDeps } from './deps';
import { variablesOf, type Operation } from './operations';

const STATE_KEY = 'datocms.graphql.variables';
/** Remembered operations at most (the oldest are forgotten). */
const REMEMBERED = 200;

const variablesFileOf = (documentPath: string) => `${documentPath}.variables.json`;

/** The variables for a run of `operation` in the document; CancelledError when the box is dismissed. */
export async function variablesFor(
  deps: Pick<GraphqlDeps, 'ui' | 't' | 'state' | 'readText'>,
  document: { uri: string; path: string | undefined },
  operation: Pick<Operation, 'name' | 'node'>,
): Promise<Record<string, unknown>> {
  const { ui, t } = deps;
  const declared = variablesOf(operation.node);
  if (declared.length === 0) return {};
  const name = operation.name ?? t('the anonymous operation');
  if (document.path !== undefined && operation.name !== undefined) {
    const file = variablesFileOf(document.path);
    const text = await deps.readText(file);
    if (text !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new Error(t('{0} is not valid JSON: {1}', file, error instanceof Error ? error.message : String(error)));
      }
      const entry = isObject(parsed) ? parsed[operation.name] : undefined;
      if (entry !== undefined) {
        if (!isObject(entry)) throw new Error(t('{0}: "{1}" must be an object of variables.', file, operation.name));
        return entry;
      }
    }
  }
  const key = `${document.uri}#${operation.name ?? ''}`;
  const remembered = all(deps.state)[key];
  const template = Object.fromEntries(
    declared.map((v) => [v.name, v.defaultValue !== undefined ? literal(v.defaultValue) : placeholder(v.type)]),
  );
  const answer = await ui.input({
    title: t('Variables of {0}', name),
    prompt: t(
      'JSON for {0}. Keep them in {1} to skip this question.',
      declared.map((v) => `$${v.name}: ${v.type}`).join(', '),
      document.path ? variablesFileOf(basename(document.path)) : '<file>.variables.json',
    ),
    value: remembered ?? JSON.stringify(template),
    validate: (text) => check(text, declared, t),
  });
  if (answer === undefined) throw new CancelledError('No variables were given.');
  const { [key]: _previous, ...others } = all(deps.state);
  const kept = Object.entries(others).slice(-(REMEMBERED - 1));
  await deps.state.update(STATE_KEY, Object.fromEntries([...kept, [key, answer]]));
  return JSON.parse(answer) as Record<string, unknown>;
}

function check(text: string, declared: ReturnType<typeof variablesOf>, t: Translate): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return t('Not JSON: {0}', error instanceof Error ? error.message : String(error));
  }
  if (!isObject(value)) return t('Give an object: {"name": value, …}');
  const missing = declared.filter((v) => v.required && value[v.name] == null).map((v) => `$${v.name}`);
  if (missing.length) return t('Required: {0}', missing.join(', '));
  const unknown = Object.keys(value).filter((name) => !declared.some((v) => v.name === name));
  if (unknown.length) return t('The operation declares no {0}', unknown.map((n) => `$${n}`).join(', '));
  return undefined;
}

/** A GraphQL default value as JSON. */
function literal(text: string): unknown {
  try {
    return valueFromASTUntyped(parseValue(text));
  } catch {
    return null;
  }
}

/** A value of the right shape for a variable without default, for the user to replace. */
function placeholder(type: string): unknown {
  if (type.startsWith('[')) return [];
  const named = type.replace(/!$/, '');
  if (['Int', 'IntType', 'Float', 'FloatType'].includes(named)) return 0;
  if (['Boolean', 'BooleanType'].includes(named)) return false;
  if (['String', 'ItemId', 'UploadId', 'ID', 'Date', 'DateTime'].includes(named)) return '';
  return null;
}

function all(state: KeyValueStore): Record<string, string> {
  const stored = state.get<unknown>(STATE_KEY);
  return isObject(stored) ? (stored as Record<string, string>) : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function basename(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
