/**
 * What a module contributes to a hub. Modules are pure functions of the {@link HubModel}; emitters
 * turn the merged contributions into files.
 */
import type { Arm } from '../expressions/arm/ast.js';
import type { UiExpr } from '../expressions/ui/index.js';
import type { HubModel } from '../model/hub.js';
import type { AdfObjectKind } from '../model/dataFactoryKinds.js';
import type { OutputKey, ParameterKey } from '../model/releases.js';
import type { AnalyticsEngine } from '../model/analyticsEngines.js';
import type { ArmResourceBodies } from './armResources.generated.js';
import type { Value, ValueObject } from './values.js';

export type { AdfObjectKind } from '../model/dataFactoryKinds.js';

export type { ArmEnum, Value, ValueObject } from './values.js';
export type { ArmResourceBodies } from './armResources.generated.js';

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

/**
 * What an ARM template says about a resource beside its body: deploy it only when `condition` is true,
 * after the resources `dependsOn` names (the template emitter adds the ones its expressions imply), and,
 * for an extension resource (a role assignment), on the resource `scope` names
 * (learn.microsoft.com/azure/azure-resource-manager/templates/syntax#resources).
 */
export interface ArmTemplateResourceFields {
  condition?: Arm;
  dependsOn?: Value[];
  scope?: string | Arm;
}

/** A resource type hubc emits (the keys of src/modules/core/apiVersions.ts, which the generated types follow). */
export type ArmResourceType = keyof ArmResourceBodies;

/**
 * An ARM resource of type `T` as it appears in the template's `resources` array: its body at hubc's API
 * version for the type (generated from the official ARM JSON schemas, src/modules/armResources.generated.ts;
 * every value may also be an ARM expression) and the template's own fields.
 */
export type ArmResourceOf<T extends ArmResourceType> = ArmResourceBodies[T] & ArmTemplateResourceFields;

/**
 * The literal shape of a position in a resource body: `T` without the ARM expression every generated
 * position also accepts, and without `undefined`. Names a part of a body for a helper that builds it, e.g.
 * `Shape<Shape<ArmResourceOf<'Microsoft.Network/networkSecurityGroups'>['properties']>['securityRules']>[number]`.
 */
export type Shape<T> = Exclude<T, Arm | undefined>;

/**
 * An ARM resource as it appears in the template's `resources` array: a union discriminated on `type`, so
 * an object literal with a misspelt property, a wrong enum value or another API version than the table's
 * fails to compile.
 */
export type ArmResource = { [T in ArmResourceType]: ArmResourceOf<T> }[ArmResourceType];

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
  /**
   * The object calls its own factory's REST API (creates pipeline runs, reads their status): `true`, or the
   * deploy-time condition under which it does. The factory's identity then gets Data Factory Contributor on its
   * own factory, under the same conditions (src/modules/dataFactory/selfRole.ts); nothing else gets it.
   */
  callsOwnFactory?: true | Arm;
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
  /**
   * A one-time script (release 12's retype scripts): its text never changes, so a deployment runs it once, when the
   * script resource is created; a Fabric eventhouse gets it in a file of its own, run once when upgrading.
   */
  once?: true;
}

/** A file written verbatim into the release folder. */
export interface FileArtifact {
  /** Path relative to the release folder, with `/` separators. */
  path: string;
  content: string;
}

/** Steps of the portal form, in the order the form shows them (`basics` is the first page). */
export type FormStep = 'basics' | 'scopes' | 'storage' | 'dataExplorer' | 'networking' | 'recommendations' | 'tags';

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
  /**
   * Elements placed just before `element` that feed no parameter themselves, e.g. the
   * `Microsoft.Solutions.ArmApiControl` whose result the element's validation reads.
   */
  helpers?: Record<string, unknown>[];
  /** Output expression, e.g. `ui.steps('storage', 'storageSku')` (written `[steps('storage').storageSku]`). */
  output: UiExpr;
  /**
   * The regions the Basics region picker offers (`config.basics.location.allowedValues`; the portal lists
   * only these, intersected with the regions of the form's resource types). At most one contribution sets it.
   */
  basicsRegions?: string[];
  /**
   * The analytics engine the element belongs to. In a release whose form asks for one engine
   * (`oneAnalyticsEngine`), the element (and its helpers) shows only while the engine is chosen, and the
   * output sends {@link FormContribution.whenOff} while another is; other releases ignore it.
   */
  engine?: AnalyticsEngine;
  /**
   * With `engine`: what the output sends while another engine is chosen. It must be a valid value of the
   * parameter (its type, allowed values and bounds: the form emitter refuses any other), as a rule its default
   * (which the engine's module leaves unused then), or the value that turns the engine off (`''` for its name).
   */
  whenOff?: Value;
}

/** A module's option of the form's engine choice (see {@link FormContribution.engine}). */
export interface FormEngineOption {
  engine: AnalyticsEngine;
  /** The option's label, e.g. `Azure Data Explorer`. */
  label: string;
  /** True when hub.yaml chooses this engine: the choice starts at it (else at none). */
  chosen: boolean;
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
  /** The module's option of the form's analytics engine choice, when it is an engine. */
  formEngine?: FormEngineOption;
  dataFactory?: AdfObject[];
  kqlScripts?: readonly KqlScriptArtifact[];
  files?: FileArtifact[];
}

/** A module: describes one hub component from the model. Never writes files. */
export type HubModule = (model: HubModel) => Contribution;
