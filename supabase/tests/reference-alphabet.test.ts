// The booking reference alphabet stands in SQL (public.booking_random_reference(), the real
// references) and in TypeScript (the honeypot's fake reference): the two must not drift apart.
import { describe, expect, it } from 'vitest';
import { REFERENCE_ALPHABET, randomReference } from '../functions/_shared/reference.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

describe('booking reference alphabet', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('is the same in the database function and in the edge functions', async () => {
    const { rows } = await t.db.query<{ source: string }>(
      `select prosrc as source from pg_proc where proname = 'booking_random_reference'`,
    );
    const sql = /v_alphabet\s+constant\s+text\s*:=\s*'([^']+)'/.exec(rows[0]?.source ?? '')?.[1];
    expect(sql, 'alphabet in public.booking_random_reference()').toBeDefined();
    expect([...REFERENCE_ALPHABET].sort().join('')).toBe([...sql!].sort().join(''));
    expect(REFERENCE_ALPHABET).toBe(sql);
  });

  it('real and fake references are alike: 8 characters of the alphabet', async () => {
    const { rows } = await t.db.query<{ ref: string }>(
      `select public.booking_random_reference() as ref from generate_series(1, 50)`,
    );
    const shape = new RegExp(`^[${REFERENCE_ALPHABET}]{8}$`);
    for (const { ref } of rows) expect(ref).toMatch(shape);
    for (let i = 0; i < 50; i += 1) expect(randomReference()).toMatch(shape);
  });
});
