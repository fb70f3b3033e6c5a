/**
 * Diagnostic registry, HUB7xx: the catalogue of deploy-time and run-time failures (src/catalogue/), what
 * `hubc check` reports on any hub template and what `hubc build` holds its own output to. Each message
 * says what Azure does with the value and how to fix it; the catalogue entry of a code names the Azure doc
 * that states the rule and the public issue where users met the failure (docs/checks.md).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

/** `'a', 'b' and 2 more`: a short list of values for a message. */
function some(values: readonly string[], max = 3): string {
  const shown = values.slice(0, max).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

export const checkCodes = defineCodes({
  HUB700: {
    stage: 'check',
    severity: 'error',
    meaning: 'A Data Factory schedule trigger has a time zone Data Factory does not accept (not a Windows time zone ID), for some region the template can deploy to.',
    messages: {
      raise: (a: { trigger: string; zone: string; when?: string; suggestion?: string }) => ({
        message: `trigger ${a.trigger}: Data Factory rejects the time zone '${a.zone}'${a.when ? ` ${a.when}` : ''}: the trigger cannot be started, after the deployment has created the factory ("invalid time zone")`,
        hint: `Use a Windows time zone ID Data Factory accepts${a.suggestion ? ` ('${a.suggestion}')` : ' (UTC, W. Europe Standard Time, Tokyo Standard Time, ...)'}; the list is src/model/timeZones.json.`,
      }),
    },
  },
  HUB701: {
    stage: 'check',
    severity: 'error',
    meaning: "A schedule trigger's `startTime` does not have the form its time zone needs: with `UTC` it ends in `Z`; with any other time zone it has no `Z` and no offset.",
    messages: {
      needsZ: (a: { trigger: string; startTime: string; when?: string }) => ({
        message: `trigger ${a.trigger}: with the time zone 'UTC'${a.when ? ` (${a.when})` : ''} Data Factory rejects startTime '${a.startTime}' ("zone designator for time zone 'UTC'"): the trigger cannot be started`,
        hint: `With UTC, write the start time in UTC with a Z: '${a.startTime.replace(/(Z|[+-]\d{2}:?\d{2})$/i, '')}Z'.`,
      }),
      noOffset: (a: { trigger: string; startTime: string; zone: string; when?: string }) => ({
        message: `trigger ${a.trigger}: with the time zone '${a.zone}'${a.when ? ` (${a.when})` : ''} Data Factory takes startTime as local time and rejects '${a.startTime}', which carries a UTC designator or offset`,
        hint: `Write the local time without Z or offset: '${a.startTime.replace(/(Z|[+-]\d{2}:?\d{2})$/i, '')}'.`,
      }),
    },
  },
  HUB702: {
    stage: 'check',
    severity: 'error',
    meaning: 'A parallel ForEach can get a `batchCount` outside 1-50 for some parameter values the template accepts.',
    messages: {
      raise: (a: { pipeline: string; activity: string; values: string[]; when?: string }) => ({
        message: `pipeline ${a.pipeline}: ForEach '${a.activity}' can run with batchCount ${some(a.values)}${a.when ? ` (${a.when})` : ''}; Data Factory allows 1-50, so the pipeline fails to deploy or to run`,
        hint: 'Keep batchCount between 1 and 50: clamp the value that feeds it (min(50, ...)) or narrow the parameter (maxValue 50).',
      }),
    },
  },
  HUB703: {
    stage: 'check',
    severity: 'error',
    meaning: 'An Until `timeout` is not a `d.hh:mm:ss` timespan of at most 90 days, or a Wait `waitTimeInSeconds` is not a non-negative integer.',
    messages: {
      untilTimeout: (a: { pipeline: string; activity: string; value: string }) => ({
        message: `pipeline ${a.pipeline}: Until '${a.activity}' has the timeout ${a.value}; Data Factory takes a d.hh:mm:ss timespan of at most 90 days and rejects the pipeline otherwise`,
        hint: 'Write the longest the loop may run as d.hh:mm:ss, e.g. 0.02:00:00.',
      }),
      waitTime: (a: { pipeline: string; activity: string; value: string }) => ({
        message: `pipeline ${a.pipeline}: Wait '${a.activity}' has waitTimeInSeconds ${a.value}; Data Factory takes a whole number of seconds (or an expression giving one) and rejects the pipeline otherwise`,
        hint: 'Give the number of seconds as an integer, e.g. 60.',
      }),
    },
  },
  HUB710: {
    stage: 'check',
    severity: 'error',
    meaning: 'A portal form output names no template parameter: the value chosen in the form never reaches the template.',
    messages: {
      raise: (a: { output: string; suggestion?: string }) => ({
        message: `the portal form outputs '${a.output}', which the template does not declare: the value chosen in the form never reaches the template${a.suggestion ? ` (the template has '${a.suggestion}')` : ''}, and ARM rejects a deployment that passes a parameter the template lacks`,
        hint: a.suggestion ? `Rename the output to '${a.suggestion}'.` : 'Rename the output to the parameter it is meant for, or remove it.',
      }),
    },
  },
  HUB711: {
    stage: 'check',
    severity: 'error',
    meaning: 'A portal form output can send a value of the wrong type for its parameter (an empty string for an `int`, text that is no number, a number for a `bool`).',
    messages: {
      raise: (a: { output: string; type: string; value: string; when?: string }) => ({
        message: `the portal form sends ${a.value} for the ${a.type} parameter '${a.output}'${a.when ? ` ${a.when}` : ''}: ARM cannot read it as ${a.type === 'int' ? 'an integer' : `a ${a.type}`} and rejects the deployment (InvalidTemplate)`,
        hint: `Send ${a.type === 'int' ? 'an integer' : `a ${a.type}`} in every branch of the output (for a value the hub does not use, the parameter's default).`,
      }),
    },
  },
  HUB712: {
    stage: 'check',
    severity: 'error',
    meaning: "A portal form output can send a value outside its parameter's `allowedValues` or `minValue`/`maxValue`.",
    messages: {
      allowed: (a: { output: string; value: string; allowed: string[] }) => ({
        message: `the portal form can send ${a.value} for '${a.output}', which is not among its allowed values (${some(a.allowed, 5)}): ARM rejects the deployment`,
        hint: "Offer only the parameter's allowed values in the form, or allow the value in the template.",
      }),
      range: (a: { output: string; value: string; min?: number; max?: number }) => ({
        message: `the portal form can send ${a.value} for '${a.output}', outside ${a.min !== undefined && a.max !== undefined ? `${a.min}-${a.max}` : a.min !== undefined ? `minValue ${a.min}` : `maxValue ${a.max}`}: ARM rejects the deployment`,
        hint: "Keep the form's choices inside the parameter's range.",
      }),
    },
  },
  HUB713: {
    stage: 'check',
    severity: 'error',
    meaning: 'A portal form expression names a step or element the form does not have.',
    messages: {
      step: (a: { reference: string; steps: string[] }) => ({
        message: `the portal form reads ${a.reference}, but the form has no such step (steps: ${some(a.steps, 6)}): the expression gives null, and the parameter it feeds gets no value`,
        hint: 'Name a step of parameters.steps (or basics()).',
      }),
      element: (a: { reference: string; missing: string; within: string; suggestion?: string }) => ({
        message: `the portal form reads ${a.reference}, but ${a.within} has no element '${a.missing}'${a.suggestion ? ` (it has '${a.suggestion}')` : ''}: the expression gives null, and the parameter it feeds gets no value`,
        hint: 'Write the path of the element as the form nests it (section names included).',
      }),
    },
  },
  HUB714: {
    stage: 'check',
    severity: 'error',
    meaning: "A portal form element's validation regex rejects the element's own default value.",
    messages: {
      raise: (a: { element: string; value: string; regex: string }) => ({
        message: `the portal form's ${a.element} starts with ${a.value}, which its own validation ${a.regex} rejects: the form cannot be submitted until the value is changed (never, when the element is hidden)`,
        hint: 'Make the default match the regex, or the regex accept the default.',
      }),
    },
  },
  HUB715: {
    stage: 'check',
    severity: 'error',
    meaning: 'A template parameter without a default value is not an output of the portal form.',
    messages: {
      raise: (a: { parameter: string }) => ({
        message: `the template parameter '${a.parameter}' has no default and the portal form does not output it: ARM rejects a portal deployment ("The value for the template parameter '${a.parameter}' is not provided")`,
        hint: 'Output the parameter from the form, or give it a defaultValue.',
      }),
    },
  },
  HUB720: {
    stage: 'check',
    severity: 'error',
    meaning: 'The template is larger than the 4 MB ARM accepts (measured as the deployment request carries it and as ARM expands it).',
    messages: {
      raise: (a: { bytes: number; limit: number; measure: string }) => ({
        message: `the template is ${a.bytes} bytes ${a.measure}, more than the ${a.limit} ARM accepts: the deployment is rejected (RequestContentTooLarge / JobSizeExceeded) before anything is created`,
        hint: 'Move parts into linked templates or template specs, or leave out what this deployment does not use.',
      }),
    },
  },
  HUB721: {
    stage: 'check',
    severity: 'error',
    meaning: 'A resource definition (a nested deployment with its inline template included) is larger than the 1 MB ARM accepts.',
    messages: {
      raise: (a: { resource: string; bytes: number; limit: number }) => ({
        message: `${a.resource} is ${a.bytes} bytes, more than the ${a.limit} ARM accepts for one resource definition: the deployment is rejected (JobSizeExceeded)`,
        hint: 'Split the nested deployment into smaller ones, or link its template instead of inlining it.',
      }),
    },
  },
  HUB722: {
    stage: 'check',
    severity: 'error',
    meaning: 'A template (the main one or a nested inline one) declares more parameters, variables or outputs, or deploys more resources (copies included), than ARM allows.',
    messages: {
      raise: (a: { what: string; count: number; limit: number; where: string }) => ({
        message: `${a.where} has ${a.count} ${a.what}, more than the ${a.limit} ARM allows: the deployment fails validation`,
        hint: `Combine values into objects, or move part of the template into a nested deployment (each template has its own limit).`,
      }),
    },
  },
  HUB723: {
    stage: 'check',
    severity: 'error',
    meaning: 'A template expression is longer than the 24,576 characters ARM allows.',
    messages: {
      raise: (a: { length: number; limit: number }) => ({
        message: `a template expression is ${a.length} characters long, more than the ${a.limit} ARM allows: the deployment fails validation`,
        hint: 'Move the long literal into a variable (loadTextContent in Bicep) and build the value from shorter expressions.',
      }),
    },
  },
  HUB730: {
    stage: 'check',
    severity: 'error',
    meaning: 'A Kusto script resource refers to a table or function that only a script it does not wait for creates (no `dependsOn` chain orders them).',
    messages: {
      raise: (a: { script: string; name: string; kind: string; creator: string }) => ({
        message: `Kusto script ${a.script} uses the ${a.kind} ${a.name}, which only script ${a.creator} creates, and nothing makes ARM run ${a.creator} first: the script can run before it and fail ("Failed to execute script"), failing the deployment`,
        hint: `Make ${a.script} depend on ${a.creator} (dependsOn, or a serial copy loop), or create the ${a.kind} in the same script first.`,
      }),
    },
  },
  HUB731: {
    stage: 'check',
    severity: 'error',
    meaning: 'A Kusto script resource refers to a table or function that no script of the template creates and it does not create itself.',
    messages: {
      raise: (a: { script: string; name: string; kind: string }) => ({
        message: `Kusto script ${a.script} uses the ${a.kind} ${a.name}, which neither it nor any script before it creates: ADX rejects the command ("Failed to execute script") and the deployment fails`,
        hint: `Create the ${a.kind} in an earlier script the script depends on, or in the same script before it is used.`,
      }),
    },
  },
  HUB740: {
    stage: 'check',
    severity: 'error',
    meaning: 'A GitHub release download URL names a release tag the repository does not have (`v12.0` where the tag is `v12`).',
    messages: {
      raise: (a: { url: string; tag: string; expected?: string }) => ({
        message: `${a.url} names the release tag '${a.tag}', which the repository does not have${a.expected ? ` (the tag is '${a.expected}')` : ''}: GitHub answers 404 and the pipeline or script that downloads it fails`,
        hint: a.expected ? `Build the URL from the tag '${a.expected}'.` : 'Build the URL from the release tag as the repository writes it.',
      }),
    },
  },
  HUB750: {
    stage: 'check',
    severity: 'error',
    meaning: 'A role assignment for the same principal, role and scope gets a different name in the new release: the upgrade fails with RoleAssignmentExists.',
    messages: {
      raise: (a: { role: string; scope: string; from: string; to: string; fromRelease: string; toRelease: string }) => ({
        message: `the role assignment of ${a.role} on ${a.scope} is named ${a.from} in ${a.fromRelease} and ${a.to} in ${a.toRelease}: ARM cannot create a second assignment of the same role to the same principal at the same scope, so the upgrade fails with RoleAssignmentExists`,
        hint: 'Keep the assignment name of the earlier release (the same guid() inputs), or delete the old assignment before upgrading.',
      }),
    },
  },
  HUB790: {
    stage: 'check',
    severity: 'error',
    meaning: '`hubc check` cannot read a file it was given (the template, `--ui` or `--parameters`), or it is not JSON (exit 2).',
    messages: {
      raise: (a: { file: string; detail: string }) => ({ message: `cannot read ${a.file}: ${a.detail}`, hint: 'Give the path of a JSON file hubc can read.' }),
    },
  },
  HUB791: {
    stage: 'check',
    severity: 'error',
    meaning:
      '`hubc check` was given a file that is not what the option takes: a template without `resources`, a portal form without `parameters`, a parameter file without `parameters` (exit 2).',
    messages: {
      notTemplate: (a: { file: string }) => ({
        message: `${a.file} is not an ARM template (a JSON object with $schema and resources)`,
        hint: 'Give the azuredeploy.json of a hub (a public finops-hub-<version>.json, or one hubc build wrote).',
      }),
      notForm: (a: { file: string }) => ({
        message: `${a.file} is not a portal form (createUiDefinition.json: a JSON object with parameters)`,
        hint: 'Give the createUiDefinition.json that goes with the template (finops-hub-<version>.ui.json).',
      }),
      notParameters: (a: { file: string }) => ({
        message: `${a.file} is not an ARM parameter file (a JSON object whose parameters hold { "value": ... } entries)`,
        hint: 'Give a deployment parameter file (azuredeploy.parameters.json, as hubc params writes).',
      }),
    },
  },
});
