/**
 * Diagnostic registry, HUB3xx: validation of the generated output (ARM schema and references, Data Factory model and references, KQL).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const outputCodes = defineCodes({
  HUB301: {
    stage: 'output',
    severity: 'error',
    meaning: '`azuredeploy.json` breaks the official ARM JSON schema of a resource type (path names the resource).',
    messages: {
      raise: (a: { resourceType?: string; detail: string }) =>
        a.resourceType
          ? {
              message: `${a.resourceType}: ${a.detail}`,
              hint: `Compare with the ARM template reference: https://learn.microsoft.com/azure/templates/${a.resourceType.toLowerCase()}`,
            }
          : `template: ${a.detail}`,
    },
  },
  HUB302: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory object breaks the Data Factory SDK model (error).',
    messages: {
      /** `property` is the last segment of the JSON path with a colon (`isSequential: `), or ''; detail and hint come from the model checker. */
      raise: (a: { property: string; detail: string; hint?: string }) => ({ message: `Data Factory model: ${a.property}${a.detail}`, hint: a.hint || undefined }),
    },
  },
  HUB303: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A Data Factory object has a property the SDK model does not know (warning).',
    messages: {
      /** As HUB302, for the model checker's warnings. */
      raise: (a: { property: string; detail: string; hint?: string }) => ({ message: `Data Factory model: ${a.property}${a.detail}`, hint: a.hint || undefined }),
    },
  },
  HUB304: {
    stage: 'output',
    severity: 'error',
    meaning: 'An ARM expression does not parse, or names an undeclared parameter, variable or function, or a `dependsOn` target that does not exist.',
    messages: {
      // `quoted` texts are template strings as the checker quotes them (in double quotes, cut to 120 characters).
      notParsed: (a: { detail: string; at: number; quoted: string }) => `ARM expression does not parse: ${a.detail} at character ${a.at} of ${a.quoted}.`,
      bareLiteral: (a: { value: string; quoted: string }) => ({
        message: `ARM expressions have no bare '${a.value}' literal (in ${a.quoted}).`,
        hint: `Write ${a.value}() instead.`,
      }),
      unknownUserFunction: (a: { name: string }) => `Unknown function '${a.name}': the template declares no user-defined function of that name.`,
      userFunctionArity: (a: { name: string; count: number; given: number }) => `User-defined function '${a.name}' takes ${a.count} argument(s) but is called with ${a.given}.`,
      unknownFunction: (a: { name: string }) => ({ message: `Unknown ARM function '${a.name}'.`, hint: 'Check the spelling against the ARM template function reference.' }),
      arity: (a: { name: string; arity: string; given: number }) => `${a.name}() takes ${a.arity} argument(s) but is called with ${a.given}.`,
      unknownParameter: (a: { name: string; fn?: string }) => ({
        message: a.fn
          ? `parameters('${a.name}') names no parameter of user-defined function '${a.fn}'.`
          : `parameters('${a.name}') names a parameter the template does not declare.`,
        hint: 'Declare the parameter or fix the name.',
      }),
      variablesInFunction: (a: { fn: string }) => `variables() cannot be used inside user-defined function '${a.fn}'.`,
      variablesInParameterDefault: {
        message: 'variables() cannot be used in a parameter default value.',
        hint: 'Parameter defaults can use other parameters and deployment functions, not variables.',
      },
      unknownVariable: (a: { name: string }) => ({
        message: `variables('${a.name}') names a variable the template does not declare.`,
        hint: 'Declare the variable or fix the name.',
      }),
      lambdaVariable: (a: { name: string }) => `lambdaVariables('${a.name}') is not inside a lambda that declares '${a.name}'.`,
      callInFunction: (a: { name: string; fn: string }) => `${a.name}() cannot be used inside user-defined function '${a.fn}'.`,
      callInVariables: (a: { name: string }) => ({
        message: `${a.name}() cannot be used in the variables section.`,
        hint: 'Move the expression into the resource or output that needs it.',
      }),
      callInParameterDefault: (a: { name: string }) => ({
        message: `${a.name}() cannot be used in a parameter default value.`,
        hint: 'Move the expression into the resource or output that needs it.',
      }),
      dependsOnNoMatch: (a: { quoted: string }) => ({
        message: `dependsOn entry ${a.quoted} matches no resource of this template.`,
        hint: 'Point dependsOn at a resource declared in the same template (resourceId(type, name), its name, or a copy loop name).',
      }),
      nestedUndeclaredParameter: (a: { name: string }) => ({
        message: `The nested deployment passes parameter '${a.name}', which its inner template does not declare.`,
        hint: 'Declare the parameter in the inner template or stop passing it.',
      }),
      nestedMissingParameter: (a: { name: string }) => ({
        message: `The nested deployment does not pass required parameter '${a.name}' of its inner template.`,
        hint: 'Pass a value or give the parameter a defaultValue.',
      }),
    },
  },
  HUB305: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A resource referenced with `reference()`/`resourceId()` is declared in the template but missing from `dependsOn` (warning).',
    messages: {
      raise: (a: { resource: string; fn: string; target: string }) => ({
        message: `Resource '${a.resource}' uses ${a.fn}() of '${a.target}', which is declared in this template but is not in its dependsOn.`,
        hint: 'Add the resource to dependsOn so ARM deploys it first.',
      }),
    },
  },
  HUB310: {
    stage: 'output',
    severity: 'error',
    meaning: 'The Kusto language service reports an error in a KQL script (message includes its KSnnn code).',
    messages: {
      /** An error of the Kusto language service, with its KSnnn code. */
      languageService: (a: { code: string; message: string }) => `${a.code}: ${a.message}`,
      failed: (a: { detail: string }) => `the Kusto language service failed on this command: ${a.detail}`,
      columnType: (a: { column: string; table: string; type: string; command: string; newType: string }) => ({
        message: `column '${a.column}' of table ${a.table} is already ${a.type}; ${a.command} cannot change it to ${a.newType}`,
        hint: 'Keep the existing column type or rename the column.',
      }),
    },
  },
  HUB311: {
    stage: 'output',
    severity: 'error',
    meaning: "An update policy's transform result schema differs from its target table.",
    messages: {
      /** `difference` is one line of the schema comparison (src/validators/kql/commands.ts `compareSchemas`). */
      raise: (a: { table: string; difference: string }) => ({
        message: `update policy of ${a.table}: ${a.difference}`,
        hint: 'The query must return exactly the target table columns, in the same order and with the same types.',
      }),
    },
  },
  HUB312: {
    stage: 'output',
    severity: 'error',
    meaning: 'An ingestion mapping names a column its table does not have.',
    messages: {
      notJson: (a: { mapping: string; detail: string }) => `ingestion mapping ${a.mapping} is not valid JSON: ${a.detail}`,
      notArray: (a: { mapping: string }) => `ingestion mapping ${a.mapping} must be a JSON array`,
      noTable: (a: { mapping: string; table: string; database: string }) => ({
        message: `ingestion mapping ${a.mapping} is for table ${a.table}, which does not exist in database ${a.database}`,
        hint: 'Create the table before its mapping.',
      }),
      noColumnName: (a: { mapping: string }) => `ingestion mapping ${a.mapping} has an entry without a "Column" name`,
      unknownColumn: (a: { mapping: string; column: string; table: string; columns: readonly string[] }) => ({
        message: `ingestion mapping ${a.mapping} maps to column '${a.column}', which table ${a.table} does not have`,
        hint: `Table ${a.table} has: ${a.columns.join(', ')}.`,
      }),
      noMapping: (a: { mapping?: string; table: string; database?: string }) =>
        `no ingestion mapping${a.mapping ? ` named ${a.mapping}` : ''} for table ${a.table}${a.database ? ` in database ${a.database}` : ''}`,
      unreadSources: (a: { mapping: string; table: string; missing: readonly string[] }) => ({
        message: `ingestion mapping ${a.mapping} of table ${a.table} does not read source column${a.missing.length > 1 ? 's' : ''} ${a.missing.map((s) => `'${s}'`).join(', ')}`,
        hint: 'Add a mapping entry for each source column the dataset delivers.',
      }),
    },
  },
  HUB313: {
    stage: 'output',
    severity: 'error',
    meaning: "An update policy's source table or query is wrong.",
    messages: {
      notJson: (a: { table: string; detail: string }) => `update policy of ${a.table} is not valid JSON: ${a.detail}`,
      notObject: (a: { table: string }) => `update policy of ${a.table} must be a JSON object or array of objects`,
      noSource: (a: { table: string }) => `update policy of ${a.table} has no "Source" table`,
      unknownSource: (a: { table: string; source: string; database: string }) => ({
        message: `update policy of ${a.table} reads source table '${a.source}', which does not exist in database ${a.database}`,
        hint: 'Create the source table before the policy.',
      }),
      noQuery: (a: { table: string }) => `update policy of ${a.table} has no "Query"`,
      /** An error of the Kusto language service in the policy's query, with its KSnnn code. */
      queryError: (a: { table: string; code: string; message: string }) => `update policy query of ${a.table}: ${a.code}: ${a.message}`,
      notAQuery: (a: { table: string }) => `update policy query of ${a.table} must be a query, not a command`,
      noResult: (a: { table: string }) => `update policy query of ${a.table} does not return a table`,
    },
  },
  HUB314: {
    stage: 'output',
    severity: 'warning',
    meaning: 'A Kusto language service warning.',
    messages: {
      /** A warning of the Kusto language service, with its KSnnn code. */
      languageService: (a: { code: string; message: string }) => `${a.code}: ${a.message}`,
    },
  },
  HUB320: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression does not parse.',
    messages: {
      notParsed: (a: { detail: string; offset: number; value: string }) =>
        `expression does not parse: ${a.detail} (at offset ${a.offset} of ${JSON.stringify(a.value.length > 80 ? a.value.slice(0, 77) + '...' : a.value)})`,
    },
  },
  HUB321: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression names an undeclared pipeline parameter or variable, or a dataset/linked service parameter.',
    messages: {
      // `declared` lists are written as the checker lists names (src/validators/adfReferences/common.ts `list`).
      variablesOutsidePipeline: 'variables() is only available in pipelines',
      unknownVariable: (a: { name: string; declared: string }) => ({
        message: `variables('${a.name}') refers to a variable the pipeline does not declare`,
        hint: `Declared variables: ${a.declared}.`,
      }),
      setsUnknownVariable: (a: { type: string; name: string; declared: string }) => ({
        message: `${a.type} sets variable '${a.name}', which the pipeline does not declare`,
        hint: `Declared variables: ${a.declared}.`,
      }),
      datasetOutside: 'dataset() is only available inside a dataset definition',
      linkedServiceOutside: 'linkedService() is only available inside a linked service definition',
      unknownPipelineParameter: (a: { key: string; declared: string }) => ({
        message: `pipeline().parameters.${a.key} refers to a parameter the pipeline does not declare`,
        hint: `Declared parameters: ${a.declared}.`,
      }),
      unknownOwnParameter: (a: { fn: string; key: string; label: string; declared: string }) => ({
        message: `${a.fn}().${a.key} refers to a parameter the ${a.label} does not declare`,
        hint: `Declared parameters: ${a.declared}.`,
      }),
    },
  },
  HUB322: {
    stage: 'output',
    severity: 'error',
    meaning: 'A Data Factory expression names an activity that does not exist or is not upstream through `dependsOn`.',
    messages: {
      activityOutsidePipeline: 'activity() is only available in pipelines',
      unknownActivity: (a: { name: string; activities: string }) => ({
        message: `activity('${a.name}') refers to an activity that does not exist in the pipeline`,
        hint: `Activities: ${a.activities}.`,
      }),
      notUpstream: (a: { name: string; declared: string; upstream: string }) => ({
        message: `activity('${a.name}') refers to an activity that does not run before this one`,
        hint: `Add a dependsOn path from '${a.declared}' to this activity; upstream activities here: ${a.upstream}.`,
      }),
      dependsOn: (a: { activity: string; elsewhere: boolean; here: string }) => ({
        message: a.elsewhere
          ? `dependsOn names activity '${a.activity}', which is not in the same activity list`
          : `dependsOn names activity '${a.activity}', which does not exist in the pipeline`,
        hint: `An activity can only depend on activities of the same list; activities here: ${a.here}.`,
      }),
    },
  },
  HUB323: {
    stage: 'output',
    severity: 'error',
    meaning: 'A reference to an unknown pipeline, dataset or linked service, or a parameter it does not declare (or a required one not passed).',
    messages: {
      unknownObject: (a: { label: string; name: string; existing: string }) => ({
        message: `references ${a.label} '${a.name}', which does not exist`,
        hint: `Existing ${a.label}s: ${a.existing}.`,
      }),
      undeclaredParameter: (a: { key: string; label: string; target: string; declared: string }) => ({
        message: `passes parameter '${a.key}' to ${a.label} '${a.target}', which does not declare it`,
        hint: `Parameters of ${a.label} '${a.target}': ${a.declared}.`,
      }),
      missingParameter: (a: { key: string; label: string; target: string }) => ({
        message: `does not pass parameter '${a.key}', which ${a.label} '${a.target}' requires (it has no default value)`,
        hint: `Pass '${a.key}' or give it a default value.`,
      }),
    },
  },
  HUB324: {
    stage: 'output',
    severity: 'error',
    meaning: 'A cycle in an activity graph, or a duplicate activity name.',
    messages: {
      duplicateObject: (a: { label: string; name: string }) => ({
        message: `${a.label} name '${a.name}' is used by more than one ${a.label}`,
        hint: 'Give each object a unique name.',
      }),
      duplicateActivity: (a: { name: string }) => ({
        message: `activity name '${a.name}' is used more than once in the pipeline`,
        hint: 'Activity names must be unique within a pipeline, including activities inside containers.',
      }),
      /** `cycle` lists the activities of the cycle once each, in dependency order. */
      cycle: (a: { cycle: readonly string[] }) => ({
        message: `dependsOn forms a cycle: ${[...a.cycle, a.cycle[0]].map((n) => `'${n}'`).join(' -> ')}`,
        hint: 'Remove one of the dependencies so the activities can run in order.',
      }),
    },
  },
  HUB325: {
    stage: 'output',
    severity: 'error',
    meaning: '`item()` used outside a ForEach.',
    messages: {
      raise: { message: 'item() is used outside a ForEach (or Filter condition)', hint: 'item() is only defined inside the activities of a ForEach and in a Filter condition.' },
    },
  },
  HUB326: {
    stage: 'output',
    severity: 'error',
    meaning: 'A control activity nested where Data Factory does not allow it (ForEach or Until inside a container; If Condition or Switch inside If Condition or Switch).',
    messages: {
      /** `nesting` names both activities: `ForEach 'a' is nested in Until 'b'`. */
      raise: (a: { pipeline: string; nesting: string }) => ({
        message: `pipeline '${a.pipeline}': ${a.nesting}, which Data Factory does not allow`,
        hint: 'Move the inner activities into a pipeline of their own and call it with an Execute Pipeline activity.',
      }),
    },
  },
});
