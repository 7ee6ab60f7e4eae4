// Turning what is wrong into located Problems: "<path>: <what is wrong> (<what is expected>)".
import type * as z from 'zod';
import { boundMessage, describeType, elideKey, getOwn, nodeAt, pathToText, type ParsedText, type Path, type Problem } from './json';

/** Something wrong at a path of the document value, not yet located in the text. */
export interface Finding {
  path: Path;
  message: string;
  /** point at the key of the property rather than at its value (unknown keys) */
  atKey?: boolean;
}

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
  return {
    path: finding.path,
    pathText,
    message: `${pathText}: ${boundMessage(finding.message)}`,
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

/** zod issues → findings with readable messages; `value` is the document value the issues are about. */
export function findingsFromIssues(issues: readonly z.core.$ZodIssue[], value: unknown, prefix: Path = []): Finding[] {
  const out: Finding[] = [];
  for (const issue of issues) {
    const path: Path = [...prefix, ...(issue.path as Path)];
    const actual = valueAt(value, path);
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          const expected = issue.message.startsWith('allowed:') || issue.message.startsWith('see ') ? ` (${issue.message})` : '';
          out.push({ path: [...path, key], message: `unknown key "${elideKey(key)}"${expected}`, atKey: true });
        }
        break;
      case 'invalid_type': {
        const expected = issue.message.startsWith('expected ') ? issue.message : `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
        out.push({ path, message: actual === undefined ? `is missing (${expected})` : `${expected}, got ${describeType(actual)}` });
        break;
      }
      case 'invalid_value': {
        const allowed = issue.values.length <= 20 ? ` (allowed: ${listValues(issue.values)})` : '';
        out.push({
          path,
          message:
            actual === undefined
              ? `is missing${allowed ? ` (choose one of: ${listValues(issue.values)})` : ''}`
              : `${describeType(actual)} is not allowed${allowed}`,
        });
        break;
      }
      case 'too_small':
      case 'too_big': {
        if (!issue.message.startsWith('Too ')) {
          out.push({ path, message: issue.message });
          break;
        }
        const bound = issue.code === 'too_small' ? (issue.minimum as number) : (issue.maximum as number);
        const which = issue.code === 'too_small' ? 'at least' : 'at most';
        const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
        const measure = issue.origin === 'string' || issue.origin === 'array' ? 'must have' : 'must be';
        out.push({ path, message: `${measure} ${which} ${String(bound)}${unit}` });
        break;
      }
      case 'invalid_union': {
        // report the alternative that got furthest (deepest issue path, then fewest issues)
        const branches = issue.errors.filter((b) => b.length > 0);
        if (branches.length === 0 || issue.message !== 'Invalid input') {
          out.push({
            path,
            message: issue.message.startsWith('expected ') ? `${issue.message}, got ${describeType(actual)}` : issue.message,
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
        out.push({ path, message });
      }
    }
  }
  return out;
}
