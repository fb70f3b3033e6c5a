/** Types of scripts/kqlTemplatesCode.mjs. */

/** The precompiled-template module that replaces src/modules/dataExplorer/kqlTemplates.ts in the bundle. */
export declare function kqlTemplatesModule(root: string): string;

/** The precompile options; equal to KQL_TEMPLATE_OPTIONS of src/modules/dataExplorer/kqlTemplates.ts. */
export declare const OPTIONS: { noEscape: boolean; strict: boolean };

/** The top-level templates `kql/*.kql.hbs` under `root`, by name, sorted; the same names as KQL_TEMPLATE_NAMES of src/modules/dataExplorer/kqlTemplates.ts. */
export declare function templateNames(root: string): string[];
