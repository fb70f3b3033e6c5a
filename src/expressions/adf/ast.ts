/**
 * Azure Data Factory expression syntax tree, builders' value classes and serializer.
 *
 * A Data Factory expression is a JSON string that starts with `@` (`"@concat('a', pipeline().parameters.b)"`)
 * or a string with interpolations (`"prefix @{variables('x')} suffix"`); `@@` stands for a literal `@`.
 * Source: "Expressions and functions in Azure Data Factory"
 * (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions).
 */

export interface AdfString {
  kind: 'string';
  value: string;
}
/** Integer or floating-point literal. */
export interface AdfNumber {
  kind: 'number';
  value: number;
}
export interface AdfKeyword {
  kind: 'keyword';
  value: true | false | null;
}
/** Function call, e.g. `concat(a, b)` or `pipeline()`. */
export interface AdfCall {
  kind: 'call';
  name: string;
  args: AdfExprNode[];
}
/** Property access `target.name`, or `target?.name` when `optional`. */
export interface AdfProperty {
  kind: 'property';
  target: AdfExprNode;
  name: string;
  optional?: boolean;
}
/** Index access `target[index]`, or `target?[index]` when `optional`. */
export interface AdfIndex {
  kind: 'index';
  target: AdfExprNode;
  index: AdfExprNode;
  optional?: boolean;
}

/** Any Data Factory expression node. */
export type AdfExprNode = AdfString | AdfNumber | AdfKeyword | AdfCall | AdfProperty | AdfIndex;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Quotes a string literal (`'` doubled). */
export function quoteAdfString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Serializes an expression node to expression text (no leading `@`). */
export function serializeAdf(node: AdfExprNode): string {
  switch (node.kind) {
    case 'string':
      return quoteAdfString(node.value);
    case 'number':
      if (!Number.isFinite(node.value)) throw new Error(`not a finite number: ${node.value}`);
      return String(node.value);
    case 'keyword':
      return String(node.value);
    case 'call':
      return `${node.name}(${node.args.map(serializeAdf).join(', ')})`;
    case 'property': {
      const target = serializeAdf(node.target);
      if (!IDENT.test(node.name)) return `${target}${node.optional ? '?' : ''}[${quoteAdfString(node.name)}]`;
      return `${target}${node.optional ? '?.' : '.'}${node.name}`;
    }
    case 'index':
      return `${serializeAdf(node.target)}${node.optional ? '?' : ''}[${serializeAdf(node.index)}]`;
  }
}

/**
 * A whole-value expression: serializes to `"@<expr>"`. Place it in a JSON tree where Data Factory
 * evaluates strings (most `typeProperties`), or wrap it with `expression()` where the wire format
 * wants `{ "value": ..., "type": "Expression" }`.
 */
export class Adf {
  constructor(public readonly node: AdfExprNode) {}
  /** `@` and the expression text (serialized once: the tree is immutable). */
  toJSON(): string {
    let text = adfTexts.get(this);
    if (text === undefined) adfTexts.set(this, (text = `@${serializeAdf(this.node)}`));
    return text;
  }
  /** `this.name` */
  get(name: string, optional = false): Adf {
    return new Adf({ kind: 'property', target: this.node, name, optional });
  }
  /** `this[index]` */
  at(index: number | string | Adf, optional = false): Adf {
    const idx: AdfExprNode = index instanceof Adf ? index.node : typeof index === 'number' ? { kind: 'number', value: index } : { kind: 'string', value: index };
    return new Adf({ kind: 'index', target: this.node, index: idx, optional });
  }
}

/** Serialized text of each expression (outside the objects, which stay plain data for comparisons). */
const adfTexts = new WeakMap<object, string>();

/** A piece of an interpolated string: literal text or an embedded expression. */
export type AdfTemplatePart = string | Adf;

/**
 * An interpolated string, serialized as `text@{expr}text`. Literal `@{` and a leading `@` in the text are
 * escaped as `@@` so Data Factory does not read them as expressions.
 */
export class AdfInterpolation {
  constructor(public readonly parts: readonly AdfTemplatePart[]) {}
  /** The interpolated string (serialized once: the parts are immutable). */
  toJSON(): string {
    let text = adfTexts.get(this);
    if (text === undefined) adfTexts.set(this, (text = this.serialize()));
    return text;
  }
  private serialize(): string {
    let out = '';
    this.parts.forEach((part, i) => {
      // Only `@{` (and a leading `@`) are special inside a string value; both are escaped as `@@`.
      if (typeof part === 'string') {
        out += part.replace(/@\{/g, '@@{');
        // A literal '@' right before an interpolation would read as the escape '@@{': emit it as @{'@'}.
        if (out.endsWith('@') && !out.endsWith('@@') && i + 1 < this.parts.length && typeof this.parts[i + 1] !== 'string') out = `${out.slice(0, -1)}@{'@'}`;
      } else out += `@{${serializeAdf(part.node)}}`;
    });
    if (typeof this.parts[0] === 'string' && this.parts[0].startsWith('@') && !out.startsWith('@@{')) out = `@${out}`;
    return out;
  }
}
