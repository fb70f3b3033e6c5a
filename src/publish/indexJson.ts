/**
 * `index.json` of a release feed: per release its date, files (path relative to the feed, SHA-256, bytes),
 * Deploy to Azure links and release notes; the `latest` alias files. JSON Schema:
 * `schemas/feed-index.schema.json` (checked when an existing index is read).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { packagePath } from '../util/packageRoot.js';
import type { Cloud } from './urls.js';
import type { FeedChanges } from './notes.js';

/** One file of a feed. */
export interface FeedFile {
  /** Path relative to the feed folder, `/`-separated. */
  path: string;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  bytes: number;
}

/** One release of a feed. */
export interface FeedRelease {
  release: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  /** The release before it in the feed, or null for the first. */
  previous: string | null;
  /** The template and its portal form under their versioned names, e.g. `finops-hub-0.7.json`. */
  template: string;
  uiDefinition: string;
  /** Deploy to Azure links per cloud. */
  deploy: Record<Cloud, string>;
  /** Every file of the release: `<release>/...` as `hubc build` writes them, then the two versioned files. */
  files: FeedFile[];
  /**
   * Markdown: what an operator must do to upgrade from `previous` and what changes for them, in words
   * (src/publish/notes.ts), or a first-release sentence.
   */
  releaseNotes: string;
  /** The machine-level comparison with `previous`: its markdown and the feed paths of its JSON and JSON Patch files; absent for the first release. */
  changes?: FeedChanges;
}

/** The whole index. */
export interface FeedIndex {
  /** Always `hubc-release-feed`. */
  kind: 'hubc-release-feed';
  /** Public URL of the feed folder, ending in `/`. */
  baseUrl: string;
  /** Newest release, or null for an empty feed. */
  latest: string | null;
  /** Newest first. */
  releases: FeedRelease[];
  /** `finops-hub-latest.json` and `.ui.json`: copies of the newest release's files. */
  aliases: (FeedFile & { release: string })[];
}

let validator: ValidateFunction | undefined;

/**
 * Validates a value against `schemas/feed-index.schema.json`.
 * @returns the problems (`/releases/0/date must match pattern ...`), empty when valid
 */
export function checkFeedIndex(value: unknown): string[] {
  if (!validator) {
    const schema = JSON.parse(readFileSync(packagePath('schemas', 'feed-index.schema.json'), 'utf8'));
    validator = new Ajv({ allErrors: true, strict: false }).compile(schema);
  }
  if (validator(value)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}
