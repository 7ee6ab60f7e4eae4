// What a Structured Text field allows, from its validators and its editor's parameters, and the check of a
// document against it: nodes, marks, heading levels, blocks and links. Each problem names the node it is about
// (the Markdown layer turns that into a place in the text).
import { itemId, type BlockItem, type BlockModels, type Document, type Inline, type RootChild } from './dast';

export interface FieldRules {
  /** the optional nodes the editor offers (blockquote, code, heading, link, list, thematicBreak); undefined: all */
  nodes?: readonly string[];
  /** the marks the editor offers; undefined: all */
  marks?: readonly string[];
  /** the heading levels the editor offers; undefined: 1 to 6 */
  headingLevels?: readonly number[];
  /** block models allowed as blocks, as inline blocks, and the models records linked to may be of */
  blockModels: readonly string[];
  inlineBlockModels: readonly string[];
  linkModels: readonly string[];
}

/** What the check knows beyond the document: blocks' and linked records' models, and models' names. */
export interface RuleLookups {
  blockModel?(id: string): string | undefined;
  recordModel?(id: string): string | undefined;
  modelName?(id: string): string | undefined;
  /** the block models by API key, for new blocks (`::block{model="api_key"}`) */
  models?: BlockModels;
}

export interface RuleProblem {
  node: object;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);

/** The rules of a field from its attributes (`validators`, `appearance`). */
export function fieldRules(attributes: { validators?: unknown; appearance?: unknown }): FieldRules {
  const validators = isObject(attributes.validators) ? attributes.validators : {};
  const parameters =
    isObject(attributes.appearance) && isObject(attributes.appearance['parameters']) ? attributes.appearance['parameters'] : {};
  const models = (name: string) => (isObject(validators[name]) ? (strings(validators[name]['item_types']) ?? []) : []);
  const levels = Array.isArray(parameters['heading_levels'])
    ? parameters['heading_levels'].filter((n): n is number => typeof n === 'number')
    : undefined;
  const nodes = strings(parameters['nodes']);
  const marks = strings(parameters['marks']);
  return {
    nodes,
    marks,
    headingLevels: levels,
    blockModels: models('structured_text_blocks'),
    inlineBlockModels: models('structured_text_inline_blocks'),
    linkModels: models('structured_text_links'),
  };
}

const NODE_NAMES: Record<string, string> = {
  blockquote: 'quotes',
  code: 'code blocks',
  heading: 'headings',
  link: 'links',
  list: 'lists',
  thematicBreak: 'thematic breaks',
};

export function checkRules(value: Document<BlockItem, BlockItem>, rules: FieldRules, lookups: RuleLookups = {}): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const say = (node: object, message: string): void => void problems.push({ node, message });
  const name = (modelId: string) => lookups.modelName?.(modelId) ?? modelId;
  const allowedNode = (node: object, type: string) => {
    if (rules.nodes && !rules.nodes.includes(type)) say(node, `This field does not allow ${NODE_NAMES[type] ?? type}.`);
  };
  const checkBlock = (node: object, item: BlockItem, inline: boolean) => {
    const allowed = inline ? rules.inlineBlockModels : rules.blockModels;
    const what = inline ? 'inline blocks' : 'blocks';
    if (allowed.length === 0) {
      say(node, `This field does not allow ${what}.`);
      return;
    }
    const id = itemId(item);
    const modelId = typeof item === 'object' ? modelOfBlock(item) : id && lookups.blockModel?.(id);
    if (modelId && !allowed.includes(modelId))
      say(node, `This field does not allow ${name(modelId)} ${what}: only ${allowed.map(name).join(', ')}.`);
  };
  const checkRecord = (node: object, id: string) => {
    if (rules.linkModels.length === 0) {
      say(node, 'This field does not allow links to records.');
      return;
    }
    const modelId = lookups.recordModel?.(id);
    if (modelId && !rules.linkModels.includes(modelId))
      say(node, `This field does not link to ${name(modelId)} records: only ${rules.linkModels.map(name).join(', ')}.`);
  };
  const inline = (nodes: readonly Inline[]) => {
    for (const node of nodes) {
      if (node.type === 'span') checkMarks(node, node.marks);
      else if (node.type === 'link' || node.type === 'itemLink') {
        allowedNode(node, 'link');
        if (node.type === 'itemLink') checkRecord(node, node.item);
        inline(node.children);
      } else if (node.type === 'inlineItem') checkRecord(node, node.item);
      else checkBlock(node, node.item, true);
    }
  };
  const checkMarks = (node: object, marks: readonly string[] | undefined) => {
    const refused = (marks ?? []).filter((mark) => rules.marks && !rules.marks.includes(mark));
    if (refused.length) say(node, `This field does not allow the mark${refused.length > 1 ? 's' : ''} ${refused.join(', ')}.`);
  };
  const block = (node: RootChild): void => {
    switch (node.type) {
      case 'paragraph':
        return inline(node.children);
      case 'heading':
        allowedNode(node, 'heading');
        if (rules.headingLevels && !rules.headingLevels.includes(node.level))
          say(node, `This field allows headings of level ${rules.headingLevels.join(', ')} only, not ${node.level}.`);
        return inline(node.children);
      case 'list':
        allowedNode(node, 'list');
        for (const item of node.children) for (const child of item.children) block(child);
        return;
      case 'blockquote':
        allowedNode(node, 'blockquote');
        return node.children.forEach(block);
      case 'code':
      case 'thematicBreak':
        return allowedNode(node, node.type);
      case 'block':
        return checkBlock(node, node.item, false);
    }
  };
  value.document.children.forEach(block);
  return problems;
}

/** The model of a block written in place (`item_type: {type, id}`). */
function modelOfBlock(item: { id?: unknown }): string | undefined {
  const link = (item as Json)['item_type'];
  return isObject(link) && typeof link['id'] === 'string' ? link['id'] : undefined;
}
