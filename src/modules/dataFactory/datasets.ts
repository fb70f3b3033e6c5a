/**
 * Datasets of the hub's Data Factory: settings and schema files (`config`), export manifests (`manifest`),
 * export files in CSV, gzip CSV and parquet (`<exportContainer>`, `<exportContainer>_gzip`,
 * `<exportContainer>_parquet`), converted parquet files and folder listings of the `ingestion` container
 * (`ingestion`, `ingestion_files`) and manifests written into it (`ingestion_manifest`).
 *
 * All are Azure Data Lake Storage Gen2 locations (`AzureBlobFSLocation`; connector-azure-data-lake-storage,
 * format-delimited-text, format-parquet, format-json on learn.microsoft.com/azure/data-factory).
 *
 * Remote hub: the `ingestion*` datasets write to the remote hub's data lake when `remoteHubStorageUri` is
 * set. A dataset's linked service cannot be switched by an ARM `condition` without emitting the object
 * twice under one name, so their `linkedServiceName.referenceName` is the ARM expression
 * `[if(variables('deployRemoteHub'), 'remoteHubStorage', 'storage')]`, and the object depends explicitly on
 * both linked services (ARM ignores the dependency on the one whose condition is false).
 */
import * as arm from '../../expressions/arm/index.js';
import * as adf from '../../expressions/adf/index.js';
import type { AdfObject, Value } from '../types.js';
import type { AdfDataset, AdfDatasetOf, AdfDatasetTypeProperties, AdfWireObject } from './wire.js';
import type * as sdk from '@azure/arm-datafactory';
import { adfObjectId } from '../core/names.js';
import { behaves } from '../../model/releases.js';
import { LINKED_SERVICES, type DataFactoryContext } from './context.js';

/** Data Factory object names cannot hold every character a container name can; `-` becomes `_`. */
export function safeName(containerName: string): string {
  return containerName.replace(/-/g, '_');
}

/**
 * Names of the datasets, by role. The export manifest dataset is `manifest` until 13, which names it after its
 * container (`<exportContainer>_manifest`, the public 13's `msexports_manifest`: `manifestDatasetSplit`).
 */
export function datasetNames(ctx: Pick<DataFactoryContext, 'exportContainer' | 'model'>) {
  const exp = safeName(ctx.exportContainer);
  return {
    config: 'config',
    manifest: behaves(ctx.model.release, 'manifestDatasetSplit') ? `${exp}_manifest` : 'manifest',
    exportCsv: exp,
    exportGzip: `${exp}_gzip`,
    exportParquet: `${exp}_parquet`,
    ingestion: 'ingestion',
    ingestionFiles: 'ingestion_files',
    ingestionManifest: 'ingestion_manifest',
    resourceGraph: 'azureResourceGraph',
  } as const;
}

/**
 * Path and API version of Azure Resource Graph's query operation, "Resources - Resources" (POST; REST API
 * 2022-10-01, learn.microsoft.com/rest/api/azureresourcegraph/resourcegraph/resources/resources), relative to
 * the Azure Resource Manager URL of the cloud.
 */
export const RESOURCE_GRAPH_PATH = 'providers/Microsoft.ResourceGraph/resources?api-version=2022-10-01';

/**
 * The `azureResourceGraph` dataset (RestResource on the `azurerm` linked service): the URL the recommendation
 * queries are posted to, one page per request (only when `ctx.recommendationsDeployed`).
 */
function resourceGraphDataset(ctx: DataFactoryContext): AdfObject {
  return {
    kind: 'dataset',
    name: datasetNames(ctx).resourceGraph,
    condition: ctx.recommendationsDeployed,
    properties: {
      type: 'RestResource',
      linkedServiceName: { referenceName: LINKED_SERVICES.azureResourceManager, type: 'LinkedServiceReference' },
      annotations: [],
      typeProperties: { relativeUrl: RESOURCE_GRAPH_PATH },
    } satisfies AdfDatasetOf<'RestResource'>,
  };
}

/** Parameter names of the datasets. */
export const DATASET_PARAMETERS = {
  /** `config`, `manifest`: folder path starting with the container name, and file name. */
  folderPath: 'folderPath',
  fileName: 'fileName',
  /** Export datasets: path of the blob inside the export container (as in the manifest's `blobs[].blobName`). */
  blobPath: 'blobPath',
} as const;

const param = (name: string) => adf.expression(adf.datasetParameter(name));

/** The dataset types hubc uses: files in the data lake. */
type FileDatasetType = 'Json' | 'DelimitedText' | 'Parquet';

/** The `typeProperties` of a file dataset (which of the three formats is the dataset's `type`). */
type FileDatasetTypeProperties = AdfDatasetTypeProperties<FileDatasetType>;

function lakeLocation(o: { fileSystem?: string; folderPath?: Value; fileName?: Value }): AdfWireObject<sdk.AzureBlobFSLocation> {
  const loc: AdfWireObject<sdk.AzureBlobFSLocation> = { type: 'AzureBlobFSLocation' };
  if (o.fileName !== undefined) loc.fileName = o.fileName;
  if (o.folderPath !== undefined) loc.folderPath = o.folderPath;
  if (o.fileSystem !== undefined) loc.fileSystem = o.fileSystem;
  return loc;
}

const CSV_SETTINGS = { columnDelimiter: ',', escapeChar: '"', quoteChar: '"', firstRowAsHeader: true } as const;

function dataset(o: {
  name: string;
  type: FileDatasetType;
  linkedService: string | arm.Arm;
  parameters: Record<string, { type: 'String'; defaultValue?: string }>;
  typeProperties: FileDatasetTypeProperties;
  condition?: arm.Arm;
  dependsOn?: Value[];
}): AdfObject {
  const obj: AdfObject = {
    kind: 'dataset',
    name: o.name,
    properties: {
      linkedServiceName: { referenceName: o.linkedService, type: 'LinkedServiceReference' },
      parameters: o.parameters,
      annotations: [],
      type: o.type,
      typeProperties: o.typeProperties,
      schema: [],
    } satisfies Omit<AdfDataset, 'type' | 'typeProperties'> & { type: FileDatasetType; typeProperties: FileDatasetTypeProperties },
  };
  if (o.condition) obj.condition = o.condition;
  if (o.dependsOn) obj.dependsOn = o.dependsOn;
  return obj;
}

/**
 * The linked service of the `ingestion*` datasets: `remoteHubStorage` when a remote hub is set, else
 * `storage` (an ARM expression, see the module comment).
 */
export function ingestionLinkedService(ctx: DataFactoryContext): string | arm.Arm {
  return ctx.remoteHubDeployed ? arm.if_(ctx.remoteHubDeployed, LINKED_SERVICES.remoteHubStorage, LINKED_SERVICES.storage) : LINKED_SERVICES.storage;
}

/** The datasets of the release (release table `datasets`), in deployment order. */
export function datasets(ctx: DataFactoryContext): AdfObject[] {
  const names = datasetNames(ctx);
  const wanted = new Set(ctx.model.release.datasets.map((role) => names[role]));
  return allDatasets(ctx).filter((d) => wanted.has(d.name));
}

/** Every dataset any release has. */
function allDatasets(ctx: DataFactoryContext): AdfObject[] {
  const n = datasetNames(ctx);
  const P = DATASET_PARAMETERS;
  const storage = LINKED_SERVICES.storage;
  const ingestionLs = ingestionLinkedService(ctx);
  // The linked service is an ARM expression when a remote hub is possible; ARM cannot see the reference in it.
  const ingestionDeps = ctx.remoteHubDeployed ? [adfObjectId('linkedService', LINKED_SERVICES.storage), adfObjectId('linkedService', LINKED_SERVICES.remoteHubStorage)] : undefined;
  // A JSON file read by file name and folder, defaulting to one file.
  const jsonFile = (name: string, fileName: string, folderPath: string) =>
    dataset({
      name,
      type: 'Json',
      linkedService: storage,
      parameters: {
        [P.fileName]: { type: 'String', defaultValue: fileName },
        [P.folderPath]: { type: 'String', defaultValue: folderPath },
      },
      typeProperties: { location: lakeLocation({ fileName: param(P.fileName), folderPath: param(P.folderPath) }) },
    });
  const exportBlob = (name: string, type: 'DelimitedText' | 'Parquet', extra: Omit<AdfDatasetTypeProperties<'DelimitedText'>, 'location'> = {}) =>
    dataset({
      name,
      type,
      linkedService: storage,
      parameters: { [P.blobPath]: { type: 'String' } },
      typeProperties: { location: lakeLocation({ fileName: param(P.blobPath), fileSystem: ctx.exportContainer }), ...extra },
    });
  return [
    jsonFile(n.config, 'settings.json', ctx.configContainer),
    jsonFile(n.manifest, 'manifest.json', ctx.exportContainer),
    exportBlob(n.exportCsv, 'DelimitedText', { ...CSV_SETTINGS }),
    exportBlob(n.exportGzip, 'DelimitedText', { ...CSV_SETTINGS, compressionCodec: 'gzip' }),
    exportBlob(n.exportParquet, 'Parquet'),
    dataset({
      name: n.ingestion,
      type: 'Parquet',
      linkedService: ingestionLs,
      dependsOn: ingestionDeps,
      parameters: { [P.folderPath]: { type: 'String' }, [P.fileName]: { type: 'String' } },
      typeProperties: {
        location: lakeLocation({ fileName: param(P.fileName), folderPath: param(P.folderPath), fileSystem: ctx.ingestionContainer }),
        compressionCodec: 'snappy',
      },
    }),
    dataset({
      name: n.ingestionFiles,
      type: 'Parquet',
      linkedService: ingestionLs,
      dependsOn: ingestionDeps,
      parameters: { [P.folderPath]: { type: 'String' } },
      typeProperties: { location: lakeLocation({ folderPath: param(P.folderPath), fileSystem: ctx.ingestionContainer }) },
    }),
    dataset({
      name: n.ingestionManifest,
      type: 'Json',
      linkedService: ingestionLs,
      dependsOn: ingestionDeps,
      parameters: { [P.folderPath]: { type: 'String' } },
      typeProperties: { location: lakeLocation({ fileName: 'manifest.json', folderPath: param(P.folderPath), fileSystem: ctx.ingestionContainer }) },
    }),
    ...(ctx.recommendationsDeployed ? [resourceGraphDataset(ctx)] : []),
  ];
}
