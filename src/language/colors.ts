// Colors in documents: a DatoCMS color value is an object `{red, green, blue, alpha}` of integers 0–255 (a color
// field's value or default value). The editor shows a swatch on each, and its picker rewrites only the numbers.
import type { ASTNode, JSONDocument, ObjectASTNode, Range, TextDocument, TextEdit } from 'vscode-json-languageservice';

const CHANNELS = ['red', 'green', 'blue', 'alpha'] as const;
type Channel = (typeof CHANNELS)[number];

/** A color with channels from 0 to 1, as editors take them. */
export interface Rgba {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

type Channels = Record<Channel, { value: number; offset: number; length: number }>;

export function findColors(document: TextDocument, json: JSONDocument): { range: Range; color: Rgba }[] {
  return colorObjects(json.root).map(({ node, channels }) => ({
    range: rangeOf(document, node),
    color: {
      red: channels.red.value / 255,
      green: channels.green.value / 255,
      blue: channels.blue.value / 255,
      alpha: channels.alpha.value / 255,
    },
  }));
}

/** The color object at `range` with the picked color's numbers written in place (its layout kept). */
export function presentColor(
  document: TextDocument,
  json: JSONDocument,
  range: Range,
  color: Rgba,
): { label: string; textEdit: TextEdit } | undefined {
  const start = document.offsetAt(range.start);
  const found = colorObjects(json.root).find(({ node }) => node.offset === start);
  if (!found) return undefined;
  const { node, channels } = found;
  const bytes = Object.fromEntries(CHANNELS.map((c) => [c, Math.round(Math.min(1, Math.max(0, color[c])) * 255)])) as Record<
    Channel,
    number
  >;
  const text = document.getText();
  let newText = '';
  let at = node.offset;
  for (const channel of [...CHANNELS].sort((a, b) => channels[a].offset - channels[b].offset)) {
    newText += text.slice(at, channels[channel].offset) + String(bytes[channel]);
    at = channels[channel].offset + channels[channel].length;
  }
  newText += text.slice(at, node.offset + node.length);
  return {
    label: `red ${bytes.red}, green ${bytes.green}, blue ${bytes.blue}, alpha ${bytes.alpha}`,
    textEdit: { range: rangeOf(document, node), newText },
  };
}

function colorObjects(
  node: ASTNode | undefined,
  found: { node: ObjectASTNode; channels: Channels }[] = [],
): { node: ObjectASTNode; channels: Channels }[] {
  if (node?.type === 'object') {
    const channels = channelsOf(node);
    if (channels) found.push({ node, channels });
    for (const property of node.properties) colorObjects(property.valueNode, found);
  } else if (node?.type === 'array') {
    for (const item of node.items) colorObjects(item, found);
  }
  return found;
}

/** The channel values of an object that is exactly a color, or undefined. */
function channelsOf(node: ObjectASTNode): Channels | undefined {
  if (node.properties.length !== CHANNELS.length) return undefined;
  const channels: Partial<Channels> = {};
  for (const property of node.properties) {
    const key = property.keyNode.value as Channel;
    const value = property.valueNode;
    if (!CHANNELS.includes(key) || value?.type !== 'number' || !Number.isInteger(value.value) || value.value < 0 || value.value > 255)
      return undefined;
    channels[key] = { value: value.value, offset: value.offset, length: value.length };
  }
  return CHANNELS.every((c) => channels[c]) ? (channels as Channels) : undefined;
}

function rangeOf(document: TextDocument, node: ASTNode): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}
