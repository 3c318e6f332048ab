// Groups of PostgreSQL's built-in type names (udt names), shared by the type generator (types.ts:
// how a column reads in TypeScript) and the gateway (../gateway/rest.ts: the casts a select may
// ask for).

/** Numbers in JSON. */
export const PG_NUMBER_TYPES = ['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'] as const;
/** Dates, times and durations: strings in JSON (ISO 8601). */
export const PG_DATE_TIME_TYPES = [
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
] as const;
export const PG_JSON_TYPES = ['json', 'jsonb'] as const;
