-- Proof of work before a booking (issue 12, item 2): ALTCHA challenges from the booking-challenge
-- function, verified by create-booking, each usable for one booking only.
--
-- booking_challenge_cost (setting, service_role may change it, anon cannot read it): the ALTCHA
--   `cost` of a challenge, i.e. PBKDF2-SHA-256 iterations per attempt. A challenge hides a counter
--   drawn between 100 and 300 (see supabase/functions/_shared/challenge.ts), so solving takes on
--   average 200 x cost iterations: 5000 -> 1,000,000 iterations, about 0.4 s on one core of the
--   development server and about a second on a mid-range phone using its worker threads. Tests
--   and the e2e stack lower it.
-- booking_challenge_uses: the challenges already used (their HMAC signature), kept until they
--   expire; run_retention() deletes the expired ones. create_booking_with_challenge() marks the
--   challenge used in the booking's own transaction: of two requests with one solution only one
--   gets past the insert, the other waits for it and is refused.

insert into public.settings (key, value, description, is_public) values
  ('booking_challenge_cost', '5000', 'Sværhedsgraden af den opgave, browseren løser i baggrunden før en online-booking (ALTCHA, PBKDF2-gentagelser pr. forsøg). Højere tal gør automatiske bookinger dyrere, men får også ældre telefoner til at vente længere.', false)
on conflict (key) do nothing;

create table public.booking_challenge_uses (
  signature text primary key check (signature ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null
);

comment on table public.booking_challenge_uses is 'Brugte sikkerhedstjek (ALTCHA) fra bookingformularen. Hvert tjek kan kun bruges til én booking; rækkerne slettes automatisk, når tjekket er udløbet.';
comment on column public.booking_challenge_uses.signature is 'Sikkerhedstjekkets signatur (HMAC-SHA-256, hex).';
comment on column public.booking_challenge_uses.expires_at is 'Hvornår sikkerhedstjekket udløber; derefter slettes rækken.';

create index booking_challenge_uses_expires_at_idx on public.booking_challenge_uses (expires_at);

alter table public.booking_challenge_uses enable row level security;
revoke all on table public.booking_challenge_uses from public, anon, authenticated;
grant select, insert, delete on table public.booking_challenge_uses to service_role;

create function public.create_booking_with_challenge(
  p_challenge text,
  p_challenge_expires_at timestamptz,
  p_service_id uuid,
  p_date date,
  p_time text,
  p_customer_name text,
  p_customer_email text,
  p_customer_phone text,
  p_notes text default '',
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  -- a second request with the same challenge waits here until the first one's transaction ends,
  -- then finds the row and inserts nothing
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    -- the same submit sent again (a lost answer): create_booking answers with its booking, or
    -- refuses the key if it was used for another booking
    if p_idempotency_key is not null
       and exists (select 1 from public.bookings b where b.idempotency_key = p_idempotency_key) then
      return public.create_booking(
        p_service_id => p_service_id, p_date => p_date, p_time => p_time,
        p_customer_name => p_customer_name, p_customer_email => p_customer_email,
        p_customer_phone => p_customer_phone, p_notes => p_notes,
        p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now);
    end if;
    return jsonb_build_object('status', 'challenge_used');
  end if;
  -- the challenge stays used whatever create_booking answers: every attempt costs one solution
  return public.create_booking(
    p_service_id => p_service_id, p_date => p_date, p_time => p_time,
    p_customer_name => p_customer_name, p_customer_email => p_customer_email,
    p_customer_phone => p_customer_phone, p_notes => p_notes,
    p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now);
end;
$$;

comment on function public.create_booking_with_challenge(text, timestamptz, uuid, date, text, text, text, text, text, text, text, timestamptz) is 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

revoke execute on function public.create_booking_with_challenge(text, timestamptz, uuid, date, text, text, text, text, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.create_booking_with_challenge(text, timestamptz, uuid, date, text, text, text, text, text, text, text, timestamptz) to service_role;

-- run_retention() as in 20261123044000_retention_phone_bookings.sql, plus step 4: expired used
-- challenges are deleted.
create or replace function public.run_retention(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_anonymised integer;
  v_purged integer;
  v_rate_limits integer;
  v_ips integer;
  v_challenges integer;
begin
  -- 1. contact and service data: 5 years after the customer's last contact (their latest booking,
  --    its drop-off/ready time or cancellation), every booking of that customer is anonymised. A
  --    customer is an e-mail address, or for the owner's phone bookings without one, a phone number
  with last_contact as (
    select coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) as customer,
           max(greatest(b.created_at, b.ready_at, coalesce(b.cancelled_at, b.created_at))) as at
      from public.bookings b
     where b.anonymised_at is null
     group by 1
  )
  update public.bookings b
     set customer_name = 'Anonymiseret',
         customer_email = '',
         customer_phone = '',
         notes = '',
         client_ip = null,
         idempotency_key = null,
         cancel_token = public.booking_random_token(),
         anonymised_at = p_now
    from last_contact l
   where b.anonymised_at is null
     and coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) = l.customer
     and l.at < p_now - interval '5 years';
  get diagnostics v_anonymised = row_count;

  -- 2. e-mail copies: content and recipient of sent e-mails after 30 days, of failed or cancelled
  --    ones after 90 days, and of every e-mail of an anonymised booking
  update public.email_outbox o
     set payload = '{}'::jsonb, recipient = null, last_error = null, purged_at = p_now
   where o.purged_at is null
     and ((o.status = 'sent' and coalesce(o.sent_at, o.created_at) < p_now - interval '30 days')
       or (o.status in ('failed', 'cancelled') and o.created_at < p_now - interval '90 days')
       or exists (select 1 from public.bookings b
                   where b.id = o.booking_id and b.anonymised_at is not null));
  get diagnostics v_purged = row_count;

  -- 3. website usage data: rate-limit counters (IP and e-mail addresses) after one day, the IP
  --    address stored with a booking after 30 days (the policy allows at most 12 months)
  delete from public.booking_rate_limits r where r.window_start < p_now - interval '1 day';
  get diagnostics v_rate_limits = row_count;

  update public.bookings b set client_ip = null
   where b.client_ip is not null and b.created_at < p_now - interval '30 days';
  get diagnostics v_ips = row_count;

  -- 4. used proof-of-work challenges once they have expired (they cannot be replayed after that)
  delete from public.booking_challenge_uses c where c.expires_at < p_now;
  get diagnostics v_challenges = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges);
end;
$$;

comment on function public.run_retention(timestamptz) is 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days and used booking challenges once expired. Run daily (pg_cron). Returns counts.';
