-- The terms page (/handelsbetingelser) states how many times a customer may move a booking by the
-- e-mail's link, read at build time with the public key like the cancellation notice and the
-- booking window: the setting max_moves_per_booking becomes readable by the site (is_public). Only
-- the flag changes; the value stays the owner's. No new object, so no grant to revoke.

update public.settings set is_public = true where key = 'max_moves_per_booking';
