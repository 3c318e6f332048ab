// The booking reference alphabet (no look-alikes: no 0/O, 1/I/L). The database makes the real
// references with the same alphabet (public.booking_random_reference()); the honeypot's fake answer
// must look the same. supabase/tests/reference-alphabet.test.ts fails when the two differ.
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A reference-shaped random string (8 characters of the alphabet). */
export function randomReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}
