/**
 * Diagnostic registry, HUB442-HUB448 (inside the HUB420-HUB449 range of ./deploy.ts, which leaves them free): upgrade
 * notes of `hubc diff` about what a release changes for a hub that is deployed already, read from the release table
 * and the two builds (src/diff/releaseChanges.ts): the unversioned Hub functions returning another FOCUS version,
 * managed exports off by default, the open data's source, tables retyped once. Like HUB403-HUB418 they are notes,
 * not errors: `hubc upgrade-plan` turns each into a step or a warning that cites it.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** `a()`, `a() and b()`, `a(), b() and c()`. */
const list = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

export const releaseChangeCodes = defineCodes({
  HUB442: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B's unversioned Hub functions (`Costs()`, `Prices()`, ...) return another FOCUS version than A's (12: FOCUS 1.2 instead of 1.0, with renamed and added columns and real instead of decimal numbers): queries, reports and dashboards that call them get the new columns. The versioned function of A's version (`Costs_v1_0()`) returns what they got before.",
    messages: {
      /** `from`/`to`: FOCUS versions as written (`1.0`, `1.2`); `functions`: each unversioned function of the hub and the versioned one to call instead. */
      raise: (a: { from: string; to: string; functions: readonly { name: string; versioned: string }[] }) =>
        `After the deployment ${list(a.functions.map((f) => `${f.name}()`))} return FOCUS ${a.to} instead of ${a.from}: queries, reports and dashboards that call them get FOCUS ${a.to}'s columns. Those that need FOCUS ${a.from} call the versioned functions instead (the old build has them too, so they can switch before the deployment): ${a.functions.map((f) => `${f.name}() -> ${f.versioned}()`).join(', ')}.`,
    },
  },
  HUB443: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B makes managed exports the deployment's choice (12: template parameter `enableManagedExports`, hub.yaml `managedExports.enabled`, on exactly when hub.yaml lists scopes) and turns them off where A ran them: B's deployment leaves A's export pipelines and triggers, which the upgrade plan deletes. Right for a hub whose scopes come from hub.yaml; a hub whose scopes were added to `config/settings.json` by hand (portal, script) stops exporting them unless hub.yaml lists them or turns managed exports on.",
    messages: {
      /** `parameter`: the template parameter; `field`: its hub.yaml field; `follows`: the field its default follows; `objects`: the Data Factory objects of A left behind, `kind name`. */
      raise: (a: { parameter: string; field: string; follows: string; objects: readonly string[] }) =>
        `The new build turns managed exports off (${a.parameter} is false: hub.yaml ${a.follows} lists no scope, and ${a.field} is not set), so the deployment leaves ${list(a.objects)} of the old build, and the upgrade plan deletes them. That is right when the hub's export scopes come from hub.yaml. If scopes were added to config/settings.json by hand (the portal, a script), their exports are no longer created or run after the upgrade: list those scopes under ${a.follows} in hub.yaml, or set ${a.field}: true, and build again before deploying.`,
    },
  },
  HUB444: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B downloads the open data tables from a release tag of another form than A (12: `v12`, the git tag, where 0.11 used `v0.11` and the public 12.0 its version string `v12.0`, a tag that does not exist, #1885): where the cluster's open data comes from after the deployment.",
    messages: {
      /** `tables`: the open data tables; `pipeline`: the pipeline that loads them; `from`/`to`: the URLs' common start in A and B. */
      raise: (a: { tables: readonly string[]; pipeline: string; from: string; to: string }) =>
        `After the deployment ${a.pipeline} loads the open data (${list(a.tables)}) from ${a.to} (the release's git tag) instead of ${a.from}. A URL built from a version string instead of the tag (the public 12.0's v12.0, #1885) names no release and fails; the cluster must reach github.com, and the pipeline's error OpenDataLoadFailed names the table and URL that failed.`,
    },
  },
  HUB445: {
    stage: 'upgrade note',
    severity: 'info',
    meaning:
      "B's first deployment over A's Data Explorer database changes the type of existing columns (12: decimal -> real) with one-time database scripts: each drops its table's columns with their data and declares them again. The rows loaded before stay, empty in every column, until the table's retention removes them; the other tables keep their rows.",
    messages: {
      /** `tables`: the tables retyped; `types`: the type changes (`decimal -> real`); `reloaded`: retyped tables a pipeline loads again, with the pipeline. */
      raise: (a: { tables: readonly string[]; types: readonly string[]; scripts: string; reloaded?: { tables: readonly string[]; pipeline: string } }) =>
        `The first deployment of the new build retypes ${a.tables.length === 1 ? 'a table' : `${a.tables.length} tables`} of the Ingestion database once (${a.types.join(', ')}; ${a.scripts}): ${list(a.tables)}. Each script drops its table's columns with their data and declares them again: the rows loaded before stay, empty in every column, until the table's retention removes them; every other table (the final tables among them) keeps its rows${
          a.reloaded ? `, and ${a.reloaded.pipeline} loads ${list(a.reloaded.tables)} again after the deployment` : ''
        }. Dropping columns changes only the table's schema (Data Explorer neither rewrites nor deletes the stored data), so a script takes about as long on a large table as on a small one, and the old rows keep their storage until retention removes them. Later deployments do not run the scripts again.`,
    },
  },
});
