/**
 * The envelope lists of src/modules/dataFactory/wire.ts (which properties of an activity, dataset, linked
 * service or trigger stay outside `typeProperties` in the wire types) agree with the serializers of
 * `@azure/arm-datafactory`: every property the SDK writes at the top of a member of the family is in the
 * list, every property it writes under `typeProperties.` is not, and every listed name is written at the
 * top by some member (no stale name). An SDK upgrade that moves a property fails here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as Mappers from '@azure/arm-datafactory/dist-esm/src/models/mappers.js';
import { ACTIVITY_ENVELOPE, DATASET_ENVELOPE, LINKED_SERVICE_ENVELOPE, TRIGGER_ENVELOPE } from '../../../src/modules/dataFactory/wire.js';

interface Mapper {
  type: { name: string; className?: string; modelProperties?: Record<string, { serializedName?: string }> };
}
const discriminators = (Mappers as unknown as { discriminators: Record<string, Mapper> }).discriminators;

/**
 * The classes of a polymorphic family by class name: the parent's children (`Activity.Container` ->
 * ControlActivity), theirs (`ControlActivity.ForEach` -> ForEachActivity), and so on.
 */
function family(parent: string): Map<string, Mapper> {
  const out = new Map<string, Mapper>();
  const queue = [parent];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [key, m] of Object.entries(discriminators)) {
      const name = m.type.className ?? key;
      if (key.startsWith(`${p}.`) && !out.has(name)) {
        out.set(name, m);
        queue.push(name);
      }
    }
  }
  return out;
}

for (const [parent, envelope] of [
  ['Activity', ACTIVITY_ENVELOPE],
  ['Dataset', DATASET_ENVELOPE],
  ['LinkedService', LINKED_SERVICE_ENVELOPE],
  ['Trigger', TRIGGER_ENVELOPE],
] as const) {
  test(`${parent}: the properties outside typeProperties are the envelope list`, () => {
    const members = family(parent);
    assert.ok(members.size > 5, `${parent} has ${members.size} classes`);
    const listed = new Set<string>(envelope);
    const misplaced: string[] = [];
    const seenAtTop = new Set<string>();
    for (const [name, m] of members) {
      for (const [key, p] of Object.entries(m.type.modelProperties ?? {})) {
        const serialized = p.serializedName ?? key;
        const flattened = serialized.startsWith('typeProperties.');
        // A class with a real `typeProperties` property (CustomDataset) keeps it whole: not one of ours.
        if (serialized === 'typeProperties') continue;
        if (!flattened) seenAtTop.add(key);
        if (flattened === listed.has(key)) misplaced.push(`${name}.${key} -> ${serialized}`);
      }
    }
    assert.equal(misplaced, [], 'listed properties the SDK writes under typeProperties, or the reverse');
    assert.equal(
      envelope.filter((k) => !seenAtTop.has(k)),
      [],
      'listed properties no class writes at the top',
    );
  });
}

test.run();
