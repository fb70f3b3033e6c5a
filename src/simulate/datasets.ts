/**
 * Datasets of a simulation: a dataset reference (`{ referenceName, parameters }`) resolved to a path in
 * the storage folder and a file format.
 *
 * Location rules (Data Factory `AzureBlobFSLocation` / `AzureBlobStorageLocation`): with `fileSystem` (or
 * `container`) the path is `<fileSystem>/<folderPath>/<fileName>`; without it, the first segment of
 * `folderPath` is the container (as the hub's `config` and `manifest` datasets use it). A location without
 * `fileName` is a folder. Dataset parameters take the reference's values, else their `defaultValue`;
 * `@dataset().x` in the location reads them. Every storage linked service is the local folder.
 */
import { evaluateAdfValue, type AdfEvalContext } from '../expressions/adf/evaluate.js';
import type { Factory } from './factory.js';
import { ActivityFailure, SimulationError, evaluateDeep } from './values.js';
import { codes } from '../diagnostics/index.js';

/** File formats the simulator reads and writes. */
export type DatasetFormat = 'Json' | 'DelimitedText' | 'Parquet';

/** A dataset resolved for one activity. */
export interface ResolvedDataset {
  name: string;
  format: DatasetFormat;
  /** Storage path, container first. */
  path: string;
  /** True when the location names a folder (no file name). */
  isFolder: boolean;
  /** `gzip` when the dataset reads compressed text; `snappy` etc. for parquet (ignored on read). */
  compression?: string;
  /** DelimitedText settings. */
  delimiter: string;
  quote: string;
  escape: string;
  firstRowAsHeader: boolean;
  /** Parameter values used. */
  parameters: Record<string, unknown>;
}

const STORAGE_LINKED_SERVICES = new Set(['AzureBlobFS', 'AzureBlobStorage']);

/**
 * Resolves a dataset reference evaluated in `ctx` (the activity's expression context).
 * @throws SimulationError (HUB462) for an unknown dataset, or a dataset type or linked service kind the
 *   simulator does not support; ActivityFailure (`InvalidPath`) for an empty location
 */
export function resolveDataset(factory: Factory, ref: unknown, ctx: AdfEvalContext): ResolvedDataset {
  const r = ref as { referenceName?: string; parameters?: Record<string, unknown> } | undefined;
  const ds = r?.referenceName ? factory.datasets.get(r.referenceName) : undefined;
  if (!ds) throw new SimulationError(codes.HUB462.unknown({ name: r?.referenceName ?? '(none)' }));
  const props = ds.properties;
  const format = props.type as string;
  if (format !== 'Json' && format !== 'DelimitedText' && format !== 'Parquet') {
    throw new SimulationError(codes.HUB462.format({ dataset: ds.name, format }));
  }
  const ls = factory.linkedServices.get(props.linkedServiceName?.referenceName);
  if (!ls || !STORAGE_LINKED_SERVICES.has(ls.properties.type)) {
    throw new SimulationError(codes.HUB462.linkedService({ dataset: ds.name, linkedService: props.linkedServiceName?.referenceName }));
  }
  const passed = (evaluateDeep(r?.parameters ?? {}, ctx) ?? {}) as Record<string, unknown>;
  const parameters: Record<string, unknown> = {};
  for (const [name, def] of Object.entries((props.parameters ?? {}) as Record<string, { defaultValue?: unknown }>)) {
    const key = Object.keys(passed).find((k) => k.toLowerCase() === name.toLowerCase());
    parameters[name] = key !== undefined ? passed[key] : (def?.defaultValue ?? null);
  }
  const dsCtx: AdfEvalContext = { utcNow: ctx.utcNow, dataset: parameters };
  const tp = (props.typeProperties ?? {}) as Record<string, any>;
  const loc = (evaluateDeep(tp.location ?? {}, dsCtx) ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const container = str(loc.fileSystem ?? loc.container);
  const parts = [container, str(loc.folderPath), str(loc.fileName)].filter((p) => p !== '');
  if (parts.length === 0) throw new ActivityFailure('InvalidPath', `The dataset '${ds.name}' resolves to an empty location (parameters ${JSON.stringify(parameters)}).`);
  const text = (key: string, fallback: string) => {
    const v = tp[key];
    return typeof v === 'string' ? str(evaluateAdfValue(v, dsCtx)) : fallback;
  };
  return {
    name: ds.name,
    format,
    path: parts.join('/'),
    isFolder: str(loc.fileName) === '',
    compression: typeof tp.compressionCodec === 'string' ? str(evaluateAdfValue(tp.compressionCodec, dsCtx)).toLowerCase() : undefined,
    delimiter: text('columnDelimiter', ','),
    quote: text('quoteChar', '"'),
    escape: text('escapeChar', '\\'),
    firstRowAsHeader: tp.firstRowAsHeader === true,
    parameters,
  };
}
