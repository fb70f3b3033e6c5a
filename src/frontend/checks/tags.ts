/**
 * Tag checks, on the tags each resource of the release gets: `tags` merged with `tagsByResource[type]` and
 * the tags the hub adds itself (src/model/tags.ts, which cites Azure's "Limitations" of tags,
 * learn.microsoft.com/azure/azure-resource-manager/management/tag-resources#limitations):
 * - HUB211: a tag name that is empty or contains `<`, `>`, `%`, `&`, `\`, `?` or `/`;
 * - HUB215: a tag name longer than a resource type allows (128 characters on storage accounts; the schema
 *   holds every name to 512 and every value to 256);
 * - HUB216: more tags on one resource than Azure allows (50; 15 on Private DNS zones and their links);
 * - HUB217: two tags of one resource whose names differ only in case, or a tag the hub sets itself;
 * - HUB230 (warning): a tag name a resource type accepts but drops (a space or `:` on Private DNS zones).
 * `tagsByResource` keys are matched to resource types case-insensitively (ARM's `contains()` and property
 * access on objects ignore case); keys that are no type the release tags are `tagsByResource.ts`'s.
 */
import { codes } from '../../diagnostics/index.js';
import { FORBIDDEN_TAG_NAME_CHARACTERS, HUB_TAG_NAMES, tagLimits, taggedResourceTypes, type TaggedResourceType } from '../../model/tags.js';
import type { Check, CheckContext, DataPath } from './types.js';
import { isObject } from '../../util/json.js';

/** The tag names of `tags` and of each `tagsByResource` entry, as written. */
interface WrittenTags {
  tags: string[];
  /** `tagsByResource` key -> its tag names. */
  byKey: Map<string, string[]>;
}

function writtenTags(ctx: CheckContext): WrittenTags {
  const tags = isObject(ctx.data.tags) ? Object.keys(ctx.data.tags) : [];
  const byKey = new Map<string, string[]>();
  if (isObject(ctx.data.tagsByResource)) {
    for (const [key, value] of Object.entries(ctx.data.tagsByResource)) if (isObject(value)) byKey.set(key, Object.keys(value));
  }
  return { tags, byKey };
}

/** The `tagsByResource` key that applies to a resource type (the first that matches it ignoring case). */
function keyFor(type: string, byKey: Map<string, string[]>): string | undefined {
  const lower = type.toLowerCase();
  for (const key of byKey.keys()) if (key.toLowerCase() === lower) return key;
  return undefined;
}

const HUB_TAGS = new Map(HUB_TAG_NAMES.map((n) => [n.toLowerCase(), n]));

export const tagNamesCheck: Check = {
  codes: [codes.HUB211, codes.HUB215, codes.HUB217, codes.HUB230],
  run(ctx) {
    const { tags, byKey } = writtenTags(ctx);
    const types = taggedResourceTypes(ctx.release);
    /** Reports the problems of one list of names that every resource of `applies` gets. */
    const names = (list: string[], base: DataPath, applies: readonly TaggedResourceType[]) => {
      const seen = new Map<string, string>();
      for (const name of list) {
        const path = [...base, name];
        if (name === '') ctx.report(codes.HUB211.empty(), path, { key: true });
        else if (FORBIDDEN_TAG_NAME_CHARACTERS.test(name)) ctx.report(codes.HUB211.raise({ key: name }), path, { key: true });
        const tooShort = applies.filter((t) => name.length > tagLimits(t).maxNameLength);
        // Names over 512 characters are the schema's (HUB105) for tags; tagsByResource names are checked here.
        if (tooShort.length && (base[0] !== 'tags' || tooShort.length < applies.length)) {
          const limit = Math.max(...tooShort.map((t) => tagLimits(t).maxNameLength));
          ctx.report(codes.HUB215.name({ key: short(name), length: name.length, limit, types: tooShort.join(', ') }), path, { key: true });
        }
        const dropping = applies.filter((t) => tagLimits(t).droppedNames?.pattern.test(name));
        if (dropping.length) {
          ctx.report(codes.HUB230.raise({ key: short(name), what: tagLimits(dropping[0]!).droppedNames!.what, types: dropping.join(', ') }), path, { key: true });
        }
        const lower = name.toLowerCase();
        const hubTag = HUB_TAGS.get(lower);
        if (hubTag) ctx.report(codes.HUB217.hubTag({ key: name, hubTag }), path, { key: true });
        const other = seen.get(lower);
        if (other !== undefined) ctx.report(codes.HUB217.caseOnly({ key: name, other, where: ` in ${base.join('.')}` }), path, { key: true });
        else seen.set(lower, name);
      }
    };
    names(tags, ['tags'], types);
    const tagsByLower = new Map(tags.map((n) => [n.toLowerCase(), n]));
    for (const [key, list] of byKey) {
      const type = types.find((t) => t.toLowerCase() === key.toLowerCase());
      names(list, ['tagsByResource', key], type ? [type] : []);
      if (!type) continue;
      // A name of tags written in another case: the resource would get both spellings.
      for (const name of list) {
        const inTags = tagsByLower.get(name.toLowerCase());
        if (inTags !== undefined && inTags !== name) {
          ctx.report(codes.HUB217.caseOnly({ key: name, other: inTags, where: ` in tags, so ${type} would get both` }), ['tagsByResource', key, name], { key: true });
        }
      }
    }
  },
};

/** A tag name cut for messages. */
function short(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}

export const tagCountCheck: Check = {
  codes: [codes.HUB216],
  run(ctx) {
    const { tags, byKey } = writtenTags(ctx);
    /** One diagnostic per place a limit is passed, naming every resource type that passes it there. */
    const passed = new Map<string, { path: DataPath; limit: number; counts: number[]; types: string[]; where: string }>();
    for (const type of taggedResourceTypes(ctx.release)) {
      const limit = tagLimits(type).maxTags;
      const key = keyFor(type, byKey);
      const seen = new Set(HUB_TAGS.keys());
      let at: { path: DataPath; where: string } | undefined;
      const add = (name: string, path: DataPath, where: string) => {
        const lower = name.toLowerCase();
        if (seen.has(lower)) return;
        seen.add(lower);
        if (!at && seen.size > limit) at = { path, where };
      };
      for (const name of tags) add(name, ['tags', name], 'tags');
      if (key !== undefined) for (const name of byKey.get(key)!) add(name, ['tagsByResource', key, name], `tagsByResource.${key}`);
      if (!at) continue;
      // The first tag past the limit, where each type passing it there is named.
      const id = JSON.stringify([at.path, limit]);
      const entry = passed.get(id) ?? { ...at, limit, counts: [], types: [] };
      entry.types.push(type);
      entry.counts.push(seen.size);
      passed.set(id, entry);
    }
    for (const p of passed.values()) {
      const types = p.types.length === taggedResourceTypes(ctx.release).length ? `every resource the hub tags (${p.types.length} types)` : p.types.join(', ');
      const [low, high] = [Math.min(...p.counts), Math.max(...p.counts)];
      ctx.report(codes.HUB216.raise({ where: p.where, types, limit: p.limit, hub: HUB_TAG_NAMES.length, counts: low === high ? `${low}` : `${low} to ${high}` }), p.path, {
        key: true,
      });
    }
  },
};
