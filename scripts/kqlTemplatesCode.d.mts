/** Types of scripts/kqlTemplatesCode.mjs. */

/** The precompiled-template module that replaces src/modules/dataExplorer/kqlTemplates.ts in the bundle. */
export declare function kqlTemplatesModule(root: string): string;

/** The precompile options; equal to KQL_TEMPLATE_OPTIONS of src/modules/dataExplorer/kqlTemplates.ts. */
export declare const OPTIONS: { noEscape: boolean; strict: boolean };

/** The top-level templates; equal to KQL_TEMPLATE_NAMES of src/modules/dataExplorer/kqlTemplates.ts. */
export declare const TEMPLATES: string[];
