/**
 * What the ARM and Data Factory expression languages share about function calls.
 *
 * The argument list, the one piece of grammar both have: after the `(` of `name(`, either `)` at once, or
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
