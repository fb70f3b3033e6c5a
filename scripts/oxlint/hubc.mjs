/**
 * The project's own lint rules, an oxlint JS plugin (ESLint's rule API): "one place per idea"
 * (docs/architecture.md) as checks over the syntax tree, so a reworded copy is caught as well as a verbatim
 * one, and the rule that every lint suppression says why.
 *
 * Each idea's home is exempted in .oxlintrc.json (`overrides`), never here; a site that may keep a copy for
 * a while carries an `oxlint-disable-next-line <rule> -- <reason>` comment, and `--report-unused-disable-directives`
 * (npm run lint) fails once the copy is gone, so such a list only shrinks.
 */

/** `'x'`, `"x"` or a template literal without `${}`: its text; otherwise undefined. */
function stringValue(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/** The node without parentheses, `as`/`!`/`satisfies` wrappers. */
function bare(node) {
  let n = node;
  while (n && ['TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(n.type)) n = n.expression;
  return n;
}

/** The operands of the `&&` (or `||`) chain `node` heads: `a && b && c` gives `[a, b, c]`. */
function chainOperands(node, operator) {
  const n = bare(node);
  if (n?.type === 'LogicalExpression' && n.operator === operator) return [...chainOperands(n.left, operator), ...chainOperands(n.right, operator)];
  return [n];
}

/** True for the outermost `&&` of a chain (its parent is not an `&&` it belongs to). */
function outermost(node, operator) {
  const p = node.parent;
  return !(p?.type === 'LogicalExpression' && p.operator === operator);
}

/** `callee.method(args)`: `{ object, args }` when `node` calls `.method` (`?.` too); otherwise undefined. */
function methodCall(node, method) {
  const n = bare(node);
  if (n?.type !== 'CallExpression') return undefined;
  const callee = bare(n.callee);
  if (callee?.type !== 'MemberExpression' || callee.computed || callee.property.name !== method) return undefined;
  return { object: callee.object, args: n.arguments };
}

const text = (context, node) => context.sourceCode.getText(bare(node));

/**
 * The JSON-object test (`typeof v === 'object' && v !== null && !Array.isArray(v)`, in any order or wording)
 * is `isObject` of src/util/json.ts. Reported: an `&&` chain that tests `typeof v === 'object'` and
 * `!Array.isArray(v)` of the same `v`, and `Object.prototype.toString.call(v) === '[object Object]'`.
 */
const oneJsonObjectTest = {
  meta: { type: 'suggestion', messages: { copy: 'a JSON-object test of its own: use isObject (src/util/json.ts)' }, schema: [] },
  create(context) {
    /** The subject of `typeof v === 'object'` (either side, `==` too), or undefined. */
    const typeofObject = (node) => {
      const n = bare(node);
      if (n?.type !== 'BinaryExpression' || !['===', '=='].includes(n.operator)) return undefined;
      for (const [a, b] of [
        [n.left, n.right],
        [n.right, n.left],
      ]) {
        if (a.type === 'UnaryExpression' && a.operator === 'typeof' && stringValue(b) === 'object') return text(context, a.argument);
      }
      return undefined;
    };
    /** The subject of `!Array.isArray(v)`, or undefined. */
    const notArray = (node) => {
      const n = bare(node);
      if (n?.type !== 'UnaryExpression' || n.operator !== '!') return undefined;
      const call = methodCall(n.argument, 'isArray');
      return call && bare(call.object)?.name === 'Array' && call.args.length === 1 ? text(context, call.args[0]) : undefined;
    };
    return {
      LogicalExpression(node) {
        if (node.operator !== '&&' || !outermost(node, '&&')) return;
        const operands = chainOperands(node, '&&');
        const objects = new Set(operands.map(typeofObject).filter(Boolean));
        if (operands.some((o) => objects.has(notArray(o)))) context.report({ node, messageId: 'copy' });
      },
      BinaryExpression(node) {
        if (!['===', '=='].includes(node.operator)) return;
        const [a, b] = stringValue(node.right) === '[object Object]' ? [node.left, node.right] : [node.right, node.left];
        if (stringValue(b) === '[object Object]' && /toString\.call\(/.test(context.sourceCode.getText(a))) context.report({ node, messageId: 'copy' });
      },
    };
  },
};

/**
 * ARM's expression predicate and its `[[` escape are src/expressions/arm/semantics.ts
 * (`isArmExpressionString`, `unescapeArmLiteral`, `escapeArmLiteral`). Reported: a `'[['` string or a regular
 * expression starting `^\[\[`, and an `&&` chain testing `.startsWith('[')` and `.endsWith(']')` of the same value.
 */
const oneArmEscape = {
  meta: { type: 'suggestion', messages: { copy: "ARM's expression test or [[ escape of its own: use src/expressions/arm/semantics.ts" }, schema: [] },
  create(context) {
    const subjectOf = (node, method, arg) => {
      const call = methodCall(node, method);
      return call && stringValue(call.args[0]) === arg ? text(context, call.object) : undefined;
    };
    return {
      Literal(node) {
        if (node.value === '[[' || (node.regex && node.regex.pattern.startsWith('^\\[\\['))) context.report({ node, messageId: 'copy' });
      },
      TemplateLiteral(node) {
        if (stringValue(node) === '[[') context.report({ node, messageId: 'copy' });
      },
      LogicalExpression(node) {
        if (node.operator !== '&&' || !outermost(node, '&&')) return;
        const operands = chainOperands(node, '&&');
        const starts = new Set(operands.map((o) => subjectOf(o, 'startsWith', '[')).filter(Boolean));
        if (operands.some((o) => starts.has(subjectOf(o, 'endsWith', ']')))) context.report({ node, messageId: 'copy' });
      },
    };
  },
};

/**
 * No deep equality of our own: `isDeepStrictEqual` of node:util. Reported: a function or variable named
 * `deepEqual` (`deepEquals`, `isDeepEqual`, any case), and `JSON.stringify(a) === JSON.stringify(b)` (which
 * also depends on key order and drops `undefined` members).
 */
const noOwnDeepEqual = {
  meta: { type: 'suggestion', messages: { copy: 'a deep equality of its own: use isDeepStrictEqual (node:util)' }, schema: [] },
  create(context) {
    const named = (id) => id?.type === 'Identifier' && /^(is)?deep_?equals?$/i.test(id.name);
    const stringify = (node) => {
      const call = methodCall(node, 'stringify');
      return call !== undefined && bare(call.object)?.name === 'JSON';
    };
    return {
      FunctionDeclaration(node) {
        if (named(node.id)) context.report({ node: node.id, messageId: 'copy' });
      },
      VariableDeclarator(node) {
        if (named(node.id)) context.report({ node: node.id, messageId: 'copy' });
      },
      BinaryExpression(node) {
        if (['===', '!==', '==', '!='].includes(node.operator) && stringify(node.left) && stringify(node.right)) context.report({ node, messageId: 'copy' });
      },
    };
  },
};

const TEMPLATE = 'azuredeploy.json';
/** True for `'azuredeploy.json'` (any quotes) or `TEMPLATE_FILE`. */
const isTemplateName = (node) => stringValue(bare(node)) === TEMPLATE || bare(node)?.name === 'TEMPLATE_FILE';

/**
 * A build's template is read through the Build (src/build/: `fromCompile`, `fromFolder`, `fromFiles`,
 * `fromPublicTemplate`), not as text by each command. Reported: `files.get('azuredeploy.json')` (or
 * `TEMPLATE_FILE`) and a `readFile`/`readFileSync` of a path naming azuredeploy.json.
 */
const templateThroughBuild = {
  meta: { type: 'suggestion', messages: { copy: 'reads the template text itself: take a Build (src/build/) and use build.template' }, schema: [] },
  create(context) {
    /** True when `node` or a node below it names the template file. */
    const namesTemplate = (node) => {
      const n = bare(node);
      if (!n) return false;
      if (isTemplateName(n)) return true;
      if (n.type === 'TemplateLiteral') return n.quasis[n.quasis.length - 1].value.cooked.endsWith(`/${TEMPLATE}`);
      if (n.type === 'CallExpression') return n.arguments.some(namesTemplate);
      if (n.type === 'BinaryExpression') return namesTemplate(n.left) || namesTemplate(n.right);
      return false;
    };
    return {
      CallExpression(node) {
        const get = methodCall(node, 'get');
        if (get && get.args.length === 1 && isTemplateName(get.args[0])) return context.report({ node, messageId: 'copy' });
        const callee = bare(node.callee);
        const name = callee?.type === 'MemberExpression' ? callee.property.name : callee?.name;
        if (['readFile', 'readFileSync'].includes(name) && namesTemplate(node.arguments[0])) context.report({ node, messageId: 'copy' });
      },
    };
  },
};

/** The keys under which container activities hold activity lists (besides `activities`). */
const NESTED_KEYS = new Set(['ifTrueActivities', 'ifFalseActivities', 'defaultActivities']);

/**
 * The keys of nested activity lists are listed once: `activityTree` and its table in src/model/activities.ts.
 * Reported: an array holding two or more of `ifTrueActivities`, `ifFalseActivities`, `defaultActivities`, and
 * a `||` chain comparing one value with two or more of them.
 */
const oneActivityKeysList = {
  meta: { type: 'suggestion', messages: { copy: 'a list of nested activity keys of its own: use activityTree (src/model/activities.ts)' }, schema: [] },
  create(context) {
    const keys = (values) => new Set(values.filter((v) => NESTED_KEYS.has(v))).size;
    return {
      ArrayExpression(node) {
        if (keys(node.elements.map(stringValue)) >= 2) context.report({ node, messageId: 'copy' });
      },
      LogicalExpression(node) {
        if (node.operator !== '||' || !outermost(node, '||')) return;
        const compared = chainOperands(node, '||').flatMap((o) =>
          o?.type === 'BinaryExpression' && ['===', '=='].includes(o.operator) ? [stringValue(o.left), stringValue(o.right)] : [],
        );
        if (keys(compared) >= 2) context.report({ node, messageId: 'copy' });
      },
    };
  },
};

/**
 * Every lint suppression says why: `// oxlint-disable-next-line rule -- reason` (`eslint-disable` spellings
 * too, which oxlint also honours). The reason is what a reader needs to accept the exception (for
 * max-lines-per-function: why the function is long, e.g. "a table-like switch").
 */
const disableWithReason = {
  meta: { type: 'suggestion', messages: { reason: 'a lint suppression without a reason: add " -- <why>" after the rule names' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const body = comment.value.trim();
          if (!/^(oxlint|eslint)-(disable|enable)(-next-line|-line)?\b/.test(body) || /^(oxlint|eslint)-enable\b/.test(body)) continue;
          const reason = body.split(/\s--\s/)[1];
          if (!reason || !reason.trim()) context.report({ loc: comment.loc, messageId: 'reason' });
        }
      },
    };
  },
};

/**
 * A doc comment documents what follows it: a `/** ... *\/` block that is not the file's first comment and is
 * followed by a blank line, another doc comment or the end of the file documents nothing (a comment left
 * behind when its code moved, or written above the wrong thing).
 */
const docCommentAttached = {
  meta: { type: 'suggestion', messages: { orphan: 'a doc comment that documents nothing: move it onto the declaration it describes, or delete it' }, schema: [] },
  create(context) {
    return {
      Program() {
        const text = context.sourceCode.text;
        const comments = context.sourceCode.getAllComments();
        for (const comment of comments.slice(1)) {
          if (comment.type !== 'Block' || !comment.value.startsWith('*')) continue;
          const after = /^[ \t]*(\r?\n[ \t]*)*/.exec(text.slice(comment.range[1]))[0];
          const next = text.slice(comment.range[1] + after.length);
          if (next === '' || /\n[ \t]*\r?\n/.test(after) || next.startsWith('/**')) context.report({ loc: comment.loc, messageId: 'orphan' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'hubc' },
  rules: {
    'one-json-object-test': oneJsonObjectTest,
    'one-arm-escape': oneArmEscape,
    'no-own-deep-equal': noOwnDeepEqual,
    'template-through-build': templateThroughBuild,
    'one-activity-keys-list': oneActivityKeysList,
    'disable-with-reason': disableWithReason,
    'doc-comment-attached': docCommentAttached,
  },
};
