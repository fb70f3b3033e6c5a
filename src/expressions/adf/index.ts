/** Data Factory expression toolkit: syntax tree, builders, serializer. Import as `import * as adf from '.../expressions/adf/index.js'`. */
export * from './ast.js';
export * from './builders.js';
export * from './parser.js';
export * from './evaluate.js';
