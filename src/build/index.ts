/**
 * The Build layer: one release's files with typed views (template, Data Factory, KQL, portal form) and a
 * locator, made from a compile result, a built or published folder, or a public template. Every command
 * reads a Build instead of parsing the files itself (docs/architecture.md, "One typed Build").
 */
export { fromCompile, fromFiles, TEMPLATE_FILE, UI_DEFINITION_FILE, withFile } from './build.js';
export type { Build, KqlScriptView } from './build.js';
export { fromFolder } from './folder.js';
export { fromPublicTemplate } from './public.js';
export type { TemplateParameter, TemplateResource, TemplateView } from './template.js';
export type { FactoryObject, FactoryView } from './factory.js';
export { declaredResources, leftBehind, mayBeDeployed, hubParents, conditionUses, ownResources, resourceIdentity, type DeclaredResource, type Deployed } from './deployed.js';
export { describeResources, readableName, shortName, topLevel, typeWord } from './words.js';
export {
  belongsTo,
  DATA_RESOURCE_TYPES,
  deployedResources,
  folded,
  lower,
  referenceValues,
  refersTo,
  SELF_DELETED_TYPES,
  sharedResources,
  TRANSIENT_TYPES,
  type Folded,
} from './relations.js';
export { adfPositions, placed, positionTemplateDiagnostics } from './positions.js';
export { fromTemplateText } from './evaluated.js';
export type { ResourceOrigin } from './evaluated.js';
