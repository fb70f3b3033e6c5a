/** ARM expression toolkit: syntax tree, builders, serializer. Import as `import * as arm from '.../expressions/arm/index.js'`. */
export * from './ast.js';
export * from './builders.js';
export * from './semantics.js';
