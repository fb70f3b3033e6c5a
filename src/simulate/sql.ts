/**
 * The Copy activity's type conversions as DuckDB SQL expressions: for each interim type of a
 * TabularTranslator mapping (learn.microsoft.com/azure/data-factory/copy-activity-schema-and-type-mapping,
 * "Interim data types"), the text a delimited file holds is turned into the parquet value hubc writes.
 * These expressions ARE hubc's conversion rules (the simulator has no second implementation); the
 * rules, which test/simulate/sqlConvert.test.ts holds them to value by value:
 *
 * - an empty field is null (for every type); other text that does not convert is invalid;
 * - String: the text as is; Guid: 32 hex digits, dashes optional, in `{}` or `()` optional, trimmed;
 * - Boolean: `true`/`false` in any case, trimmed;
 * - Int16/Int32/Int64: an optional sign and digits, trimmed, within the type's range (Int16 is written as INT32);
 * - Single/Double: decimal notation with an optional exponent, trimmed (`1e400` is infinity); no `NaN`;
 * - Decimal: decimal notation with an optional exponent, trimmed, rounded half away from zero to 18
 *   decimals, invalid from 10^20 on: DECIMAL(38,18);
 * - DateTime/DateTimeOffset: ISO 8601 (`2024-05-01`, `2024-05-01T10:00[:00[.1234567]]`, `T` or a space,
 *   an optional `Z` or `+hh[:mm]` offset; no zone is UTC) or `MM/dd/yyyy[ hh:mm[:ss][ AM|PM]]`, the same
 *   forms the expression language's date functions read; written in UTC as TIMESTAMP_MILLIS (fractions
 *   past the millisecond are cut).
 * "Trimmed" is JavaScript's white space (`String.prototype.trim`), so the rules read the same as before the
 * engine moved to DuckDB.
 *
 * Each expression reads one VARCHAR column (NULL for an empty field, as `read_csv` gives it) and gives NULL for an empty
 * or an invalid value; {@link invalidExpression} tells the two apart. Common forms (`-12.5`,
 * `2024-05-01T00:00:00Z`) take a fast path; every other text goes through the general rule.
 */

/** A DuckDB identifier, quoted. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A DuckDB string literal. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** JavaScript's white space (ECMAScript WhiteSpace and LineTerminator), what `trim()` and `\s` match. */
const JS_SPACE = '\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** The same set as an RE2 character class body. */
const RE_SPACE = String.raw`\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;

const trimmed = (v: string) => `trim(${v}, ${literal(JS_SPACE)})`;
const fullMatch = (v: string, re: string) => `regexp_full_match(${v}, ${literal(re)})`;

const GUID_RE = String.raw`[{(]?[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}[)}]?`;
const INT_RE = String.raw`[+-]?[0-9]+`;
const FLOAT_RE = String.raw`[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?`;
/** Decimals DuckDB's BIGINT and DECIMAL(18,18) casts convert exactly (the fast path). */
const PLAIN_DECIMAL_RE = String.raw`-?[0-9]{1,18}(\.[0-9]{1,18})?`;
const ISO_RE = String.raw`([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[T ]([0-9]{1,2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]{1,7}))?)?)?[${RE_SPACE}]*([zZ]|[+-][0-9]{2}(?::?[0-9]{2})?)?`;
const US_RE = String.raw`([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})(?:[${RE_SPACE}]+([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?[${RE_SPACE}]*([aApP][mM])?)?`;
/** `2024-05-01T10:00:00Z` with fields in range except the day, which strptime checks (the fast path). */
const COMMON_TIMESTAMP_RE = String.raw`[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z`;
const COMMON_DATE_RE = String.raw`[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}`;

/** An integer field of a regexp_extract struct: NULL when the group did not match. */
const int = (x: string) => `TRY_CAST(nullif(${x}, '') AS BIGINT)`;

/** A timestamp from date and time fields (month 1-12), NULL when a field is out of range. */
function fromFields(x: string, hour: string, fraction: boolean): string {
  const [y, mo, d, mi, s] = ['y', 'mo', 'd', 'mi', 's'].map((f) => int(`${x}.${f}`));
  const ms = fraction ? `coalesce(TRY_CAST(nullif(rpad(${x}.f, 3, '0')[1:3], '') AS BIGINT), 0)` : '0';
  return `CASE WHEN ${mo} BETWEEN 1 AND 12 AND ${d} >= 1 AND ${d} <= day(last_day(make_date(${y}, ${mo}, 1))) AND ${hour} BETWEEN 0 AND 23 AND coalesce(${mi}, 0) <= 59 AND coalesce(${s}, 0) <= 59
    THEN make_timestamp(${y}, ${mo}, ${d}, ${hour}, coalesce(${mi}, 0), coalesce(${s}, 0)::DOUBLE) + to_milliseconds(${ms}) END`;
}

/** The general timestamp rule over trimmed text `t`, as TIMESTAMP (UTC). */
function generalTimestamp(t: string): string {
  const iso = `regexp_extract(${t}, ${literal(`^${ISO_RE}$`)}, ['y', 'mo', 'd', 'h', 'mi', 's', 'f', 'z'])`;
  const us = `regexp_extract(${t}, ${literal(`^${US_RE}$`)}, ['mo', 'd', 'y', 'h', 'mi', 's', 'ampm'])`;
  const isoOffset = (x: string) =>
    `CASE WHEN ${x}.z = '' OR upper(${x}.z) = 'Z' THEN 0 ELSE (CASE WHEN ${x}.z[1] = '-' THEN -1 ELSE 1 END) * (${x}.z[2:3]::BIGINT * 60 + coalesce(TRY_CAST(nullif(replace(${x}.z[4:], ':', ''), '') AS BIGINT), 0)) END`;
  const usHour = (x: string) => {
    const h = `coalesce(${int(`${x}.h`)}, 0)`;
    return `CASE WHEN ${x}.ampm = '' THEN ${h} WHEN ${h} BETWEEN 1 AND 12 THEN ${h} % 12 + CASE WHEN upper(${x}.ampm) = 'PM' THEN 12 ELSE 0 END ELSE -1 END`;
  };
  // A one-element list and a lambda name the extracted fields once (DuckDB has no LET).
  const withFields = (extract: string, body: string) => `list_transform([${extract}], x -> ${body})[1]`;
  return `CASE WHEN ${fullMatch(t, ISO_RE)} THEN ${withFields(iso, `${fromFields('x', `coalesce(${int('x.h')}, 0)`, true)} - to_minutes(${isoOffset('x')})`)}
    WHEN ${fullMatch(t, US_RE)} THEN ${withFields(us, fromFields('x', usHour('x'), false))} END`;
}

/**
 * Interim types hubc converts (lower case), with the DuckDB type written to parquet; `acceptsAll` marks a
 * type every text converts to (nothing is ever invalid, so no check is built for it).
 */
const TYPES: Record<string, { sql: string; convert: (v: string) => string; acceptsAll?: true }> = {
  // read_csv gives NULL for an empty field, quoted or not (nullstr '', allow_quoted_nulls), so text needs nothing.
  string: { sql: 'VARCHAR', convert: (v) => v, acceptsAll: true },
  guid: { sql: 'VARCHAR', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), GUID_RE)} THEN ${trimmed(v)} END` },
  boolean: {
    sql: 'BOOLEAN',
    // `true`/`false` as written take the fast path; other case and white space the trimmed, lower-cased rule.
    convert: (v) => `CASE ${v} WHEN 'true' THEN true WHEN 'false' THEN false ELSE CASE lower(${trimmed(v)}) WHEN 'true' THEN true WHEN 'false' THEN false END END`,
  },
  int16: { sql: 'INTEGER', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), INT_RE)} THEN TRY_CAST(${trimmed(v)} AS SMALLINT)::INTEGER END` },
  int32: { sql: 'INTEGER', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), INT_RE)} THEN TRY_CAST(${trimmed(v)} AS INTEGER) END` },
  int64: { sql: 'BIGINT', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), INT_RE)} THEN TRY_CAST(${trimmed(v)} AS BIGINT) END` },
  single: { sql: 'DOUBLE', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), FLOAT_RE)} THEN TRY_CAST(${trimmed(v)} AS DOUBLE) END` },
  double: { sql: 'DOUBLE', convert: (v) => `CASE WHEN ${fullMatch(trimmed(v), FLOAT_RE)} THEN TRY_CAST(${trimmed(v)} AS DOUBLE) END` },
  decimal: {
    sql: 'DECIMAL(38,18)',
    // Fast path: whole and fractional digits cast separately (DuckDB's VARCHAR to DECIMAL(38,18) cast is
    // ten times slower); anything else through the full cast, whose rounding is half away from zero.
    convert: (v) => {
      const magnitude = `(abs(split_part(${v}, '.', 1)::BIGINT)::DECIMAL(38,18) + ('0.' || split_part(${v}, '.', 2))::DECIMAL(18,18)::DECIMAL(38,18))`;
      return `CASE WHEN ${fullMatch(v, PLAIN_DECIMAL_RE)}
      THEN CASE WHEN starts_with(${v}, '-') THEN -${magnitude} ELSE ${magnitude} END
      WHEN ${fullMatch(trimmed(v), FLOAT_RE)} THEN TRY_CAST(${trimmed(v)} AS DECIMAL(38,18)) END`;
    },
  },
  datetime: { sql: 'TIMESTAMP_MS', convert: (v) => timestamp(v) },
  datetimeoffset: { sql: 'TIMESTAMP_MS', convert: (v) => timestamp(v) },
};

function timestamp(v: string): string {
  // coalesce() evaluates an argument only for the rows the ones before left NULL, so the general rule
  // runs only for text the fast forms did not take. The CASE around it keeps DuckDB's common
  // subexpression optimizer out: it would otherwise compute the general rule's repeated parts (the
  // trimmed text, ...) for every row, fast forms included, before the coalesce (5 times slower).
  // The fast forms' text is what DuckDB's own VARCHAR to TIMESTAMP cast reads the same way (the regular
  // expression fixes the form; the cast checks the day of the month).
  return `CASE WHEN ${v} IS NOT NULL THEN coalesce(
    CASE WHEN ${fullMatch(v, COMMON_TIMESTAMP_RE)} THEN TRY_CAST(${v} AS TIMESTAMP) END,
    CASE WHEN ${fullMatch(v, COMMON_DATE_RE)} THEN TRY_CAST(${v} AS TIMESTAMP) END,
    ${generalTimestamp(trimmed(v))})::TIMESTAMP_MS END`;
}

/** True when hubc converts the interim type (names as Data Factory spells them, any case). */
export function isConvertible(type: string): boolean {
  return Object.hasOwn(TYPES, type.toLowerCase());
}

/** The DuckDB type a converted column of this interim type has (what is written to parquet). */
export function sqlType(type: string): string {
  return TYPES[type.toLowerCase()].sql;
}

/** The converted value of VARCHAR expression `v`: NULL for an empty or invalid value. */
export function convertExpression(type: string, v: string): string {
  return TYPES[type.toLowerCase()].convert(v);
}

/** True when VARCHAR expression `v` holds text that does not convert to the type (an empty field is not invalid). */
export function invalidExpression(type: string, v: string): string {
  if (TYPES[type.toLowerCase()].acceptsAll) return 'false';
  return `(${v} IS NOT NULL AND ${v} <> '' AND (${convertExpression(type, v)}) IS NULL)`;
}

/** Marker of the error a conversion raises inside DuckDB for the first invalid value it meets. */
export const INVALID_VALUE_MARKER = 'hubc-invalid-value';

/**
 * The converted value, raising an error inside DuckDB (which stops the statement) for an invalid value,
 * so one pass both converts and checks; the caller then finds the first invalid row in file order.
 */
export function checkedExpression(type: string, v: string): string {
  // Nothing to check for a type that takes any text (the check would cost a coalesce per value of every text column).
  if (TYPES[type.toLowerCase()].acceptsAll) return convertExpression(type, v);
  return `coalesce(${convertExpression(type, v)}, CASE WHEN ${v} IS NULL OR ${v} = '' THEN NULL ELSE error(${literal(INVALID_VALUE_MARKER)}) END)`;
}
