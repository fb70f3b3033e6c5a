/** Types of scripts/hubSchemaCode.mjs. */

/** ajv's standalone module for schemas/hub.schema.json, exporting `validate` and `hubSchemaValidator()`. */
export declare function hubSchemaModule(root: string): string;
