// The database's types for the browser: generated once, into supabase/functions/_shared (where the
// edge functions can import them), by npm run db:types. Types only, so nothing of it is bundled.
export type * from '../../supabase/functions/_shared/database.types.ts';
