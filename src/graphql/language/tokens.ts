// Highlighting of GraphQL where it is (a .graphql file, a graphql()/gql template in code or in a component's
// script): graphql-language-service's online parser (the one its editors colour with) reads each range line by line,
// and each token becomes a semantic token of a standard type, which every theme colours. VS Code ships no GraphQL
// grammar, and a template's text is one string to the TypeScript grammar. No vscode import.
import { CharacterStream, onlineParser } from 'graphql-language-service';
import { findGraphql, type GraphqlKind } from '../embedded';

/** The semantic token types used, in the legend's order. */
export const TOKEN_TYPES = [
  'keyword',
  'function',
  'property',
  'parameter',
  'variable',
  'type',
  'number',
  'string',
  'enumMember',
  'decorator',
  'comment',
];

/** The parser's styles as token types (punctuation and white space are left to the editor). */
const TYPE_OF_STYLE: Record<string, string> = {
  keyword: 'keyword',
  def: 'function',
  property: 'property',
  qualifier: 'property',
  attribute: 'parameter',
  variable: 'variable',
  atom: 'type',
  number: 'number',
  string: 'string',
  'string-2': 'enumMember',
  builtin: 'keyword',
  meta: 'decorator',
  comment: 'comment',
};

export interface GraphqlToken {
  /** offset in the document */
  offset: number;
  length: number;
  /** index in TOKEN_TYPES */
  type: number;
}

/** The tokens of every GraphQL range of a document's text, in document order (one line each). */
export function graphqlTokens(text: string, kind: GraphqlKind): GraphqlToken[] {
  const tokens: GraphqlToken[] = [];
  for (const range of findGraphql(text, kind)) {
    const parser = onlineParser();
    const state = parser.startState();
    let lineStart = range.start;
    for (const line of range.text.split('\n')) {
      const stream = new CharacterStream(line);
      while (!stream.eol()) {
        const start = stream.getCurrentPosition();
        const style = parser.token(stream, state);
        const type = TYPE_OF_STYLE[style];
        const length = stream.getCurrentPosition() - start;
        if (type !== undefined && length > 0) tokens.push({ offset: lineStart + start, length, type: TOKEN_TYPES.indexOf(type) });
        if (stream.getCurrentPosition() === start) stream.next(); // a parser that reads nothing must not hold the loop
      }
      lineStart += line.length + 1;
    }
  }
  return tokens;
}
