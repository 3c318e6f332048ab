-- The owner sees bookings in the Table Editor: every column there explains itself in Danish
-- (supabase/tests/owner-agenda.test.ts). The idempotency fingerprint was added with an English note.
comment on column public.bookings.idempotency_hash is 'Fingeraftryk (SHA-256) af den bookinganmodning, som gentagelsesnøglen først blev brugt med. Slettes sammen med nøglen.';
