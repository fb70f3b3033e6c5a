/**
 * fast-check arbitraries drawn from a JSON Schema (the keywords schemas/hub.schema.json uses: type, enum,
 * pattern, minimum/maximum, minLength/maxLength, items, minItems/maxItems, uniqueItems, properties,
 * required, additionalProperties, propertyNames), so the fuzzer's valid models follow the schema as it
 * changes (new releases in the `release` enum included).
 */
import fc from 'fast-check';

type Schema = Record<string, any>;

const MAX_ITEMS = 4;

/** An arbitrary of strings of a schema node (enum, pattern, length). */
function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, 60);
  const base = s.pattern ? fc.stringMatching(new RegExp(s.pattern), { size: 'small' }) : fc.string({ minLength: min, maxLength: max });
  return base.filter((x) => x.length >= min && x.length <= (s.maxLength ?? Infinity));
}

/**
 * The arbitrary of values valid against a schema node.
 * @throws Error for a node whose keywords this generator does not know (so a schema change is noticed)
 */
export function arbitraryFor(s: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = arbitraryFor(s.items ?? {});
      const constraints = { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS)) };
      return s.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) props[k] = arbitraryFor(v);
      const record = fc.record(props, { requiredKeys: s.required ?? [] });
      if (typeof s.additionalProperties !== 'object') return record;
      const keys = s.propertyNames ? stringArbitrary({ type: 'string', ...s.propertyNames }) : fc.string({ minLength: 1, maxLength: 20 });
      const extra = fc.dictionary(keys, arbitraryFor(s.additionalProperties), { maxKeys: 3 });
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
    default:
      if (Object.keys(s).every((k) => ['description', 'default'].includes(k))) return fc.jsonValue();
      throw new Error(`schema node not supported by the fuzzer: ${JSON.stringify(s).slice(0, 200)}`);
  }
}
