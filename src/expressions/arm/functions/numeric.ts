/**
 * ARM's numeric functions (integer arithmetic: `div` truncates, `mod` keeps the dividend's sign) and the
 * date functions, which are known but never folded (their values depend on the deployment time). Sources:
 * "Numeric functions for ARM templates", "Date functions for ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-numeric, template-functions-date).
 */
import { asInt, asString, defineIn, fail, type ArmFunctionTable } from './common.js';

/** The numeric and date functions, by lower-cased name. */
export const NUMERIC_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(NUMERIC_FUNCTIONS);

def('int', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'number') return Math.trunc(v);
    const s = asString('int', v).trim();
    if (!/^[+-]?\d+$/.test(s)) fail('int', `'${s}' is not an integer`);
    return Number(s);
  },
});
def('float', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'number') return v;
    const n = Number(asString('float', v));
    if (Number.isNaN(n)) fail('float', `'${String(v)}' is not a number`);
    return n;
  },
});
def('add', 2, 2, { fn: ([a, b]) => asInt('add', a) + asInt('add', b) });
def('sub', 2, 2, { fn: ([a, b]) => asInt('sub', a) - asInt('sub', b) });
def('mul', 2, 2, { fn: ([a, b]) => asInt('mul', a) * asInt('mul', b) });
def('div', 2, 2, {
  fn: ([a, b]) => {
    if (asInt('div', b) === 0) fail('div', 'division by zero');
    return Math.trunc(asInt('div', a) / (b as number));
  },
});
def('mod', 2, 2, {
  fn: ([a, b]) => {
    if (asInt('mod', b) === 0) fail('mod', 'division by zero');
    return asInt('mod', a) % (b as number);
  },
});

// Dates (deploy-time or unused: never folded) --------------------------------------------------------
def('dateTimeAdd', 2, 3);
def('dateTimeFromEpoch', 1, 1);
def('dateTimeToEpoch', 1, 1);
