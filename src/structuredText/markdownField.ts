// The Markdown of a Structured Text field as the editor checks it while typing: what DAST cannot hold, what the
// field does not allow, and what DatoCMS's own validation refuses, each located in the Markdown.
import { validate } from 'datocms-structured-text-utils';
import type { Document } from './dast';
import { markdownToDast, type MarkdownReading } from './fromMarkdown';
import type { Problem } from './problems';
import { checkRules, type FieldRules, type RuleLookups } from './rules';

export function readFieldMarkdown(text: string, rules?: FieldRules, lookups?: RuleLookups): MarkdownReading {
  const reading = markdownToDast(text, lookups?.models);
  const problems: Problem[] = [...reading.problems];
  const at = (node: object) => reading.positions.get(node);
  if (rules)
    for (const problem of checkRules(reading.value, rules, lookups))
      problems.push({ message: problem.message, position: at(problem.node) });
  const seen = new Set<string>();
  for (const node of reading.value.document.children) {
    // a new block (an item, not an id) is a block of its own each time it is written
    if (node.type !== 'block' || typeof node.item !== 'string') continue;
    if (seen.has(node.item))
      problems.push({ message: `The block ${node.item} appears twice: a block stands in one place.`, position: at(node) });
    seen.add(node.item);
  }
  // a safety net under the rules above; an empty text is an empty field (null), which it does not judge. It checks
  // the nodes, not what a block's item is (an id, or a new block's item)
  const verdict = problems.length || reading.value.document.children.length === 0 ? { valid: true } : validate(reading.value as Document);
  if (!verdict.valid)
    problems.push({
      message: `DatoCMS would refuse this text: ${'message' in verdict ? verdict.message?.split('\n')[0] : ''}`,
      position: undefined,
    });
  return { ...reading, problems };
}
