// The `when` clauses of package.json's menus, evaluated for a tree node or an editor, so that the explorer runs
// each command where a user could: on the rows and editors whose menus show it. Context keys it cannot know
// (those the extension sets, such as datocms.recordStatus) are "maybe": a place is used unless the clause is
// surely false.
type Value = boolean | null;
export type Context = Record<string, string | number | boolean | undefined>;

// a regular expression may hold "/" escaped or inside a character class: /\/models\/[^/]+$/
const TOKEN = /\s*(\(|\)|&&|\|\||!=|==|=~|!|>=|<=|>|<|\/(?:\\.|\[(?:\\.|[^\]])*\]|[^/\\[])*\/[a-z]*|[^\s()!=&|<>]+)/y;

function tokenize(clause: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < clause.length && (match = TOKEN.exec(clause))) tokens.push(match[1]!);
  return tokens;
}

/** Whether `clause` may hold in `context`: true, false, or null when it depends on keys the context lacks. */
export function evaluate(clause: string | undefined, context: Context): Value {
  if (!clause) return true;
  const tokens = tokenize(clause);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];

  const or = (): Value => {
    let value = and();
    while (peek() === '||') {
      take();
      const right = and();
      value = value === true || right === true ? true : value === null || right === null ? null : false;
    }
    return value;
  };
  const and = (): Value => {
    let value = not();
    while (peek() === '&&') {
      take();
      const right = not();
      value = value === false || right === false ? false : value === null || right === null ? null : true;
    }
    return value;
  };
  const not = (): Value => {
    if (peek() !== '!') return primary();
    take();
    const value = not();
    return value === null ? null : !value;
  };
  const primary = (): Value => {
    if (peek() === '(') {
      take();
      const value = or();
      take(); // ')'
      return value;
    }
    return comparison();
  };
  const comparison = (): Value => {
    const key = take() ?? '';
    if (key === 'true') return true;
    if (key === 'false') return false;
    const known = key in context;
    const actual = context[key];
    const operator = peek();
    if (!['==', '!=', '=~', '>', '<', '>=', '<='].includes(operator ?? '')) return known ? Boolean(actual) : null;
    take();
    const operand = take() ?? '';
    if (!known) return null;
    switch (operator) {
      case '==':
        return String(actual) === operand;
      case '!=':
        return String(actual) !== operand;
      case '=~': {
        const [, source = '', flags = ''] = /^\/(.*)\/([a-z]*)$/.exec(operand) ?? [];
        return actual !== undefined && new RegExp(source, flags).test(String(actual));
      }
      default:
        return compareNumbers(Number(actual), operator!, Number(operand));
    }
  };
  return or();
}

function compareNumbers(a: number, operator: string, b: number): boolean {
  if (operator === '>') return a > b;
  if (operator === '<') return a < b;
  if (operator === '>=') return a >= b;
  return a <= b;
}
