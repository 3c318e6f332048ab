-- The review request after pickup: when the owner marks a car afhentet (collected), the customer
-- gets one short e-mail the next morning with the owner's review link, and can say no to such
-- messages with one tap. Nothing is sent without the owner's link, nothing when the status is
-- set back before the send time, never twice for one booking, never to an address that said no.

-- the owner's review link -------------------------------------------------------------------------

create table public.review_settings (
  id boolean not null default true,
  review_url text,
  constraint review_settings_pkey primary key (id),
  -- one row: the setting, not a list
  constraint review_settings_one_row check (id)
);

comment on table public.review_settings is
  'Anmeldelser: dit link, som kunden får dagen efter, at du har meldt bilen afhentet. Tomt link = der sendes ingen anmodning om anmeldelse.';
comment on column public.review_settings.id is 'Teknisk: der er kun én række. Ret det ikke.';
comment on column public.review_settings.review_url is
  'Linket til dine anmeldelser (f.eks. Google eller Trustpilot), en https-adresse. Tomt = der sendes ingen anmodning om anmeldelse.';

insert into public.review_settings (id, review_url) values (true, null);

create function public.review_settings_check()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_url text := nullif(btrim(coalesce(new.review_url, '')), '');
begin
  new.id := true;
  -- a link the customer cannot open, or one that is not encrypted, is refused, never sent
  if v_url is not null and (
       v_url !~ '^https://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?\.[A-Za-z]{2,}(:[0-9]{1,5})?([/?#][^[:space:]]*)?$'
       or length(v_url) > 500) then
    raise exception 'review_url skal være en https-adresse på højst 500 tegn, f.eks. https://g.page/r/dit-link/review. "%" kan ikke bruges.',
      left(v_url, 60)
      using errcode = 'check_violation';
  end if;
  new.review_url := v_url;
  return new;
end;
$$;

comment on function public.review_settings_check() is
  'Trigger function: the owner''s review link is an https address (or empty = off), refused in Danish otherwise; the one row stays the one row.';

revoke all on function public.review_settings_check() from public, anon, authenticated;

create trigger review_settings_check
  before insert or update on public.review_settings
  for each row execute function public.review_settings_check();

create function public.review_settings_refuse_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Rækken slettes ikke. Tøm review_url i stedet, så sendes der ingen anmodning om anmeldelse.'
    using errcode = 'feature_not_supported';
end;
$$;

comment on function public.review_settings_refuse_delete() is
  'Trigger function: the review setting''s one row is never deleted (or truncated); refused in Danish, saying to empty review_url instead.';

revoke all on function public.review_settings_refuse_delete() from public, anon, authenticated;

create trigger review_settings_refuse_delete
  before delete on public.review_settings
  for each row execute function public.review_settings_refuse_delete();

create trigger review_settings_refuse_truncate
  before truncate on public.review_settings
  for each statement execute function public.review_settings_refuse_delete();

alter table public.review_settings enable row level security;
revoke all on table public.review_settings from anon, authenticated;

create function public.review_url()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.review_url from public.review_settings s where s.id;
$$;

comment on function public.review_url() is
  'The owner''s review link (review_settings.review_url), or null: no review requests then.';

revoke all on function public.review_url() from public, anon, authenticated;

-- who said no, and the one link per booking that says it -----------------------------------------

create table public.review_opt_outs (
  email text not null,
  opted_out_at timestamptz not null,
  constraint review_opt_outs_pkey primary key (email),
  constraint review_opt_outs_email_lower check (email = lower(email))
);

comment on table public.review_opt_outs is
  'Kunder, der har sagt nej tak til anmodninger om anmeldelse (e-mailadressen, med små bogstaver). De får ingen flere. Slet en række kun, hvis kunden selv beder om det.';
comment on column public.review_opt_outs.email is 'Kundens e-mailadresse (små bogstaver).';
comment on column public.review_opt_outs.opted_out_at is 'Hvornår kunden sagde nej tak.';

alter table public.review_opt_outs enable row level security;
revoke all on table public.review_opt_outs from anon, authenticated;

create table public.review_requests (
  booking_id uuid not null,
  opt_out_token_hash text not null,
  created_at timestamptz not null default now(),
  constraint review_requests_pkey primary key (booking_id),
  constraint review_requests_opt_out_token_hash_key unique (opt_out_token_hash),
  constraint review_requests_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete cascade
);

comment on table public.review_requests is
  'Teknisk: den anmodning om anmeldelse, en booking har fået, og nøglen i dens "Nej tak"-link. Ret ikke her.';
comment on column public.review_requests.booking_id is 'Bookingen.';
comment on column public.review_requests.opt_out_token_hash is
  'Teknisk: et fingeraftryk (sha256) af nøglen i mailens "Nej tak"-link; selve nøglen gemmes ikke her.';
comment on column public.review_requests.created_at is 'Hvornår anmodningen blev lagt i kø.';

alter table public.review_requests enable row level security;
revoke all on table public.review_requests from anon, authenticated;

-- queued by the owner's afhentet, held back by a correction ---------------------------------------

create function public.review_request_send_at(p_collected timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  -- the next Copenhagen morning at 10:00, after the day the car was picked up
  select (((p_collected at time zone 'Europe/Copenhagen')::date + 1) + time '10:00')
         at time zone 'Europe/Copenhagen';
$$;

comment on function public.review_request_send_at(timestamptz) is
  'When the review request of a car picked up at p_collected goes out: 10:00 Copenhagen time the next day.';

revoke all on function public.review_request_send_at(timestamptz) from public, anon, authenticated;

create function public.booking_queue_review_request(p_booking public.bookings, p_now timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text := public.review_url();
  v_token text;
begin
  if v_url is null
     or not public.booking_car_message_notifies(p_booking)
     or exists (select 1 from public.review_opt_outs r
                 where r.email = lower(btrim(p_booking.customer_email))) then
    return;
  end if;
  -- one per booking: one held back by a correction (cancelled) is queued again; a sent one never
  if exists (select 1 from public.email_outbox o
              where o.idempotency_key = 'review_request:' || p_booking.id
                and o.status <> 'cancelled') then
    return;
  end if;
  delete from public.email_outbox o
   where o.idempotency_key = 'review_request:' || p_booking.id and o.status = 'cancelled';
  -- the link's secret as the booking links have theirs: only its hash is kept here
  v_token := public.booking_random_token();
  insert into public.review_requests (booking_id, opt_out_token_hash)
  values (p_booking.id, public.booking_token_hash(v_token))
  on conflict (booking_id) do update set opt_out_token_hash = excluded.opt_out_token_hash;
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (p_booking.id, 'review_request', p_booking.customer_email,
          jsonb_build_object('reference', p_booking.reference,
                             'customerName', p_booking.customer_name,
                             'reviewUrl', v_url,
                             'optOutToken', v_token),
          'review_request:' || p_booking.id, public.review_request_send_at(p_now))
  on conflict (idempotency_key) do nothing;
end;
$$;

comment on function public.booking_queue_review_request(public.bookings, timestamptz) is
  'Queues the customer''s review_request for a car picked up at p_now (10:00 the next Copenhagen morning), once per booking (key review_request:<id>): only with the owner''s review link, to an e-mail address that has not said no (review_opt_outs), and as booking_car_message_notifies allows.';

revoke all on function public.booking_queue_review_request(public.bookings, timestamptz)
  from public, anon, authenticated;

create function public.bookings_review_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'collected' and old.status <> 'collected' then
    -- booking_set_status writes its p_now here
    perform public.booking_queue_review_request(new, coalesce(new.status_changed_at, now()));
  elsif old.status = 'collected' and new.status <> 'collected' then
    -- afhentet was a mistake: the request not sent yet stays unsent
    perform public.booking_cancel_car_messages(new.id, array['review_request'],
      'bilen er ' || public.booking_status_text(new.status));
  end if;
  return null;
end;
$$;

comment on function public.bookings_review_request() is
  'Trigger function: a booking set to collected queues its review request (booking_queue_review_request); set back from collected, the pending one is held back.';

revoke all on function public.bookings_review_request() from public, anon, authenticated;

create trigger bookings_review_request
  after update of status on public.bookings
  for each row
  when (old.status is distinct from new.status)
  execute function public.bookings_review_request();

create function public.review_settings_cleared()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- no link, no request: the ones waiting are held back; a new link applies to the ones waiting
  if new.review_url is null then
    update public.email_outbox o
       set status = 'cancelled', last_error = 'review_url er tømt', locked_until = null
     where o.kind = 'review_request' and o.status = 'pending';
  else
    update public.email_outbox o
       set payload = o.payload || jsonb_build_object('reviewUrl', new.review_url)
     where o.kind = 'review_request' and o.status = 'pending';
  end if;
  return null;
end;
$$;

comment on function public.review_settings_cleared() is
  'Trigger function: an emptied review_url holds back the pending review requests; a changed one is what they link to.';

revoke all on function public.review_settings_cleared() from public, anon, authenticated;

create trigger review_settings_cleared
  after update of review_url on public.review_settings
  for each row
  when (old.review_url is distinct from new.review_url)
  execute function public.review_settings_cleared();

-- "Nej tak til den slags beskeder" ----------------------------------------------------------------

create function public.review_opt_out(p_token text, p_now timestamptz default now())
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  select lower(btrim(b.customer_email)) into v_email
    from public.review_requests r
    join public.bookings b on b.id = r.booking_id
   where r.opt_out_token_hash = public.booking_token_hash(p_token);
  if v_email is null or v_email = '' then
    return 'unknown';
  end if;
  insert into public.review_opt_outs (email, opted_out_at) values (v_email, p_now)
  on conflict (email) do nothing;
  -- a request still waiting to that address is not sent either
  update public.email_outbox o
     set status = 'cancelled', last_error = 'kunden har sagt nej tak', locked_until = null
   where o.kind = 'review_request' and o.status = 'pending'
     and lower(btrim(o.recipient)) = v_email;
  return 'recorded';
end;
$$;

comment on function public.review_opt_out(text, timestamptz) is
  'The customer''s "Nej tak til den slags beskeder" (the token of a review request''s link): records the address in review_opt_outs (again: nothing changes) and holds back a pending request to it; ''recorded'', or ''unknown'' for a token no request has (or of an anonymised booking). Used by review-opt-out.';

revoke all on function public.review_opt_out(text, timestamptz) from public, anon, authenticated;
grant execute on function public.review_opt_out(text, timestamptz) to service_role;
