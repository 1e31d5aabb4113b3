import fc, { type Arbitrary } from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document's parameters and bodies use. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/**
 * Values the server already knows (ids of real courses, payments, references), so that fuzzed
 * requests reach past "not found" into the services; `byName` for a named parameter or field.
 */
export interface KnownValues {
  uuids: string[];
  byName: Record<string, string[]>;
}

const NUL = '\u0000';

/** Strings that have broken servers: NUL, lone surrogates, direction overrides, SQL and path tricks. */
const NASTY_STRINGS = [
  NUL,
  `a${NUL}b`,
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  '\uFEFF',
  '\u0301',
  '😀👩‍👩‍👧',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '\\',
  '${}',
  '   ',
  '',
  'null',
  '-1',
  '1e309',
  'NaN',
];

const NASTY_NUMBERS = [-1, -0, 0.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, 2 ** 63];

const HUGE = fc.constantFrom('x'.repeat(300_000), 'é'.repeat(70_000), `${'😀'.repeat(20_000)}${NUL}`);

/** Any string at all: every code point, including surrogate halves and control characters. */
const anyString = (maxLength = 40) =>
  fc.oneof(
    { arbitrary: fc.string({ unit: 'binary', maxLength }), weight: 3 },
    { arbitrary: fc.string({ maxLength }), weight: 1 },
  );

/** Strings a careful client would send for this schema (known ids where they fit). */
export function validArb(schema: JsonSchema, known: KnownValues, name?: string): Arbitrary<unknown> {
  const base = validBase(schema, known, name);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validBase(schema: JsonSchema, known: KnownValues, name?: string): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return fc.oneof(...choices.map((s) => validArb(s, known, name)));
  const named = name ? known.byName[name] : undefined;
  switch (schema.type) {
    case 'string':
      return stringArb(schema, known, named, name);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 100_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArb(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, validArb(s, known, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArb(
  schema: JsonSchema,
  known: KnownValues,
  named: string[] | undefined,
  name?: string,
): Arbitrary<string> {
  const pool = named?.length ? named : schema.format === 'uuid' && known.uuids.length ? known.uuids : undefined;
  if (schema.format === 'uuid')
    return pool
      ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 })
      : fc.uuid();
  const generated = generatedString(schema, name);
  return pool
    ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 2 }, { arbitrary: generated, weight: 1 })
    : generated;
}

function generatedString(schema: JsonSchema, name?: string): Arbitrary<string> {
  if (schema.pattern?.startsWith('^https:')) return fc.webUrl({ validSchemes: ['https'] });
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.MAX_SAFE_INTEGER;
  // A pattern or an address the route checks past the document (a refinement): values it accepts.
  const matching = schema.pattern ? patternArb(schema.pattern) : undefined;
  if (matching) return matching.filter((v) => v.length >= min && v.length <= max);
  if (schema.format === 'email' || /email$/i.test(name ?? '')) return fc.emailAddress().filter((v) => v.length <= max);
  return fc.string({
    unit: 'grapheme',
    minLength: min,
    maxLength: Math.max(min, Math.min(schema.maxLength ?? 60, 60)),
  });
}

/** Strings a pattern accepts; undefined for the patterns fast-check cannot generate from (lookarounds). */
function patternArb(pattern: string): Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

/** Anything a hostile or broken client might send instead: wrong types, huge, NUL, odd numbers. */
export function hostileArb(): Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
    { arbitrary: anyString(), weight: 2 },
    { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 2 },
    { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
    {
      arbitrary: fc.oneof(
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        fc.dictionary(anyString(8), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
      ),
      weight: 2,
    },
    { arbitrary: HUGE, weight: 1 },
  );
}

/** Undefined most of the time; sometimes a value of `arb`. */
export const rarely = <T>(arb: Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: arb, weight: 1 });

/** A valid string with one bad character slipped in, so it passes type checks and reaches deeper. */
const spiked = (valid: Arbitrary<unknown>) =>
  fc
    .tuple(valid, fc.constantFrom(NUL, NUL, NUL, '\uD800', '\u202E', '\uFFFF'), fc.nat())
    .map(([value, bad, at]) =>
      typeof value === 'string'
        ? `${value.slice(0, at % (value.length + 1))}${bad}${value.slice(at % (value.length + 1))}`
        : value,
    );

/**
 * Mostly the right shape with some parts wrong: each property fuzzed in turn, required fields
 * sometimes missing, unknown fields sometimes added, valid strings with a bad character in
 * them; now and then the whole value hostile.
 */
export function fuzzArb(schema: JsonSchema, known: KnownValues, name?: string): Arbitrary<unknown> {
  const valid = validArb(schema, known, name);
  if (schema.type === 'object' && schema.properties) {
    const props = schema.properties;
    // One field wrong or missing in an otherwise valid object: the rest passes validation, so the
    // wrong value reaches as deep as it can.
    const oneWrong = fc
      .tuple(
        valid,
        fc
          .constantFrom(...Object.keys(props))
          .chain((key) =>
            fc.tuple(fc.constant(key), fc.option(fuzzArb(props[key]!, known, key), { nil: undefined, freq: 6 })),
          ),
      )
      .map(([object, [key, value]]) => {
        const copy = { ...(object as Record<string, unknown>) };
        if (value === undefined) delete copy[key];
        else copy[key] = value;
        return copy;
      });
    const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, fuzzArb(s, known, key)]));
    const mixed = fc
      .tuple(
        fc.record(model, { requiredKeys: [] }),
        rarely(fc.dictionary(anyString(12), hostileArb(), { minKeys: 1, maxKeys: 2 })),
      )
      .map(([fields, extra]) => ({ ...extra, ...fields }));
    return fc.oneof(
      { arbitrary: valid, weight: 2 },
      { arbitrary: oneWrong, weight: 6 },
      { arbitrary: mixed, weight: 1 },
      { arbitrary: hostileArb(), weight: 1 },
    );
  }
  if (schema.type === 'array' && schema.items) {
    const mixed = fc.array(fuzzArb(schema.items, known), { maxLength: 5 });
    return fc.oneof(
      { arbitrary: valid, weight: 3 },
      { arbitrary: mixed, weight: 2 },
      { arbitrary: hostileArb(), weight: 1 },
    );
  }
  if (schema.type === 'string' && !schema.enum)
    return fc.oneof(
      { arbitrary: valid, weight: 5 },
      { arbitrary: spiked(valid), weight: 3 },
      { arbitrary: hostileArb(), weight: 2 },
    );
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostileArb(), weight: 1 });
}
