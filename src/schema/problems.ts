// Turning what is wrong into located Problems: "<path>: <what is wrong> (<what is expected>)".
import type * as z from 'zod';
import { boundMessage, describeType, elideKey, getOwn, nodeAt, pathToText, type ParsedText, type Path, type Problem } from './json';
import type { AllowedValue, ProblemCode, ProblemCoding } from './problemCodes';
import { readAllowedKeys, SHORT_LIST } from './zodHelpers';

/** Something wrong at a path of the document value, not yet located in the text. */
export type Finding = {
  path: Path;
  message: string;
  /** point at the key of the property rather than at its value (unknown keys) */
  atKey?: boolean;
} & ProblemCoding;

export function locate(parsed: ParsedText, finding: Finding): Problem {
  const pathText = pathToText(finding.path);
  const { node, exact, keyNode } = nodeAt(parsed.root, finding.path);
  let offset = 0;
  let length = 1;
  if (node && exact) {
    const target = finding.atKey && keyNode ? keyNode : node;
    offset = target.offset;
    length = target.length;
  } else if (node) {
    // a missing key: point at the key of the parent object when it has one, else at its opening brace
    const parent = nodeAt(parsed.root, finding.path.slice(0, -1));
    const target = parent.exact && parent.keyNode ? parent.keyNode : node;
    offset = target.offset;
    length = parent.exact && parent.keyNode ? target.length : 1;
  }
  const { path, message, atKey: _atKey, ...coding } = finding;
  return {
    ...coding,
    path,
    pathText,
    message: `${pathText}: ${boundMessage(message)}`,
    offset,
    length,
    ...parsed.locator.position(offset),
  };
}

function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (typeof segment === 'string') current = getOwn(current, segment);
    else return undefined;
  }
  return current;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
  record: 'an object',
  undefined: 'nothing',
  literal: 'a fixed value',
};

function listValues(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

const allowedValues = (values: readonly unknown[]): AllowedValue[] =>
  values.filter((v): v is AllowedValue => v === null || ['string', 'number', 'boolean'].includes(typeof v));

/** The code a schema gave its own issue (`params: {problem, data}`), else `fallback`. */
function codingOf(issue: z.core.$ZodIssue, fallback: ProblemCode): ProblemCoding {
  const params = issue.code === 'custom' ? (issue.params as { problem?: ProblemCode; data?: unknown } | undefined) : undefined;
  return (params?.problem ? { code: params.problem, data: params.data } : { code: fallback }) as ProblemCoding;
}

/** The words for an unknown key's allowed keys: all of them when they are few. */
function allowedText(keys: readonly string[], note: string | undefined): string {
  const list =
    keys.length <= SHORT_LIST ? keys.join(', ') : `${keys.slice(0, SHORT_LIST).join(', ')}, … (${keys.length - SHORT_LIST} more)`;
  return ` (allowed: ${list}${note ? ` (${note})` : ''})`;
}

/** zod issues → findings with readable messages; `value` is the document value the issues are about. */
// eslint-disable-next-line max-lines-per-function -- one switch over zod's issue codes, a short message each
export function findingsFromIssues(issues: readonly z.core.$ZodIssue[], value: unknown, prefix: Path = []): Finding[] {
  const out: Finding[] = [];
  for (const issue of issues) {
    const path: Path = [...prefix, ...(issue.path as Path)];
    const actual = valueAt(value, path);
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = readAllowedKeys(issue.message);
        for (const key of issue.keys) {
          out.push({
            path: [...path, key],
            message: `unknown key "${elideKey(key)}"${allowed ? allowedText(allowed.keys, allowed.note) : ''}`,
            atKey: true,
            code: 'unknown-key',
            data: { key, allowed: allowed?.keys ?? [] },
          });
        }
        break;
      }
      case 'invalid_type': {
        const expected = issue.message.startsWith('expected ') ? issue.message : `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
        out.push(
          actual === undefined
            ? { path, message: `is missing (${expected})`, code: 'missing-value', data: {} }
            : { path, message: `${expected}, got ${describeType(actual)}`, code: 'wrong-type', data: { expected: issue.expected } },
        );
        break;
      }
      case 'invalid_value': {
        const allowed = issue.values.length <= 20 ? ` (allowed: ${listValues(issue.values)})` : '';
        const values = allowedValues(issue.values);
        out.push(
          actual === undefined
            ? {
                path,
                message: `is missing${allowed ? ` (choose one of: ${listValues(issue.values)})` : ''}`,
                code: 'missing-value',
                data: { allowed: values },
              }
            : { path, message: `${describeType(actual)} is not allowed${allowed}`, code: 'value-not-allowed', data: { allowed: values } },
        );
        break;
      }
      case 'too_small':
      case 'too_big': {
        if (!issue.message.startsWith('Too ')) {
          out.push({ path, message: issue.message, code: 'out-of-range' });
          break;
        }
        const bound = issue.code === 'too_small' ? (issue.minimum as number) : (issue.maximum as number);
        const which = issue.code === 'too_small' ? 'at least' : 'at most';
        const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
        const measure = issue.origin === 'string' || issue.origin === 'array' ? 'must have' : 'must be';
        out.push({ path, message: `${measure} ${which} ${String(bound)}${unit}`, code: 'out-of-range' });
        break;
      }
      case 'invalid_union': {
        // report the alternative that got furthest (deepest issue path, then fewest issues)
        const branches = issue.errors.filter((b) => b.length > 0);
        if (branches.length === 0 || issue.message !== 'Invalid input') {
          out.push({
            path,
            message: issue.message.startsWith('expected ') ? `${issue.message}, got ${describeType(actual)}` : issue.message,
            code: 'wrong-type',
            data: {},
          });
          break;
        }
        const score = (b: readonly z.core.$ZodIssue[]) => Math.max(...b.map((i) => i.path.length)) * 1000 - b.length;
        const best = branches.reduce((a, b) => (score(b) > score(a) ? b : a));
        out.push(...findingsFromIssues(best, value, path));
        break;
      }
      case 'invalid_key':
        out.push(
          ...findingsFromIssues(issue.issues, value, path).map((f) => ({
            ...f,
            message: `key ${f.message.replace(/^is not allowed/, 'is not allowed')}`,
            atKey: true,
          })),
        );
        break;
      case 'invalid_element':
        out.push(...findingsFromIssues(issue.issues, value, path));
        break;
      default: {
        const message =
          issue.message.startsWith('expected ') && actual !== undefined ? `${issue.message}, got ${describeType(actual)}` : issue.message;
        out.push({ path, message, ...codingOf(issue, 'invalid-value') });
      }
    }
  }
  return out;
}
