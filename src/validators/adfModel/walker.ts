/**
 * The walk of the Data Factory model checker (`../adfModel.ts`): one {@link Walker} per object checks
 * each value against its `@azure/arm-datafactory` mapper (null handling, ARM expressions, constants,
 * types, constraints), resolves polymorphic types, reports required, read-only and unknown properties,
 * and checks object names and schedule trigger times.
 */
import { isArmExpressionString } from '../../expressions/arm/semantics.js';
import { ADF_KIND_LABEL as KIND_LABEL, type AdfObjectKind } from '../../model/dataFactoryKinds.js';
import { compileModel, discriminatorValues, isSameOrSubclass, searchStart, type CompiledModel, type PropertyMapper, type TrieNode } from './metadata.js';
import { checkConstraints, closest, describeValue, isAdfExpressionObject, isAdfExpressionString, joinIndex, joinKey, parseIsoDateTime, UUID, type Constraints } from './values.js';
import { isObject, type JsonObject } from '../../util/json.js';

/** One finding of the model checker. */
export interface AdfModelIssue {
  severity: 'error' | 'warning';
  /** JSON path inside the wire object, e.g. `properties.activities[0].typeProperties.items`. */
  path: string;
  /** What is wrong, e.g. `expected boolean, got string "yes"` or `unknown Activity type 'WebActivityy'`. */
  message: string;
  /** Names of the enclosing activities, outermost first, joined with ` / ` (only inside activities). */
  activity?: string;
  /** How to fix it, when there is something useful to say (e.g. a spelling suggestion). */
  hint?: string;
}

/**
 * Constraints on object names: the SDK's path parameters `pipelineName`, `triggerName`, `datasetName`
 * and `linkedServiceName` (`dist-esm/src/models/parameters.js`) all carry this pattern and length range.
 * Copied as data because that file imports `./mappers` without an extension and so does not load in
 * Node ESM; the test compares the values with the SDK's.
 */
export const ADF_NAME_CONSTRAINTS: Readonly<Constraints> = {
  Pattern: /^[A-Za-z0-9_][^<>*#.%&:\\+?/]*$/,
  MinLength: 1,
  MaxLength: 260,
};

/** `timeZone` values that mean UTC in schedule triggers. */
const UTC_ZONES = new Set(['utc', 'coordinated universal time']);

/**
 * Accumulates issues while walking one object: `report` records one, `walkModel` checks a value against a
 * model class, `checkName` the object name. Never throws for bad input.
 */
export class Walker {
  readonly issues: AdfModelIssue[] = [];
  private readonly activities: string[] = [];

  constructor(private readonly arm: boolean) {}

  report(severity: AdfModelIssue['severity'], path: string, message: string, hint?: string): void {
    const issue: AdfModelIssue = { severity, path, message };
    if (this.activities.length) issue.activity = this.activities.join(' / ');
    if (hint) issue.hint = hint;
    this.issues.push(issue);
  }

  /** True when the value is skipped as an opaque ARM expression. */
  private opaque(value: unknown): boolean {
    return this.arm && isArmExpressionString(value);
  }

  private mismatch(path: string, expected: string, value: unknown): void {
    const hint = isAdfExpressionString(value) || isAdfExpressionObject(value) ? 'This property takes a literal value; Data Factory does not evaluate expressions here.' : undefined;
    this.report('error', path, `expected ${expected}, got ${describeValue(value)}`, hint);
  }

  /**
   * Checks a property value (null handling, ARM expressions, constants, then the type).
   * @param owner class name for messages
   */
  checkValue(value: unknown, mapper: PropertyMapper, path: string, owner: string, required: boolean): void {
    if (value === null) {
      if (required && !mapper.nullable) this.report('error', path, `required property is null (${owner})`);
      return;
    }
    if (this.opaque(value)) return;
    if (mapper.isConstant) {
      if (value !== mapper.defaultValue) {
        this.report('error', path, `must be the constant ${JSON.stringify(mapper.defaultValue)}, got ${describeValue(value)}`);
      }
      return;
    }
    this.checkType(value, mapper, path, owner);
  }

  private checkType(value: unknown, mapper: PropertyMapper, path: string, owner: string): void {
    const type = mapper.type;
    const constraints = mapper.constraints as Constraints | undefined;
    const constrain = () => {
      for (const message of constraints ? checkConstraints(value, constraints) : []) this.report('error', path, message);
    };
    switch (type.name) {
      case 'any':
        this.checkAny(value, path);
        return;
      case 'Object':
        if (typeof value !== 'object') this.mismatch(path, 'object', value);
        return;
      case 'String':
        if (typeof value !== 'string') this.mismatch(path, 'string', value);
        else constrain();
        return;
      case 'Number':
        if (typeof value !== 'number' || !Number.isFinite(value)) this.mismatch(path, 'number', value);
        else constrain();
        return;
      case 'Boolean':
        if (typeof value !== 'boolean') this.mismatch(path, 'boolean', value);
        return;
      case 'Date':
      case 'DateTime':
        if (typeof value !== 'string' || !parseIsoDateTime(value)) this.mismatch(path, 'ISO date-time string', value);
        return;
      case 'Uuid':
        if (typeof value !== 'string' || !UUID.test(value)) this.mismatch(path, 'UUID string', value);
        return;
      case 'Enum': {
        const allowed = (type.allowedValues ?? []).map(String);
        const ok = typeof value === 'string' && allowed.some((a) => a.toLowerCase() === value.toLowerCase());
        if (!ok) this.mismatch(path, `one of ${JSON.stringify(allowed)}`, value);
        return;
      }
      case 'Sequence':
        if (!Array.isArray(value)) {
          this.mismatch(path, 'array', value);
          return;
        }
        constrain();
        if (type.element) value.forEach((item, i) => this.checkValue(item, type.element!, joinIndex(path, i), owner, false));
        return;
      case 'Dictionary':
        if (!isObject(value)) {
          this.mismatch(path, 'object', value);
          return;
        }
        if (type.value) for (const [k, v] of Object.entries(value)) this.checkValue(v, type.value, joinKey(path, k), owner, false);
        return;
      case 'Composite':
        if (type.className) this.walkModel(value, type.className, path);
        return;
      default:
        return; // other core-client type names (Stream, ByteArray ...) are not used by these models
    }
  }

  /**
   * Checks an `any` value: free JSON, except that Data Factory expression objects must match the
   * `Expression` model and secret objects (`SecureString`, `AzureKeyVaultSecret`) the `SecretBase` models.
   */
  private checkAny(value: unknown, path: string): void {
    if (this.opaque(value)) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => this.checkAny(item, joinIndex(path, i)));
    } else if (isObject(value)) {
      if (isAdfExpressionObject(value)) this.walkModel(value, 'Expression', path);
      else if (value.type === 'SecureString' || value.type === 'AzureKeyVaultSecret') this.walkModel(value, 'SecretBase', path);
      else for (const [k, v] of Object.entries(value)) this.checkAny(v, joinKey(path, k));
    }
  }

  /**
   * Checks a JSON object against a model class, resolving polymorphic types first.
   * @param className the declared class of the property
   */
  walkModel(value: unknown, className: string, path: string): void {
    if (this.opaque(value)) return;
    if (!isObject(value)) {
      this.mismatch(path, `object (${className})`, value);
      return;
    }
    let model = compileModel(className);
    if (!model) return;
    const isActivity = model.root === 'Activity';
    if (isActivity) this.activities.push(typeof value.name === 'string' ? value.name : '?');
    let unknownType = false;
    if (model.discriminator) {
      const raw = value[model.discriminator];
      if (typeof raw !== 'string' || this.opaque(raw)) {
        // missing or wrong type (reported as such), or decided at deployment time: the concrete model
        // is unknown, so its properties are not reported as unknown
        unknownType = true;
      } else {
        const known = discriminatorValues(searchStart(className));
        const found = known.get(raw);
        if (!found) {
          const suggestion = closest(raw, known.keys());
          this.report(
            'error',
            joinKey(path, model.discriminator),
            `unknown ${model.root ?? className} type '${raw}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
            `Data Factory SDK 12.0.0 knows ${known.size} ${model.root ?? className} types.`,
          );
          unknownType = true;
        } else {
          if (!isSameOrSubclass(found, className)) {
            this.report('error', joinKey(path, model.discriminator), `type '${raw}' (${found}) is not a ${className}`);
          }
          model = compileModel(found) ?? model;
        }
      }
    }
    this.checkRequired(value, model, path);
    this.walkNode(value, model.trie, path, model, unknownType, '');
    if (model.className === 'ScheduleTriggerRecurrence') this.checkScheduleTimes(value, path);
    if (isActivity) this.activities.pop();
  }

  /** Reports required properties that are absent (null is reported by checkValue). */
  private checkRequired(obj: JsonObject, model: CompiledModel, path: string): void {
    for (const p of model.properties) {
      if (!p.required || p.mapper.readOnly) continue;
      let current: unknown = obj;
      let state: 'present' | 'missing' | 'decided' = 'present';
      for (const segment of p.path) {
        if (current === undefined || current === null) {
          state = 'missing'; // an intermediate object (e.g. `typeProperties`) is absent or null
          break;
        }
        if (this.opaque(current) || !isObject(current)) {
          state = 'decided'; // known at deployment time only, or a type error reported elsewhere
          break;
        }
        current = current[segment];
      }
      if (state === 'present' && current === undefined) state = 'missing';
      if (state !== 'missing') continue; // a null leaf is reported by checkValue
      const where = p.path.reduce((acc, segment) => joinKey(acc, segment), path);
      const constant = p.mapper.isConstant ? `; must be ${JSON.stringify(p.mapper.defaultValue)}` : '';
      this.report('error', where, `required property missing (${model.className})${constant}`);
    }
  }

  /** Walks the keys of a JSON object alongside a trie node of the model. */
  private walkNode(obj: JsonObject, node: TrieNode, path: string, model: CompiledModel, unknownType: boolean, prefix: string): void {
    for (const [key, value] of Object.entries(obj)) {
      if (value === undefined) continue; // not JSON; absent after serialization
      const here = joinKey(path, key);
      const child = node.children.get(key);
      if (!child) {
        if (unknownType || model.acceptedExtras.has(prefix + key)) continue;
        const suggestion = closest(key, node.children.keys());
        const hint = suggestion ? `Did you mean '${suggestion}'?` : undefined;
        if (model.additionalProperties) {
          this.report('warning', here, `property not in ${model.className} model (accepted as additionalProperties)`, hint);
        } else {
          this.report('error', here, `property not in ${model.className} model`, hint);
        }
        continue;
      }
      if (child.property) {
        const p = child.property;
        if (p.mapper.readOnly) {
          this.report('warning', here, `read-only property of ${model.className}; the service ignores it`);
          continue;
        }
        this.checkValue(value, p.mapper, here, model.className, p.required);
      } else {
        // an intermediate object of flattened properties, e.g. `typeProperties`
        if (value === null || this.opaque(value)) continue;
        if (!isObject(value)) {
          this.mismatch(here, 'object', value);
          continue;
        }
        this.walkNode(value, child, here, model, unknownType, `${prefix}${key}.`);
      }
    }
  }

  /**
   * Schedule trigger times: for a time zone other than UTC, Data Factory takes `startTime`/`endTime` as
   * local times without offset (learn.microsoft.com/azure/data-factory/how-to-create-schedule-trigger,
   * "Time zone option"). Parsed without `Date`, so the result does not depend on `TZ`.
   */
  private checkScheduleTimes(recurrence: JsonObject, path: string): void {
    const zone = recurrence.timeZone;
    if (typeof zone !== 'string' || this.opaque(zone) || UTC_ZONES.has(zone.toLowerCase())) return;
    for (const key of ['startTime', 'endTime']) {
      const text = recurrence[key];
      if (typeof text !== 'string') continue;
      const parsed = parseIsoDateTime(text);
      if (parsed?.offset) {
        this.report(
          'error',
          joinKey(path, key),
          `${key} ${JSON.stringify(text)} has a UTC offset, but timeZone is '${zone}'`,
          'For time zones other than UTC, give the local time without offset, e.g. 2023-01-01T01:01:00.',
        );
      }
    }
  }

  /** Checks the object name against the SDK's path-parameter constraints for the kind. */
  checkName(kind: AdfObjectKind, name: unknown): void {
    if (this.opaque(name)) return;
    if (typeof name !== 'string' || name === '') {
      this.report('error', 'name', `object name missing, got ${describeValue(name)}`);
      return;
    }
    for (const message of checkConstraints(name, ADF_NAME_CONSTRAINTS)) {
      this.report('error', 'name', `${KIND_LABEL[kind]} name ${message}`);
    }
  }
}
