// A small evaluator of VS Code when clauses, for the subset package.json uses: keys, `==`, `!=`, `=~ /regex/`,
// `!`, `&&`, `||` and parentheses. A key the caller does not give is an error, so a test notices a new context key.
export type WhenContext = Record<string, string | boolean>;

type Token = { kind: 'op'; value: string } | { kind: 'word'; value: string } | { kind: 'regex'; value: RegExp };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const op = /^(&&|\|\||==|!=|=~|!|\(|\))/.exec(rest);
    if (op) {
      tokens.push({ kind: 'op', value: op[0] });
      i += op[0].length;
      if (op[0] === '=~') {
        const regex = /^\s*\/((?:\\.|[^/\\])*)\/([a-z]*)/.exec(text.slice(i));
        if (!regex) throw new Error(`a regex after =~ in: ${text}`);
        tokens.push({ kind: 'regex', value: new RegExp(regex[1]!, regex[2]) });
        i += regex[0].length;
      }
      continue;
    }
    const word = /^[^\s()!&|=]+/.exec(rest);
    if (!word) throw new Error(`cannot read "${rest}" in: ${text}`);
    tokens.push({ kind: 'word', value: word[0] });
    i += word[0].length;
  }
  return tokens;
}

/** Whether `when` holds in `context`. */
export function evaluateWhen(when: string, context: WhenContext): boolean {
  const tokens = tokenize(when);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value;
  const value = (key: string) => {
    if (!(key in context)) throw new Error(`unknown context key ${key} in: ${when}`);
    return context[key]!;
  };
  const or = (): boolean => {
    let result = and();
    while (isOp('||')) {
      at++;
      result = and() || result;
    }
    return result;
  };
  const and = (): boolean => {
    let result = unary();
    while (isOp('&&')) {
      at++;
      result = unary() && result;
    }
    return result;
  };
  const unary = (): boolean => {
    if (isOp('!')) {
      at++;
      return !unary();
    }
    return primary();
  };
  const primary = (): boolean => {
    if (isOp('(')) {
      at++;
      const inner = or();
      if (!isOp(')')) throw new Error(`a closing parenthesis in: ${when}`);
      at++;
      return inner;
    }
    const key = tokens[at++];
    if (key?.kind !== 'word') throw new Error(`a key in: ${when}`);
    if (key.value === 'true' || key.value === 'false') return key.value === 'true';
    if (isOp('==') || isOp('!=')) {
      const negate = peek()!.value === '!=';
      at++;
      const right = tokens[at++];
      if (right?.kind !== 'word') throw new Error(`a value in: ${when}`);
      return (String(value(key.value)) === right.value) !== negate;
    }
    if (isOp('=~')) {
      at++;
      const regex = tokens[at++];
      if (regex?.kind !== 'regex') throw new Error(`a regex in: ${when}`);
      return regex.value.test(String(value(key.value)));
    }
    return Boolean(value(key.value));
  };
  const result = or();
  if (at !== tokens.length) throw new Error(`unread text in: ${when}`);
  return result;
}
