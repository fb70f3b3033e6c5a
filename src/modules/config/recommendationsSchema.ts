/**
 * `config/schemas/recommendations_1.0.json`: the column mapping of the Recommendations query files
 * (releases-0.9-14.md §1.9, `../shared/reference/data/schemas/recommendations_1.0.json`): a Data Factory
 * TabularTranslator from the rows of a Resource Graph response (`collectionReference` `$['data']`) to the
 * parquet columns of `Recommendations_raw` (kql-0.9-14.md §2.6), every column text, and objects written as JSON
 * text (`mapComplexValuesToString`).
 *
 * Source paths are relative to the collection reference, written `['<column>']` ("Schema and data type
 * mapping in copy activity", hierarchical source to tabular sink: learn.microsoft.com/azure/data-factory/
 * copy-activity-schema-and-type-mapping). The public file writes them `[['<column>']`, with a second `[`.
 */

/** The dataset the recommendation queries write (`ingestion/Recommendations/`, table `Recommendations_raw`). */
export const RECOMMENDATIONS_DATASET = 'Recommendations';

/** Version of the recommendation query files and of their dataset's schema file (`recommendations_1.0.json`). */
export const RECOMMENDATIONS_VERSION = '1.0';

/** The columns the mapping writes, in the order of the public file. */
export const RECOMMENDATIONS_COLUMNS = [
  'ResourceId',
  'ResourceName',
  'SubAccountId',
  'SubAccountName',
  'x_RecommendationCategory',
  'x_RecommendationDate',
  'x_RecommendationDescription',
  'x_RecommendationDetails',
  'x_RecommendationId',
  'x_ResourceGroupName',
  'x_SourceName',
  'x_SourceProvider',
  'x_SourceType',
  'x_SourceVersion',
] as const;

/** The schema file's name without `.json`: `recommendations_1.0`. */
export const RECOMMENDATIONS_SCHEMA = `${RECOMMENDATIONS_DATASET.toLowerCase()}_${RECOMMENDATIONS_VERSION}`;

/** Text of the schema file: 2-space indentation, one mapping per line, a final newline. */
export function recommendationsSchemaText(): string {
  const q = (s: string) => JSON.stringify(s);
  const mappings = RECOMMENDATIONS_COLUMNS.map(
    (c, i) => `      { "source": { "path": ${q(`['${c}']`)} }, "sink": { "name": ${q(c)}, "type": "String" } }${i < RECOMMENDATIONS_COLUMNS.length - 1 ? ',' : ''}`,
  );
  return [
    '{',
    '  "additionalColumns": [],',
    '  "translator": {',
    '    "type": "TabularTranslator",',
    '    "mappings": [',
    ...mappings,
    '    ],',
    `    "collectionReference": ${q("$['data']")},`,
    '    "mapComplexValuesToString": true',
    '  }',
    '}',
    '',
  ].join('\n');
}
