/**
 * What the ARM and Data Factory expression languages share: string literals, literal nodes, call arguments.
 *
 * String literals: `'...'` with `''` for a quote inside, the same in both languages.
 *
 * The argument list, the other piece of grammar both have: after the `(` of `name(`, either `)` at once, or
 * arguments separated by `,` and closed by `)`, with whitespace allowed between tokens. Each parser
 * supplies what differs: its whitespace, its argument grammar and its error for anything else after an
 * argument. And the words both evaluators use for how many arguments a function takes.
 *
 * Sources: "Syntax and expressions in ARM templates" (learn.microsoft.com/azure/azure-resource-manager/
 * templates/template-expressions); "Expressions and functions in Azure Data Factory"
 * (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions).
 */

/** What {@link readArgumentList} asks of the parser it reads for. */
export interface ArgumentListReader<T> {
  /** Skips the grammar's whitespace at the current position. */
  skipSpace(): void;
  /** The character at the current position; `undefined` or `''` at the end of the text. */
  peek(): string | undefined;
  /** Moves past the current character. */
  advance(): void;
  /** Parses one argument at the current position (throwing the parser's error when there is none). */
  argument(): T;
  /**
   * Throws the parser's error for the current character (or the end of the text), which is neither `,`
   * nor `)` after an argument.
   */
  unexpected(): never;
}

/**
 * Reads a call's arguments, from just after its `(` to just after its `)`.
 * @returns the arguments in order (empty for `()`)
 * @throws whatever `reader.argument()` and `reader.unexpected()` throw
 */
export function readArgumentList<T>(reader: ArgumentListReader<T>): T[] {
  const args: T[] = [];
  reader.skipSpace();
  if (reader.peek() === ')') {
    reader.advance();
    return args;
  }
  for (;;) {
    args.push(reader.argument());
    reader.skipSpace();
    const next = reader.peek();
    if (next === ',') {
      reader.advance();
    } else if (next === ')') {
      reader.advance();
      return args;
    } else {
      reader.unexpected();
    }
  }
}

/**
 * How many arguments a function takes, for messages: `2`, `1 to 3`, `at least 1`.
 * @param arity the smallest and largest argument count (`max` Infinity for no limit)
 */
export function arityText(arity: { min: number; max: number }): string {
  return arity.min === arity.max ? `${arity.min}` : arity.max === Infinity ? `at least ${arity.min}` : `${arity.min} to ${arity.max}`;
}

/**
 * Reads a single-quoted string literal whose opening quote is at `open`; `''` inside stands for one quote.
 * @returns the literal's value and the position just after its closing quote, or `undefined` when the
 *   text ends before the closing quote
 */
export function readQuotedString(text: string, open: number): { value: string; end: number } | undefined {
  let value = '';
  let pos = open + 1;
  for (;;) {
    const i = text.indexOf("'", pos);
    if (i < 0) return undefined;
    value += text.slice(pos, i);
    if (text[i + 1] !== "'") return { value, end: i + 1 };
    value += "'";
    pos = i + 2;
  }
}

/** The literal nodes both expression trees share: strings, numbers and the keywords true, false, null. */
export type LiteralNode = { kind: 'string'; value: string } | { kind: 'number'; value: number } | { kind: 'keyword'; value: true | false | null };

/** The literal node of a plain builder argument. */
export function literalNode(value: string | number | boolean | null): LiteralNode {
  if (typeof value === 'string') return { kind: 'string', value };
  if (typeof value === 'number') return { kind: 'number', value };
  return { kind: 'keyword', value };
}
