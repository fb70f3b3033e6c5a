/**
 * Types of the Data Factory objects hubc builds, in wire form (the JSON of the REST API, Git integration and
 * ARM template: learn.microsoft.com/rest/api/datafactory), derived from the models of `@azure/arm-datafactory`
 * 12.0.0 (API version 2018-06-01, the one src/modules/core/apiVersions.ts gives the factory's child
 * resources), so a misspelt property, a missing required one or a wrong discriminator fails to compile.
 *
 * The SDK's models are client shapes; {@link AdfWire} turns one into the wire form:
 * - an activity, dataset, linked service or trigger keeps its envelope properties (`name`, `type`,
 *   `dependsOn`, `policy`, `linkedServiceName`, ...; the lists below, which test/modules/dataFactory/wire.test.ts
 *   holds to the SDK's serializers) at the top and moves every other property under `typeProperties`, as
 *   the SDK's serializer does (`x-ms-client-flatten`);
 * - where the wire takes a string, a Data Factory expression ({@link Adf} `"@..."`, {@link AdfInterpolation})
 *   also fits, and every value may be an ARM expression ({@link Arm}), which the template evaluates at
 *   deployment; a `Date` is its ISO 8601 text; the SDK's `any` (an "Expression with resultType", written
 *   `{ value, type: 'Expression' }` or a literal) stays `any`;
 * - discriminators (`type: 'Copy'`) stay literal, and the SDK's `[property: string]: any` for properties it
 *   does not know is dropped (so a misspelt name is not taken for one of them).
 *
 * Type-only imports: nothing of the SDK is loaded at run time, and none of these types is reachable from
 * the library's declarations (src/compiler/index.ts), which must not need the SDK.
 */
import type * as sdk from '@azure/arm-datafactory';
import type { Adf, AdfInterpolation } from '../../expressions/adf/ast.js';
import type { Arm } from '../../expressions/arm/ast.js';

/** Properties of an activity outside `typeProperties` (the SDK's `Activity`, `ExecutionActivity`, `CopyActivity`). */
export const ACTIVITY_ENVELOPE = [
  'name',
  'type',
  'description',
  'state',
  'onInactiveMarkAs',
  'dependsOn',
  'userProperties',
  'linkedServiceName',
  'policy',
  'inputs',
  'outputs',
] as const;
/** Properties of a dataset outside `typeProperties` (the SDK's `Dataset`). */
export const DATASET_ENVELOPE = ['type', 'description', 'structure', 'schema', 'linkedServiceName', 'parameters', 'annotations', 'folder'] as const;
/** Properties of a linked service outside `typeProperties` (the SDK's `LinkedService`). */
export const LINKED_SERVICE_ENVELOPE = ['type', 'description', 'connectVia', 'parameters', 'annotations'] as const;
/** Properties of a trigger outside `typeProperties` (the SDK's `Trigger`, `MultiplePipelineTrigger`, `TumblingWindowTrigger`). */
export const TRIGGER_ENVELOPE = ['type', 'description', 'runtimeState', 'annotations', 'pipelines', 'pipeline'] as const;

/** `T`'s declared properties, without the SDK's index signature for unknown ones (modifiers kept). */
type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** True when `T` is a union of several types. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/** The members of a polymorphic SDK union with one discriminator value (the abstract bases list them all). */
type Concrete<T> = T extends { type: infer K } ? (true extends IsUnion<K> ? never : T) : never;

/** One object type with the properties of an intersection (so compiler messages show one shape). */
type Merged<T> = { [K in keyof T]: T[K] };

/** The envelope of a polymorphic object (keys `E`) and the rest under `typeProperties`, in wire form. */
type Flattened<T, E> = Merged<
  { [K in keyof Known<T> as K extends E ? K : never]: AdfWire<Known<T>[K]> } & TypeProperties<{
    [K in keyof Known<T> as K extends E ? never : K]: AdfWire<Known<T>[K]>;
  }>
>;

/** `typeProperties`, required when one of its properties is. */
type TypeProperties<P> = {} extends P ? { typeProperties?: P } : { typeProperties: P };

/** An object in wire form: its declared properties, or for a map (`{ [name: string]: T }`) its values. */
type WireObject<T> = [keyof Known<T>] extends [never] ? { [key: string]: AdfWire<T[keyof T]> } : { [K in keyof Known<T>]: AdfWire<Known<T>[K]> };

/** The wire form of an `@azure/arm-datafactory` object type `T` (each member of a union), without `| Arm`. */
export type AdfWireObject<T> = T extends unknown ? WireObject<T> : never;

/**
 * The wire form of an `@azure/arm-datafactory` model type `T` (see the module comment): strings also take
 * Data Factory and ARM expressions, other values ARM expressions; activities nest in wire form.
 */
export type AdfWire<T> = 0 extends 1 & T
  ? any
  : T extends string
    ? string extends T
      ? string | Adf | AdfInterpolation | Arm
      : T
    : T extends number | boolean
      ? T | Arm
      : T extends Date
        ? string | Arm
        : T extends readonly (infer E)[]
          ? AdfWire<E>[] | Arm
          : T extends sdk.Activity
            ? WireActivity<T>
            : T extends object
              ? WireObject<T> | Arm
              : T;

/** One activity of the SDK union in wire form (never for the abstract bases). */
type WireActivity<T> = T extends unknown ? (Concrete<T> extends never ? never : Flattened<T, (typeof ACTIVITY_ENVELOPE)[number]>) : never;

/** Any pipeline activity in wire form, discriminated on `type`. */
export type AdfActivity = WireActivity<sdk.ActivityUnion>;

/** An activity `type` (`Copy`, `ForEach`, `WebActivity`, ...). */
export type AdfActivityType = AdfActivity['type'];

/** The activity of one `type` in wire form, e.g. `AdfActivityOf<'Copy'>`. */
export type AdfActivityOf<K extends AdfActivityType> = Extract<AdfActivity, { type: K }>;

/** The `typeProperties` of the activity of one `type`. */
export type AdfActivityTypeProperties<K extends AdfActivityType> = AdfActivityOf<K>['typeProperties'] & {};

/** A pipeline's `properties` (the SDK's `PipelineResource` without the resource's `id`, `name`, `type`, `etag`). */
export type AdfPipelineProperties = WireObject<Omit<Known<sdk.PipelineResource>, 'id' | 'name' | 'type' | 'etag'>>;

/** A dataset's `properties`, discriminated on `type`. */
export type AdfDataset = Concrete<sdk.DatasetUnion> extends infer D ? (D extends unknown ? Flattened<D, (typeof DATASET_ENVELOPE)[number]> : never) : never;

/** The dataset of one `type` (`Json`, `DelimitedText`, `Parquet`, ...). */
export type AdfDatasetOf<K extends AdfDataset['type']> = Extract<AdfDataset, { type: K }>;

/** The `typeProperties` of the dataset of one `type`. */
export type AdfDatasetTypeProperties<K extends AdfDataset['type']> = AdfDatasetOf<K>['typeProperties'] & {};

/** A linked service's `properties`, discriminated on `type`. */
export type AdfLinkedService = Concrete<sdk.LinkedServiceUnion> extends infer L ? (L extends unknown ? Flattened<L, (typeof LINKED_SERVICE_ENVELOPE)[number]> : never) : never;

/** The linked service of one `type` (`AzureBlobFS`, `AzureKeyVault`, ...). */
export type AdfLinkedServiceOf<K extends AdfLinkedService['type']> = Extract<AdfLinkedService, { type: K }>;

/** A trigger's `properties`, discriminated on `type`. */
export type AdfTrigger = Concrete<sdk.TriggerUnion> extends infer T ? (T extends unknown ? Flattened<T, (typeof TRIGGER_ENVELOPE)[number]> : never) : never;

/** The trigger of one `type` (`ScheduleTrigger`, `BlobEventsTrigger`, ...). */
export type AdfTriggerOf<K extends AdfTrigger['type']> = Extract<AdfTrigger, { type: K }>;
