// Shared helpers for the schema tests: edit a rendered document the way a user would, then plan.
import assert from 'node:assert/strict';
import type { Resource } from '../../src/cma/types';
import { planUpdate, renderDocument, type DocumentKind, type Problem, type SchemaContext, type UpdatePlan } from '../../src/schema';

export type Doc = Record<string, any>;

export function edited(kind: DocumentKind, resource: Resource, ctx: SchemaContext, mutate: (doc: Doc) => void): string {
  const doc = JSON.parse(renderDocument(kind, resource, ctx)) as Doc;
  mutate(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function plan(kind: DocumentKind, resource: Resource, ctx: SchemaContext, mutate: (doc: Doc) => void): UpdatePlan {
  return planUpdate(kind, resource, edited(kind, resource, ctx, mutate), ctx);
}

export function problemsOf(result: UpdatePlan): Problem[] {
  assert.equal(result.ok, false, `expected problems, got a plan: ${JSON.stringify(result)}`);
  return result.ok ? [] : result.problems;
}

export function bodyOf(result: UpdatePlan) {
  assert.equal(result.ok, true, `expected a plan, got problems: ${result.ok ? '' : result.problems.map((p) => p.message).join('; ')}`);
  assert.ok(result.ok && result.body, 'expected an update body, got "nothing changed"');
  return result.ok && result.body ? result.body.data : { type: '', id: '' };
}

/** The problem at `pathText`, asserting it exists and is located where that path is in `text`. */
export function problemAt(problems: Problem[], pathText: string, includes?: string | RegExp): Problem {
  const found = problems.find(
    (p) =>
      p.pathText === pathText &&
      (includes === undefined || (typeof includes === 'string' ? p.message.includes(includes) : includes.test(p.message))),
  );
  assert.ok(
    found,
    `no problem at ${pathText}${includes ? ` matching ${String(includes)}` : ''}; got:\n${problems.map((p) => p.message).join('\n')}`,
  );
  assert.ok(found.message.startsWith(`${pathText}: `), `message should start with its path: ${found.message}`);
  assert.ok(found.line >= 1 && found.column >= 1);
  return found;
}

/** Line/column of `offset` in `text`, 1-based, computed independently of the code under test. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

/** The problem at `pathText` of the plan of `resource` edited by `mutate` (which must be refused). */
export function refusedAt(
  kind: DocumentKind,
  resource: Resource,
  ctx: SchemaContext,
  pathText: string,
  includes: string | RegExp | undefined,
  mutate: (doc: Doc) => void,
): Problem {
  return problemAt(problemsOf(plan(kind, resource, ctx, mutate)), pathText, includes);
}
