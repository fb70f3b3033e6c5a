/**
 * What a module contributes to a hub. Modules are pure functions of the {@link HubModel}; emitters
 * turn the merged contributions into files.
 */
import type { Arm } from '../expressions/arm/ast.js';
import type { Adf, AdfInterpolation } from '../expressions/adf/ast.js';
import type { UiExpr } from '../expressions/ui/index.js';
import type { HubModel } from '../model/hub.js';
import type { AdfObjectKind } from '../model/dataFactoryKinds.js';
import type { OutputKey, ParameterKey } from '../model/releases.js';

export type { AdfObjectKind } from '../model/dataFactoryKinds.js';

/**
 * A JSON value that may contain ARM expressions ({@link Arm}, serialized `"[...]"`) and Data Factory
 * expressions ({@link Adf} `"@..."`, {@link AdfInterpolation} `"..@{..}.."`).
 */
export type Value = string | number | boolean | null | Arm | Adf | AdfInterpolation | Value[] | { [key: string]: Value | undefined };

/** An object of {@link Value}s; `undefined` members are left out of the output. */
export type ValueObject = { [key: string]: Value | undefined };

/** ARM template parameter (learn.microsoft.com/azure/azure-resource-manager/templates/parameters). */
export interface ArmParameter {
  type: 'string' | 'securestring' | 'int' | 'bool' | 'object' | 'secureObject' | 'array';
  defaultValue?: Value;
  allowedValues?: Value[];
  minValue?: number;
  maxValue?: number;
  minLength?: number;
  maxLength?: number;
  metadata: { description: string };
}

/** ARM template output. */
export interface ArmOutput {
  type: 'string' | 'int' | 'bool' | 'object' | 'array';
  value: Value;
  condition?: Arm;
}

/** An ARM resource as it appears in the template's `resources` array. */
export interface ArmResource extends ValueObject {
  type: string;
  apiVersion: string;
  name: Value;
  condition?: Arm;
  dependsOn?: Value[];
}

/**
 * One Data Factory object in its wire form `{ name, properties }`. The ARM emitter embeds it as a
 * `Microsoft.DataFactory/factories/<kind>s` resource; the Data Factory emitter writes it as a file.
 */
export interface AdfObject {
  kind: AdfObjectKind;
  name: string;
  properties: ValueObject;
  /** Deployed only when true (ARM `condition`); absent = always. */
  condition?: Arm;
  /** Extra ARM dependencies beyond the factory and the Data Factory objects it references. */
  dependsOn?: Value[];
}

/** A Kusto database script deployed by the template. */
export interface KqlScriptArtifact {
  /** Logical database: `ingestion` or `hub` (actual names come from the model). */
  database: 'ingestion' | 'hub';
  /** Script resource name under the database, e.g. `CommonFunctions`, `SetupScript`. */
  scriptName: string;
  /** Output path relative to the release folder, e.g. `kql/IngestionSetup.kql`. */
  file: string;
  /** Script text as written to the file (deploy-time placeholders substituted by the template). */
  text: string;
  /**
   * Text substitutions the ARM template applies when deploying: placeholder -> ARM expression over the
   * template parameter `parameter`. The file keeps the placeholders (its header comment names them);
   * validation substitutes the model's defaults.
   */
  placeholders?: Record<string, { arm: Arm; parameter: string; validationValue: string }>;
}

/** A file written verbatim into the release folder. */
export interface FileArtifact {
  /** Path relative to the release folder, with `/` separators. */
  path: string;
  content: string;
}

/** Steps of the portal form, in the order the form shows them (`basics` is the first page). */
export type FormStep = 'basics' | 'storage' | 'dataExplorer' | 'networking' | 'tags';

/**
 * What a module adds to the portal form (createUiDefinition.json) for one template parameter: the element
 * the user edits (absent when the form's built-in Basics fields supply the value, as for `location`)
 * and the form output expression that becomes the parameter's value.
 */
export interface FormContribution {
  /** The template parameter the output feeds. */
  parameter: ParameterKey;
  step: FormStep;
  /** The element, as createUiDefinition JSON (its `name` is referenced by `output`). */
  element?: Record<string, unknown>;
  /** Output expression, e.g. `ui.steps('storage', 'storageSku')` (written `[steps('storage').storageSku]`). */
  output: UiExpr;
}

/** Everything one module adds. All members optional; order inside arrays is output order. */
export interface Contribution {
  /** Name of the module (set by the compiler; used in internal error messages). */
  module?: string;
  /** Template parameters by logical key; the template emitter names and orders them from the release table. */
  parameters?: Partial<Record<ParameterKey, ArmParameter>>;
  variables?: Record<string, Value>;
  resources?: ArmResource[];
  outputs?: Partial<Record<OutputKey, ArmOutput>>;
  /** Portal form elements and outputs, one per parameter the module contributes. */
  form?: FormContribution[];
  dataFactory?: AdfObject[];
  kqlScripts?: readonly KqlScriptArtifact[];
  files?: FileArtifact[];
}

/** A module: describes one hub component from the model. Never writes files. */
export type HubModule = (model: HubModel) => Contribution;
