// What the Markdown of a Structured Text cannot become, or what its field does not allow, located in the text.
import type { Definition } from 'mdast';
import type { Position } from 'unist';
import type { BlockModels } from './dast';

export interface Problem {
  message: string;
  /** where in the Markdown (1-based lines and columns, 0-based offsets) */
  position: Position | undefined;
}

/** Where each DAST node made from Markdown came from. */
export type Positions = WeakMap<object, Position>;

/** What reading Markdown carries along: the text, the problems found, where each node came from. */
export interface ReadContext {
  source: string;
  problems: Problem[];
  positions: Positions;
  definitions: Map<string, Definition>;
  /** the block models new blocks are named by (none: a new block is refused) */
  models?: BlockModels | undefined;
}

/** Notes a problem at `at`; the construct becomes nothing. */
export function refuse<T>(message: string, at: Position | undefined, ctx: ReadContext): T[] {
  ctx.problems.push({ message, position: at });
  return [];
}

/** Notes where `node` came from. */
export function note<T extends object>(node: T, at: Position | undefined, ctx: ReadContext): T {
  if (at) ctx.positions.set(node, at);
  return node;
}
