-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

COMMENT ON FUNCTION "public"."booking_invalid_hit"(text, timestamp with time zone) IS 'Counts one refused choice (package, day or time) or refused contact field for the address, in each of its networks (booking_address_networks), apart from its e-mail address; true when one is over rate_limit_invalid_per_ip_per_hour times its factor. Without an address (null or empty) nothing is counted: false.';
