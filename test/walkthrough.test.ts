// The Getting Started walkthrough as VS Code shows it: each step is ticked off by something the user does in
// it (a command the step is about, its view opened, signing in), and its description shows no Markdown
// VS Code leaves raw. VS Code renders a step description as text with links and only **bold**, __italic__
// and ``code`` (doubled backticks); a single backtick, a lone asterisk, a heading or a list stays literal.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'), (_key, value: unknown) =>
  typeof value === 'string' && /^%[^%]+%$/.test(value) ? (nls[value.slice(1, -1)] ?? value) : value,
);
interface Step {
  id: string;
  title: string;
  description: string;
  completionEvents?: string[];
}
const steps = (pkg.contributes.walkthroughs as { steps: Step[] }[]).flatMap((w) => w.steps);

/** Buttons that do not complete their step themselves, and the event they lead to. */
const BUTTON_LEADS_TO: Record<string, string> = {
  // the record opens; the step is done when it is saved (Ctrl+S)
  'datocms.openRecordById': 'onCommand:datocms.documents.save',
};

/** What VS Code would show raw in a step description (after its links are taken out). */
function literalMarkdown(description: string): string[] {
  const text = description.replace(/\[[^\]]*\]\([^)]*\)/g, '');
  const problems: string[] = [];
  // the formatting VS Code knows, by pairs: **bold**, __italic__, ``code``
  for (const mark of ['**', '__', '``']) if (text.split(mark).length % 2 === 0) problems.push(`an unclosed ${mark}`);
  const left = text.replace(/\*\*|__|``/g, '');
  if (left.includes('`')) problems.push('a single backtick (code needs ``doubled backticks``)');
  if (/(^|\s)\*(?!\s)|(?<!\s)\*(\s|$)/.test(left)) problems.push('a lone * (bold needs **pairs**)');
  for (const line of text.split('\n'))
    if (/^\s*(#{1,6}\s|[-*+]\s|>\s|\d+\.\s)/.test(line)) problems.push(`a Markdown block in "${line.slice(0, 40)}"`);
  if (/\[[^\]]*\](?!\()/.test(text) || /\]\(/.test(text)) problems.push('a bracket that is no link');
  return problems;
}

/** The context keys the extension sets (setContext in src/). */
function contextKeys(): Set<string> {
  const keys = new Set<string>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (path.endsWith('.ts'))
        for (const match of readFileSync(path, 'utf8').matchAll(/'setContext',\s*'([\w.]+)'/g)) keys.add(match[1]!);
    }
  };
  visit(join(root, 'src'));
  return keys;
}

describe('the Getting Started walkthrough', () => {
  test('every step is ticked off by what the user does in it: its commands, its view, signing in', () => {
    const commands = new Set((pkg.contributes.commands as { command: string }[]).map((c) => c.command));
    const views = new Set(
      Object.values(pkg.contributes.views as Record<string, { id: string }[]>).flatMap((list) => list.map((v) => v.id)),
    );
    const keys = contextKeys();
    // the command VS Code makes for each of the extension's view containers
    const containers = new Set(
      (pkg.contributes.viewsContainers.activitybar as { id: string }[]).map((c) => `workbench.view.extension.${c.id}`),
    );
    // Ctrl+S in a DatoCMS document runs the extension's save: saving on purpose is the step
    const keybound = new Set((pkg.contributes.keybindings as { command: string }[]).map((k) => k.command));
    assert.ok(keybound.has('datocms.documents.save'));
    const events = Object.fromEntries(steps.map((s) => [s.id, s.completionEvents ?? []]));
    // signed in; or Sign In run, for a session that signed in before VS Code registered the walkthrough (an event
    // already true then never completes a step)
    assert.deepEqual(events['signIn'], ['onContext:datocms.signedIn', 'onCommand:datocms.signIn']);
    // the view shown; or the step's button run, for a view shown before VS Code registered the walkthrough
    assert.deepEqual(events['browse'], ['onView:datocms.explorer', 'onCommand:workbench.view.extension.datocms']);
    assert.deepEqual(events['editSave'], ['onCommand:datocms.documents.save']);
    for (const step of steps) {
      assert.ok(events[step.id]!.length > 0, `${step.id} has completion events`);
      for (const event of events[step.id]!) {
        const [kind, name] = event.split(/:(.*)/s) as [string, string];
        if (kind === 'onCommand')
          assert.ok(commands.has(name) || containers.has(name), `${step.id}: ${name} is a command of the extension`);
        else if (kind === 'onView') assert.ok(views.has(name), `${step.id}: ${name} is a view of the extension`);
        else if (kind === 'onContext') assert.ok(keys.has(name), `${step.id}: the extension sets ${name}`);
        else assert.fail(`${step.id}: ${event} is not an event the extension makes happen`);
      }
      // a step's own buttons are about it: what they run completes it, or opens the way to what does
      for (const match of step.description.matchAll(/\(command:([\w.]+)\)/g)) {
        const event = BUTTON_LEADS_TO[match[1]!] ?? `onCommand:${match[1]}`;
        assert.ok(events[step.id]!.includes(event), `${step.id}: its button ${match[1]} leads to none of its completion events`);
      }
    }
  });

  test('no step shows literal Markdown: only links, **bold** and ``code``', () => {
    for (const step of steps) {
      assert.deepEqual(literalMarkdown(step.description), [], `${step.id}: ${step.description}`);
      // a title is plain text: VS Code renders no formatting in it
      assert.doesNotMatch(step.title, /[*`[\]]|__/, step.id);
    }
    assert.match(steps.find((s) => s.id === 'schema')!.description, /``datocms migrations:run``/);
    // what the check finds
    assert.deepEqual(literalMarkdown('Run `npm test` and **save**'), ['a single backtick (code needs ``doubled backticks``)']);
    assert.deepEqual(literalMarkdown('## Heading\n- item *one*').length, 3);
    assert.deepEqual(literalMarkdown('[Sign In](command:datocms.signIn) **Ctrl+S** ``code`` api_key'), []);
  });
});
