/**
 * HUB508: a secure parameter (`securestring`, `secureObject`) has no default, or an empty one, or
 * `[newGuid()]` (ARM-TTK "Secure String Parameters Cannot Have Default": an empty string and `newGuid()`
 * pass). The remote hub key (`remoteHubStorageKey`) defaults to `''`, which means "no key": the Key Vault
 * secret is only created when a remote hub URI is set.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { armExpression } from '../arm.js';
import { isObject } from '../../util/json.js';

export const secureParameterDefault: LintRule = {
  ...ruleCode(codes.HUB508),
  area: 'template',
  actor: 'author',
  rationale: 'A default is stored in the template and its deployment history, so it is no secret.',
  link: armTtk('secure-parameters-cant-have-hard-coded-default'),
  check(ctx) {
    const out = [];
    for (const { name, secure, hasDefault, defaultValue: d, path } of ctx.build.template.parameters) {
      if (!secure || !hasDefault) continue;
      const e = armExpression(d);
      const empty = d === '' || (isObject(d) && Object.keys(d).length === 0);
      const guid = e?.kind === 'call' && e.name.toLowerCase() === 'newguid';
      if (empty || guid) continue;
      out.push({
        message: `secure parameter '${name}' has a default value`,
        hint: 'Remove the default (or make it empty) and pass the value at deployment.',
        location: ctx.templateAt([...path, 'defaultValue']),
      });
    }
    return out;
  },
};
