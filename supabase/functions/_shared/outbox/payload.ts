// What an outbox row's payload holds, declared once per message kind as a small runtime object
// from which its TypeScript type follows. SQL writes the payloads (email_outbox.payload); the
// sender reads them through the declaration (readPayload), and a server test holds every payload
// SQL writes to it (checkPayload), so the two sides cannot drift apart unnoticed.
//
// A field is a type name with at most one mark:
//   'string'   SQL always writes it; a row without it (an older one) reads as empty ('' / 0 / [])
//   'string!'  SQL always writes it, and the message cannot be made without it
//   'string?'  SQL writes it for some events only (read as undefined when absent)
// and '|null' before the mark where SQL may write null ('time|null'). Lists of objects are
// list({...}) (marked list({...}, '!')), a fixed set of words is oneOf(['a', 'b']) (its first word
// when an older row lacks it), an object of named fields is object({...}) (an older row without it
// reads as the object of its fields' empties). Types: string, number, integer, datetime (ISO with
// an offset, as public.copenhagen_iso writes it), day (yyyy-MM-dd), time (HH:mm).

type Base = 'string' | 'number' | 'integer' | 'datetime' | 'day' | 'time';
type Mark = '' | '!' | '?';
type Scalar = `${Base}${'' | '|null'}${Mark}`;

export interface ListField<S extends Shape = Shape, M extends Mark = Mark> {
  list: S;
  mark: M;
}
export interface OneOfField<W extends string = string, M extends Mark = Mark> {
  oneOf: readonly W[];
  mark: M;
}
export interface ObjectField<S extends Shape = Shape, M extends Mark = Mark> {
  object: S;
  mark: M;
}
export type Field = Scalar | ListField | OneOfField | ObjectField;
export interface Shape {
  readonly [key: string]: Field;
}

export function list<S extends Shape, M extends Mark = ''>(shape: S, mark?: M): ListField<S, M> {
  return { list: shape, mark: (mark ?? '') as M };
}

export function object<S extends Shape, M extends Mark = ''>(
  shape: S,
  mark?: M,
): ObjectField<S, M> {
  return { object: shape, mark: (mark ?? '') as M };
}

export function oneOf<const W extends string, M extends Mark = ''>(
  words: readonly W[],
  mark?: M,
): OneOfField<W, M> {
  return { oneOf: words, mark: (mark ?? '') as M };
}

type BaseType<B extends string> = B extends 'number' | 'integer' ? number : string;
type ScalarType<F extends string> = F extends `${infer B}|null${Mark}`
  ? BaseType<B> | null
  : F extends `${infer B}${'!' | '?'}`
    ? BaseType<B>
    : BaseType<F>;
type FieldValue<F> =
  F extends ListField<infer S>
    ? Payload<S>[]
    : F extends ObjectField<infer S>
      ? Payload<S>
      : F extends OneOfField<infer W>
        ? W
        : F extends string
          ? ScalarType<F>
          : never;
type IsOptional<F> = F extends
  `${string}?` | ListField<Shape, '?'> | ObjectField<Shape, '?'> | OneOfField<string, '?'>
  ? true
  : false;

/** The payload a declaration describes, as the renderers read it. */
export type Payload<S extends Shape> = {
  -readonly [K in keyof S as IsOptional<S[K]> extends true ? never : K]: FieldValue<S[K]>;
} & {
  -readonly [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: FieldValue<S[K]>;
};

interface Parsed {
  base: Base | 'list' | 'object' | 'oneOf';
  nullable: boolean;
  mark: Mark;
}

function parse(field: Field): Parsed {
  if (typeof field !== 'string') {
    const base = 'list' in field ? 'list' : 'object' in field ? 'object' : 'oneOf';
    return { base, nullable: false, mark: field.mark };
  }
  const mark = (/[!?]$/.exec(field)?.[0] ?? '') as Mark;
  const rest = mark ? field.slice(0, -1) : field;
  const nullable = rest.endsWith('|null');
  return { base: (nullable ? rest.slice(0, -5) : rest) as Base, nullable, mark };
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Why a value is not of its field's type, or null when it is. */
function typeError(field: Field, value: unknown, at: string, strict: boolean): string | null {
  const { base } = parse(field);
  const is = (ok: boolean, what: string) =>
    ok ? null : `${at} is not ${what}: ${JSON.stringify(value)}`;
  switch (base) {
    case 'string':
      return is(typeof value === 'string', 'a string');
    case 'number':
      return is(typeof value === 'number' && Number.isFinite(value), 'a number');
    case 'integer':
      return is(Number.isInteger(value), 'an integer');
    case 'datetime':
      return is(typeof value === 'string' && DATETIME.test(value), 'an ISO date-time with offset');
    case 'day':
      return is(
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
        'a day (yyyy-MM-dd)',
      );
    case 'time':
      return is(typeof value === 'string' && /^\d{2}:\d{2}$/.test(value), 'a time (HH:mm)');
    case 'oneOf':
      return is(
        (field as OneOfField).oneOf.includes(value as string),
        (field as OneOfField).oneOf.join(' or '),
      );
    case 'list': {
      if (!Array.isArray(value)) return `${at} is not a list`;
      const shape = (field as ListField).list;
      for (const [i, item] of value.entries()) {
        if (typeof item !== 'object' || item === null || Array.isArray(item))
          return `${at}[${i}] is not an object`;
        const problems = check(shape, item as Record<string, unknown>, `${at}[${i}]`, strict);
        if (problems.length > 0) return problems[0]!;
      }
      return null;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return `${at} is not an object`;
      const problems = check(
        (field as ObjectField).object,
        value as Record<string, unknown>,
        at,
        strict,
      );
      return problems[0] ?? null;
    }
  }
}

function check(
  shape: Shape,
  payload: Record<string, unknown>,
  at: string,
  strict: boolean,
): string[] {
  const problems: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const { base, nullable, mark } = parse(field);
    const value = payload[key];
    if (value === null && nullable) continue;
    if (value === null && strict) {
      problems.push(`${at}.${key} is null`);
      continue;
    }
    // reading, null is absence (an older row, an emptied column)
    if (value === undefined || value === null) {
      if (strict ? mark !== '?' : mark === '!') problems.push(`${at}.${key} is missing`);
      continue;
    }
    // reading, '' is what a missing key reads as, so it passes where the key may be missing
    if (!strict && value === '' && mark !== '!' && ['datetime', 'day', 'time'].includes(base))
      continue;
    const error = typeError(field, value, `${at}.${key}`, strict);
    if (error) problems.push(error);
  }
  if (strict) {
    for (const key of Object.keys(payload))
      if (!(key in shape)) problems.push(`${at}.${key} is not declared`);
  }
  return problems;
}

/**
 * Every way a payload SQL wrote differs from its declaration: a key missing (not marked '?'), a
 * key not declared, a wrong type. Empty when it fits exactly.
 */
export function checkPayload(kind: string, shape: Shape, payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return [`${kind}: payload is not an object`];
  return check(shape, payload as Record<string, unknown>, 'payload', true).map(
    (problem) => `${kind}: ${problem}`,
  );
}

function emptyOf(field: Field): unknown {
  const { base, mark, nullable } = parse(field);
  if (mark === '?') return undefined;
  if (nullable) return null;
  if (base === 'list') return [];
  if (base === 'number' || base === 'integer') return 0;
  if (base === 'oneOf') return (field as OneOfField).oneOf[0];
  if (base === 'object') return read((field as ObjectField).object, {});
  return '';
}

function read<S extends Shape>(shape: S, payload: Record<string, unknown>): Payload<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = payload[key];
    if (value === undefined || value === null) {
      const empty = emptyOf(field);
      if (empty !== undefined) out[key] = empty;
    } else if (typeof field !== 'string' && 'list' in field) {
      out[key] = (value as Record<string, unknown>[]).map((item) => read(field.list, item));
    } else if (typeof field !== 'string' && 'object' in field) {
      out[key] = read(field.object, value as Record<string, unknown>);
    } else out[key] = value;
  }
  return out as Payload<S>;
}

/**
 * The payload of an outbox row as its declaration types it. Throws, naming the kind and the key,
 * when a key the message needs is missing or a key has the wrong type; keys not declared are
 * ignored, and a key an older row lacks reads as empty.
 */
export function readPayload<S extends Shape>(
  kind: string,
  shape: S,
  payload: Record<string, unknown>,
): Payload<S> {
  const problems = check(shape, payload, 'payload', false);
  if (problems.length > 0) throw new Error(`${kind}: ${problems.join('; ')}`);
  return read(shape, payload);
}
