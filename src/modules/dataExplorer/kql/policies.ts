/**
 * Update policies of the Data Explorer scripts: which transform writes which table, and one `.alter table ... policy
 * update` command per target table (the command replaces the table's whole policy, so the datasets that write one
 * table, the C360 datasets writing `Costs_raw`, share one command with an entry each; kql-0.9-14.md §3.1, §3.4).
 */

/** One entry of an update policy: the transform (function name, without `()`) that runs on ingestion into `source`. */
export interface PolicyEntry {
  source: string;
  query: string;
}

/** An update policy command: its target table, its entries, whether they run, and a comment line ('' for none). */
export interface UpdatePolicy {
  target: string;
  entries: PolicyEntry[];
  enabled: boolean;
  note: string;
}

/** What {@link withUpdatePolicies} reads of a dataset. */
interface PolicySource {
  rawTable: string;
  transformFunction: string;
  /** The table the transform writes. */
  finalTable: string;
}

/**
 * The datasets with `updatePolicy` set on the last of those that write each target table (null on the others), in
 * the order given; `enabled(d)` tells whether the policy of the target `d` writes runs.
 */
export function withUpdatePolicies<T extends PolicySource>(datasets: readonly T[], enabled: (d: T) => boolean): (T & { updatePolicy: UpdatePolicy | null })[] {
  const entry = (d: T): PolicyEntry => ({ source: d.rawTable, query: d.transformFunction });
  return datasets.map((d) => {
    const sameTarget = datasets.filter((x) => x.finalTable === d.finalTable);
    if (sameTarget.at(-1) !== d) return { ...d, updatePolicy: null };
    const note = sameTarget.length > 1 ? `One command for every transform that writes ${d.finalTable}: .alter replaces the table's whole update policy.` : '';
    return { ...d, updatePolicy: { target: d.finalTable, entries: sameTarget.map(entry), enabled: enabled(d), note } };
  });
}
