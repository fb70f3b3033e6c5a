/**
 * The Build layer: one release's files with typed views (template, Data Factory, KQL, portal form) and a
 * locator, made from a compile result, a built or published folder, or a public template. Every command
 * reads a Build instead of parsing the files itself (docs/architecture.md, "One typed Build").
 */
export { fromCompile, fromFiles, TEMPLATE_FILE, UI_DEFINITION_FILE } from './build.js';
export type { Build, BuildParts, BuildSource, CompiledRelease, InvalidJson, KqlScriptView, UiView } from './build.js';
export { fromFolder } from './folder.js';
export { fromPublicTemplate } from './public.js';
export type { Deployment, TemplateEvaluation, TemplateOutput, TemplateParameter, TemplateResource, TemplateVariable, TemplateView } from './template.js';
export type { FactoryObject, FactoryView, JsonPlace, WrittenObject } from './factory.js';
export { fromTemplateText } from './evaluated.js';
export type { EvaluatedBuild, ResourceOrigin, TemplateDeployment } from './evaluated.js';
