// The invariants checked after every step (besides the sentinel's: no uncaught error, no request storm):
// - nothing is written without an explicit save or a command the user agreed to (and nothing after a cancel);
// - no edit is lost: typed text is in its editor (or its restored backup), in DatoCMS, or was dropped on purpose;
// - no colleague change is reverted, unless the user overwrote that very value knowingly.
import * as vscode from 'vscode';
import type { DocumentRef } from '../../../src/domain/paths';
import type { JournalRequest } from '../lib/sentinel.mjs' with { 'resolution-mode': 'import' };
import { isWrite } from './journal';
import { attributesOf, describe, touchKey, valueAtPath } from './server';
import type { Breach, WriteRule } from './state';
import { resourceRef, textTabs, type Step } from './step';

/** Commands whose run is itself the user's explicit change (no question is needed to write). */
const DIRECT_WRITES = new Set([
  'datocms.records.publish',
  'datocms.records.unpublish',
  'datocms.records.unschedulePublish',
  'datocms.records.unscheduleUnpublish',
  'datocms.moveFieldUp',
  'datocms.moveFieldDown',
  'datocms.documents.save',
  'datocms.documents.overwriteRemote',
  // the copy is what the command is for: running it is the explicit act
  'datocms.duplicateRecord',
  // lifts a restriction the user set: turning it off is the explicit act (turning it on asks)
  'datocms.env.maintenanceOff',
]);
/** The schema deletes, one command per kind. */
const SCHEMA_DELETES = [
  'datocms.deleteModel',
  'datocms.deleteBlockModel',
  'datocms.deleteField',
  'datocms.deleteFieldset',
  'datocms.deleteWebhook',
];
/** Commands that, confirmed, may change or drop values others wrote (a restore, a delete). */
const REPLACING = new Set([
  'datocms.history.restore',
  'datocms.deleteRecord',
  'datocms.records.bulkDelete',
  ...SCHEMA_DELETES,
  'datocms.env.delete',
  'datocms.env.promote',
  'datocms.media.delete',
]);
/** Commands that, confirmed, drop the editor's unsaved text on purpose. */
const DISCARDING = new Set(['datocms.documents.revertToRemote', 'datocms.deleteRecord', ...SCHEMA_DELETES, 'datocms.env.delete']);
/** How late a write of the step before may still arrive (its last request answered after the step ended). */
const LATE_MS = 2000;
/** Resources that live in an environment: a write to them must go to the environment the user acted in. */
const IN_ENVIRONMENT = /^\/(items|item-types|fields|fieldsets|uploads|upload-collections)\b/;

const breach = (step: Step, invariant: string, detail: string): Breach => ({ seed: step.state.seed, step: step.n, invariant, detail });
export const describeWrite = (r: JournalRequest) =>
  `${r.method} ${r.path} [${r.environment}] ${r.status}${r.body?.data?.attributes ? ` ${JSON.stringify(r.body.data.attributes).slice(0, 160)}` : ''}`;

function allowedBy(rule: WriteRule, write: JournalRequest): boolean {
  switch (rule.kind) {
    case 'none':
      return false;
    case 'click':
      return true;
    case 'save':
      return !IN_ENVIRONMENT.test(write.path) || write.environment === rule.environment;
    case 'command':
      if (rule.cancelledAt !== undefined && write.at > rule.cancelledAt) return false;
      if (!rule.agreed && !DIRECT_WRITES.has(rule.command)) return false;
      return (
        !rule.environment ||
        !IN_ENVIRONMENT.test(write.path) ||
        write.environment === rule.environment ||
        write.environment === rule.alsoEnvironment
      );
  }
}

/** Every write of the step must be the step's (or, arriving late, the previous step's) explicit act. */
export function checkWrites(step: Step, requests: JournalRequest[], startedAt: number): Breach[] {
  const writes = requests.filter(isWrite);
  const previous = step.state.previousRule;
  const stray = writes.filter((w) => !allowedBy(step.rule, w) && !(w.at < startedAt + LATE_MS && allowedBy(previous, w)));
  if (stray.length === 0) return [];
  const why =
    step.rule.kind === 'command' && step.rule.cancelledAt !== undefined
      ? 'after the user cancelled'
      : step.rule.kind === 'command' && !step.rule.agreed
        ? `without a question answered (if ${step.rule.command} is itself the explicit act, list it in DIRECT_WRITES)`
        : step.rule.kind === 'save'
          ? `outside the saved document's environment (${step.rule.environment})`
          : 'without an explicit save or confirmation';
  return [breach(step, 'nothing written unasked', `${stray.length} write(s) ${why}: ${stray.map(describeWrite).join('; ')}`)];
}

/** Typed text stays in its editor until it is saved to DatoCMS or dropped on purpose; "saved" means DatoCMS has it. */
export async function checkEdits(step: Step): Promise<Breach[]> {
  const found: Breach[] = [];
  const keep = [];
  const agreedDiscard = step.rule.kind === 'command' && step.rule.agreed && DISCARDING.has(step.rule.command);
  for (const edit of step.state.pending) {
    const document = await editorDocument(edit.uri);
    const inEditor = document?.getText().includes(edit.marker) ?? false;
    if (inEditor && document!.isDirty) {
      keep.push(edit);
      continue;
    }
    if (!inEditor && ((step.state.dropped[edit.uri] ?? 0) >= edit.step || agreedDiscard)) continue;
    const ref = resourceRef(edit.uri)!;
    const saved = await attributesOf(ref).catch(() => 'unreadable' as const);
    if (saved === 'unreadable') {
      keep.push(edit);
      continue;
    }
    const there = saved ? valueAtPath(saved, edit.path) : undefined;
    if (typeof there === 'string' && there.includes(edit.marker)) continue; // saved
    if (saved === undefined && step.rule.kind === 'command' && step.rule.agreed) continue; // deleted on the user's word
    if ((step.state.touched[touchKey(ref, edit.path)] ?? 0) > edit.step) continue; // saved, then changed by the colleague
    const where = document === undefined ? 'no editor shows it' : inEditor ? 'its editor shows it saved' : "its editor's text lacks it";
    found.push(
      breach(
        step,
        'no edit lost',
        `"${edit.marker.trim()}" typed at ${edit.path.join('.')} of ${edit.uri} in step ${edit.step}: ${where}, ` +
          `and DatoCMS holds ${saved ? JSON.stringify(there) : 'no such resource'}`,
      ),
    );
  }
  step.state.pending = keep;
  return found;
}

/** The document open in an editor: an open one, or a restored tab's (resolving it reads its backup). */
async function editorDocument(uri: string): Promise<vscode.TextDocument | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri && !d.isClosed);
  if (open) return open;
  if (!textTabs().some((t) => t.uri.toString() === uri)) return undefined;
  return vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
}

/** The colleague's values stay, unless the user knowingly overwrote that value or confirmed a restore or delete. */
export async function checkColleague(step: Step): Promise<Breach[]> {
  const found: Breach[] = [];
  const keep = [];
  const replacing = step.rule.kind === 'command' && step.rule.agreed && REPLACING.has(step.rule.command);
  for (const write of step.state.colleague) {
    const attributes = await attributesOf(write.ref).catch(() => 'unreadable' as const);
    if (attributes === undefined || replacing) continue; // gone, or replaced on the user's word
    const now = attributes === 'unreadable' ? write.value : valueAtPath(attributes, write.path);
    if (now === write.value) {
      keep.push(write);
      continue;
    }
    // the user typed on top of the colleague's value (their editor showed it), or overwrote it knowingly
    if (typeof now === 'string' && now.startsWith(write.value)) continue;
    const uri = [...Object.entries(step.state.overwritten)].find(([u, at]) => at >= write.step && sameResource(u, write))?.[0];
    if (uri && typeof now === 'string' && /~e\d+/.test(now)) continue;
    found.push(
      breach(
        step,
        'no colleague change reverted',
        `${write.path.join('.')} of ${describe(write.ref)}, set to "${write.value}" by the colleague in step ${write.step}, is now ${JSON.stringify(now)}`,
      ),
    );
  }
  step.state.colleague = keep;
  return found;
}

function sameResource(uri: string, write: { ref: DocumentRef }): boolean {
  const ref = resourceRef(uri);
  return !!ref && describe(ref) === describe(write.ref);
}
