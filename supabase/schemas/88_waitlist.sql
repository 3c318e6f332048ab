-- "Skriv mig op": the waiting list of a full day.
--
-- A visitor who wants a day that is full for his job (the package, his car's size, the add-ons)
-- leaves his e-mail address, and his phone if he wants an SMS too (join-waitlist, behind the same
-- proof of work as a booking). When a time long enough for his job frees on that day, by whatever
-- path (a cancellation, a move away, a no-show, the owner opening more time), everyone on that
-- day's list who has not been told yet and whose job now fits gets one e-mail with a link that
-- opens the booking form on the day (and one SMS with the same link, when he gave a phone), and is
-- marked told: one message per subscriber, then he is off the list. Whoever books first wins; the
-- engine guarantees one winner. The list is deleted once its day has passed (run_retention).
--
-- Rules that live here:
-- - only a day in the booking window that is open and has no free time for the job (the package,
--   the car's size and the add-ons: booking_job), and he is told of a time long enough for it;
-- - at most waitlist_max_per_day subscribers per day (default 20), at most 3 days on the list per
--   e-mail address and per phone number, at most 5 sign-ups per client address (its networks) per
--   Copenhagen day; the SMS itself goes by the outbox's SMS rules (sms_queue: Danish subscriber
--   numbers only, at most 3 a Copenhagen day per number);
-- - the same address on the same day again is answered with the first receipt, not a second row;
-- - the check for a freed time runs when the transaction that freed it commits (deferred
--   constraint triggers), so a move within one day that frees and takes a time in one transaction
--   is seen as it ends.

create table public.waitlist_entries (
  id uuid not null default gen_random_uuid(),
  day date not null,
  service_id uuid not null,
  email text not null,
  leave_token_hash text not null,
  client_ip text,
  created_at timestamptz not null,
  notified_at timestamptz,
  phone text,
  -- the job he wanted (booking_job's size code, the add-ons sorted): a time is free for him only
  -- when it is long enough for it
  car_size text,
  addon_ids uuid[] not null default '{}',
  constraint waitlist_entries_pkey primary key (id),
  constraint waitlist_entries_service_id_fkey
    foreign key (service_id) references public.services (id),
  constraint waitlist_entries_leave_token_hash_key unique (leave_token_hash),
  constraint waitlist_entries_email_check check (char_length(email) <= 254),
  constraint waitlist_entries_leave_token_hash_format check (leave_token_hash ~ '^[0-9a-f]{64}$'),
  -- stored as phone_e164 writes it, like a booking's phone
  constraint waitlist_entries_phone_format check (phone ~ '^\+[0-9]{8,17}$')
);

-- one row per address and day: a second sign-up is answered with the first one's receipt
create unique index waitlist_entries_day_email_key on public.waitlist_entries (day, lower(email));
create index waitlist_entries_waiting_idx on public.waitlist_entries (day) where notified_at is null;
create index waitlist_entries_created_at_idx on public.waitlist_entries (created_at);
create index waitlist_entries_phone_idx on public.waitlist_entries (phone) where phone is not null;

comment on table public.waitlist_entries is
  'Ventelisten ("Skriv mig op"): kunder, der vil have besked, hvis der bliver en tid ledig på en fuld dag. Når en tid bliver ledig (aflysning, flytning, udeblevet, en dag du åbner), får alle på dagens liste én mail med et link til at booke (og én SMS med samme link, hvis de har givet deres telefonnummer), og notified_at sættes. Rækkerne slettes automatisk, når dagen er gået. Ret ikke her; slet gerne en række, hvis kunden beder om det.';
comment on column public.waitlist_entries.id is 'Rækkens faste id (automatisk).';
comment on column public.waitlist_entries.day is 'Dagen, kunden venter på.';
comment on column public.waitlist_entries.service_id is 'Pakken, kunden ville booke.';
comment on column public.waitlist_entries.email is 'Kundens e-mailadresse.';
comment on column public.waitlist_entries.leave_token_hash is
  'Teknisk: kontrolværdi for linket "Fjern mig fra listen" i kundens mail.';
comment on column public.waitlist_entries.client_ip is
  'Teknisk: IP-adressen, tilmeldingen kom fra (mod misbrug; slettes med rækken).';
comment on column public.waitlist_entries.created_at is 'Hvornår kunden skrev sig op (UTC).';
comment on column public.waitlist_entries.notified_at is
  'Hvornår kunden fik besked om en ledig tid (UTC). Tom = venter stadig.';
comment on column public.waitlist_entries.phone is
  'Kundens telefonnummer, hvis kunden også vil have besked på SMS (tom = kun mail). Slettes med rækken.';
comment on column public.waitlist_entries.car_size is
  'Bilstørrelsen, kunden ville booke til (koden fra car_sizes). Kunden får kun besked, når der bliver en tid ledig, der er lang nok til hele jobbet.';
comment on column public.waitlist_entries.addon_ids is
  'Tilvalgene, kunden ville have med (id''er fra addons). Kunden får kun besked, når der bliver en tid ledig, der er lang nok til hele jobbet.';

alter table public.waitlist_entries enable row level security;
-- no policy and no grant for anon or authenticated: join-waitlist uses the secret key

-- the owner's cap of a day's list, beside the other rules in settings (setting_ranges has its range)
insert into public.settings (key, value, description, is_public) values
  ('waitlist_max_per_day', '20',
   'Højst så mange personer på ventelisten til samme dag ("Skriv mig op" på en fuld dag). Derefter får nye besked om, at listen er fuld.',
   false);

-- is the day full? --------------------------------------------------------------------------------

create function public.waitlist_day_state(
  p_service_id uuid,
  p_day date,
  p_now timestamptz,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_job jsonb := public.booking_job(p_service_id, p_car_size, p_addon_ids);
begin
  case v_job ->> 'error'
    when 'serviceId' then return 'unknown_service';
    when 'carSize' then return 'unknown_car_size';
    when 'addonIds' then return 'unknown_addon';
    else null;
  end case;
  if p_day < v_today + public.booking_setting('min_advance_booking_days', 1)
     or p_day > v_today + greatest(public.booking_setting('max_advance_booking_days', 60),
                                   public.booking_setting('min_advance_booking_days', 1)) then
    return 'outside_window';
  end if;
  if (select r.closed_reason from public.booking_day_rule(p_day) r) is not null then
    return 'closed';
  end if;
  if jsonb_array_length(
       public.booking_free_times(p_service_id, p_day, p_now, (v_job ->> 'minutes')::integer)
         -> 'slots') > 0 then
    return 'free';
  end if;
  return 'full';
end;
$$;

comment on function public.waitlist_day_state(uuid, date, timestamptz, text, uuid[]) is
  'A day as the waiting list sees it for a job at p_now (the package, the car size and the add-ons, as booking_job prices and times them): full (open, in the booking window, no free drop-off for the whole job''s length), free, closed, outside_window, or unknown_service|unknown_car_size|unknown_addon.';

revoke all on function public.waitlist_day_state(uuid, date, timestamptz, text, uuid[])
  from public, anon, authenticated;

-- signing up --------------------------------------------------------------------------------------

create function public.join_waitlist(
  p_challenge text,
  p_challenge_expires_at timestamptz,
  p_service_id uuid,
  p_day date,
  p_email text,
  p_client_ip text default null,
  p_now timestamptz default now(),
  p_phone text default null,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := btrim(coalesce(p_email, ''));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_entry public.waitlist_entries;
  v_state text;
  v_token text;
  v_count integer;
  v_net record;
  v_service_name text;
  -- the job as booking_job names it: the add-ons once each, sorted, and the size's code
  v_addon_ids uuid[] := array(select distinct x from unnest(coalesce(p_addon_ids, '{}')) x
                               order by x);
  v_job jsonb := public.booking_job(p_service_id, p_car_size, v_addon_ids);
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    return jsonb_build_object('status', 'invalid', 'field', 'email');
  end if;
  if v_phone is not null then
    -- the booking's one phone rule, and its stored form (+45 and 8 digits for a Danish number)
    v_phone := public.phone_e164(v_phone);
    if v_phone is null then
      return jsonb_build_object('status', 'invalid', 'field', 'phone');
    end if;
  end if;
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    return jsonb_build_object('status', 'challenge_used');
  end if;

  -- one sign-up at a time, so that two at once cannot both pass a cap
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist', 0));

  select s.name into v_service_name from public.services s where s.id = p_service_id;

  -- already on this day's list: the same receipt, no second row and no second e-mail
  select * into v_entry from public.waitlist_entries e
   where e.day = p_day and lower(e.email) = lower(v_email);
  if found and v_entry.notified_at is null then
    return jsonb_build_object('status', 'joined', 'already', true,
                              'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
  end if;

  v_state := public.waitlist_day_state(p_service_id, p_day, p_now, p_car_size, v_addon_ids);
  if v_state <> 'full' then
    return jsonb_build_object('status', 'not_full', 'reason', v_state);
  end if;

  select count(*) into v_count from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
  if v_count >= public.booking_setting('waitlist_max_per_day', 20) then
    return jsonb_build_object('status', 'list_full');
  end if;

  -- a phone counts like an address: one number cannot be put on every list to be sent SMS
  select count(*) into v_count from public.waitlist_entries e
   where (lower(e.email) = lower(v_email) or e.phone = v_phone) and e.notified_at is null
     and e.day >= (p_now at time zone 'Europe/Copenhagen')::date;
  if v_count >= 3 then
    return jsonb_build_object('status', 'contact_cap');
  end if;

  for v_net in select * from public.booking_address_networks(p_client_ip) loop
    select count(*) into v_count from public.waitlist_entries e
     where e.created_at >= v_today
       and v_net.bucket = any(public.booking_address_buckets(e.client_ip));
    if v_count >= 5 * v_net.factor then
      return jsonb_build_object('status', 'address_cap');
    end if;
  end loop;

  -- told before and back again (the time went to someone else): waiting again
  delete from public.waitlist_entries e where e.id = v_entry.id;

  v_token := public.booking_random_token();
  insert into public.waitlist_entries (day, service_id, email, phone, leave_token_hash, client_ip,
                                       created_at, car_size, addon_ids)
  values (p_day, p_service_id, v_email, v_phone, public.booking_token_hash(v_token),
          nullif(p_client_ip, ''), p_now, v_job ->> 'carSize', v_addon_ids)
  returning * into v_entry;

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at, created_at)
  values (null, 'waitlist_receipt', v_email,
          jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name,
                             'leaveToken', v_token)
          -- the number the SMS will go to, so that a mistyped one shows
          || case when v_phone is not null
                  then jsonb_build_object('smsTo', public.phone_display(v_phone))
                  else '{}'::jsonb end,
          'waitlist_receipt:' || v_entry.id, p_now, p_now);

  return jsonb_build_object('status', 'joined', 'already', false,
                            'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
end;
$$;

comment on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text, text, uuid[]) is
  'Puts an e-mail address (and the phone, stored as phone_e164 writes it, when given for an SMS) on the waiting list of a day full for the job (the package, p_car_size and p_addon_ids, as booking_job takes them; stored with the entry) behind a verified ALTCHA challenge (marked used, booking_challenge_uses) and queues the receipt (waitlist_receipt, with the leave link''s token, and smsTo: the phone as the owner reads it, when given). Returns {status: joined, already, day, serviceName} (already: the address was on the list, nothing new written), or {status: not_full (reason: free|closed|outside_window|unknown_service|unknown_car_size|unknown_addon), list_full (waitlist_max_per_day, default 20), contact_cap (3 days per e-mail address or phone), address_cap (5 a Copenhagen day per network of the IP), invalid (field email or phone), challenge_invalid|challenge_expired|challenge_used}. Called by the join-waitlist edge function.';

revoke all on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text, text, uuid[])
  from public, anon, authenticated;
-- the join-waitlist edge function calls it with the secret key, after it verified the solution
grant execute on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text, text, uuid[])
  to service_role;

create function public.leave_waitlist(p_token text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date;
  v_id uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'not_found');
  end if;
  delete from public.waitlist_entries e
   where e.leave_token_hash = public.booking_token_hash(p_token)
  returning e.day, e.id into v_day, v_id;
  if v_day is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  -- told but not yet sent (the sender runs every minute): neither the e-mail nor the SMS goes
  update public.email_outbox o
     set status = 'cancelled', last_error = 'Ikke sendt: kunden har fjernet sig fra ventelisten.'
   where o.idempotency_key in ('waitlist_free:' || v_id, 'sms:waitlist_free:' || v_id)
     and o.status = 'pending';
  return jsonb_build_object('status', 'left', 'day', to_char(v_day, 'YYYY-MM-DD'));
end;
$$;

comment on function public.leave_waitlist(text) is
  'Takes an address off a day''s waiting list by the token of the receipt''s leave link, and cancels its free-time e-mail and SMS if they are still pending: {status: left, day} or {status: not_found} (an unknown token, or the list is gone).';

revoke all on function public.leave_waitlist(text) from public, anon, authenticated;
grant execute on function public.leave_waitlist(text) to service_role;

-- telling the list --------------------------------------------------------------------------------

create function public.waitlist_notify(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day record;
  v_entry record;
  v_payload jsonb;
  v_count integer := 0;
  v_first text;
  v_job jsonb;
begin
  if not exists (select 1 from public.waitlist_entries e where e.notified_at is null) then
    return 0;
  end if;
  -- per day and job: a time free for a short job may be too short for a longer one (a bigger
  -- car, an add-on)
  for v_day in
    select e.day, e.service_id, e.car_size, e.addon_ids
      from public.waitlist_entries e
     where e.notified_at is null
       and e.day >= (p_now at time zone 'Europe/Copenhagen')::date
     group by e.day, e.service_id, e.car_size, e.addon_ids
     order by e.day
  loop
    v_job := public.booking_job(v_day.service_id, v_day.car_size, v_day.addon_ids);
    -- a package, size or add-on the owner has since taken away: nothing can be booked for it
    continue when v_job ? 'error';
    if public.waitlist_day_state(v_day.service_id, v_day.day, p_now, v_day.car_size,
                                 v_day.addon_ids) = 'free' then
      v_first := public.booking_free_times(v_day.service_id, v_day.day, p_now,
                                           (v_job ->> 'minutes')::integer) -> 'slots' ->> 0;
      -- the job's size (when not the ordinary car) and add-ons, for the mail's rows and its link
      v_payload := jsonb_build_object('day', to_char(v_day.day, 'YYYY-MM-DD'),
                                      'serviceName', v_job ->> 'serviceName', 'time', v_first)
        || case when v_job ->> 'carSize' <> public.car_size_standard()
                then jsonb_build_object('carSize', v_job ->> 'carSize',
                                        'carSizeName', v_job ->> 'carSizeName')
                else '{}'::jsonb end
        || case when jsonb_array_length(v_job -> 'addons') > 0
                then jsonb_build_object('addons',
                       (select jsonb_agg(jsonb_build_object('id', a ->> 'id', 'name', a ->> 'name'))
                          from jsonb_array_elements(v_job -> 'addons') a))
                else '{}'::jsonb end;
      for v_entry in
        update public.waitlist_entries e
           set notified_at = p_now
         where e.day = v_day.day and e.service_id = v_day.service_id
           and e.car_size is not distinct from v_day.car_size and e.addon_ids = v_day.addon_ids
           and e.notified_at is null
        returning e.id, e.email, e.phone
      loop
        insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                         next_attempt_at, created_at)
        values (null, 'waitlist_free', v_entry.email, v_payload, 'waitlist_free:' || v_entry.id,
                p_now, p_now)
        on conflict (idempotency_key) do nothing;
        if found then
          v_count := v_count + 1;
        end if;
        -- the same message by SMS, when he gave his phone: its key is the e-mail's, so once
        if v_entry.phone is not null then
          perform public.sms_queue(null, 'sms_waitlist_free', v_entry.phone, v_payload,
                                   'sms:waitlist_free:' || v_entry.id, p_now, p_now);
        end if;
      end loop;
    end if;
  end loop;
  return v_count;
end;
$$;

comment on function public.waitlist_notify(timestamptz) is
  'Tells every waiting subscriber of a day on which a drop-off time is free for his job at p_now (the package, the car size and the add-ons he signed up with; waitlist_day_state free): one waitlist_free e-mail each (the day, the package, the first free time, and the job''s car size and add-ons when he gave them), the same as an SMS (sms_waitlist_free, by sms_queue) to one who gave his phone, and notified_at set, so a second free time tells him nothing. Returns how many were told. Run when a transaction that may have freed a time commits (waitlist_after_change).';

revoke all on function public.waitlist_notify(timestamptz) from public, anon, authenticated;
grant execute on function public.waitlist_notify(timestamptz) to service_role;

create function public.waitlist_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- the change that freed the time (a cancellation, the owner's edit) must never fail because the
  -- list could not be told: the list waits for the next change instead
  begin
    perform public.waitlist_notify(now());
  exception when others then
    raise warning 'waitlist_notify: % (%)', sqlerrm, sqlstate;
  end;
  return null;
end;
$$;

comment on function public.waitlist_after_change() is
  'Trigger function: after a change that may free a time (work periods released or moved, opening hours, closed and open days) tells the waiting lists (waitlist_notify at now()). On work periods deferred to the commit, so a move within one transaction is judged as it ends.';

revoke all on function public.waitlist_after_change() from public, anon, authenticated;

-- a booking cancelled, moved, a no-show or a collected car: its work periods are released, moved
-- or deleted
create constraint trigger waitlist_after_work_period_update
  after update on public.booking_work_periods
  deferrable initially deferred
  for each row
  when (old.active and (not new.active or old.period is distinct from new.period))
  execute function public.waitlist_after_change();

create constraint trigger waitlist_after_work_period_delete
  after delete on public.booking_work_periods
  deferrable initially deferred
  for each row
  when (old.active)
  execute function public.waitlist_after_change();

-- the owner opens more time: a closed day removed, an open day or longer hours added. Once per
-- statement, not deferred: the owner edits these one at a time in the dashboard, and a deferred
-- event would keep the table's TRUNCATE guard from answering in Danish in the same transaction
create trigger waitlist_after_closed_date_change
  after update or delete on public.closed_dates
  for each statement execute function public.waitlist_after_change();

create trigger waitlist_after_open_date_change
  after insert or update on public.open_dates
  for each statement execute function public.waitlist_after_change();

create trigger waitlist_after_opening_hours_change
  after insert or update on public.opening_hours
  for each statement execute function public.waitlist_after_change();

-- the owner's day ---------------------------------------------------------------------------------

create function public.owner_day_waitlist(p_day date)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', e.email,
                                               'phone', public.phone_display(e.phone))
                            order by e.created_at), '[]'::jsonb)
    from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
$$;

comment on function public.owner_day_waitlist(date) is
  'Who is still waiting for a free time on a day (not yet told), first written up first, as [{email, phone (grouped for reading, null when only e-mail)}]: the owner page''s day (owner_day_at).';

revoke all on function public.owner_day_waitlist(date) from public, anon, authenticated;

-- retention ---------------------------------------------------------------------------------------

create function public.waitlist_retention(p_now timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- a day's list is of no use once the day has passed
  delete from public.waitlist_entries e
   where e.day < (p_now at time zone 'Europe/Copenhagen')::date;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.waitlist_retention(timestamptz) is
  'Deletes the waiting lists (e-mail, phone, IP) of days before p_now''s Copenhagen day (the privacy policy: kept until the day has passed). Called by run_retention. Returns how many rows were deleted.';

revoke all on function public.waitlist_retention(timestamptz) from public, anon, authenticated;
