-- Three things a visitor meets, answered by the database:
-- - the next free time: booking_calendar gives each bookable day its first free drop-off time
--   ("time"), so the form can offer "Næste ledige tid" when a chosen day is full;
-- - links that explain themselves: a link token replaced by a move (or a reconfirmation's new
--   e-mail) is remembered by its hash in booking_replaced_links (trigger on bookings), and the
--   cancel and move answers say {state: moved|replaced} for it instead of not_found (no booking
--   data); the cancel page's answer says whether the booking may still be moved (canMove);
-- - the move page's times count the booking's own time as free (get_available_slots and
--   booking_calendar take p_own_booking; booking_move_calendar and booking_move_slots, for the
--   reschedule-booking function), so a half-hour shift on the same day is offered. move_booking
--   already frees the old time in the transaction that takes the new one.
-- Written by npm run db:diff from supabase/schemas/ and reviewed: get_available_slots and
-- booking_calendar take a new parameter, so they are dropped and created again with their
-- comments and grants.

-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone);

DROP FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone);

CREATE TABLE "public"."booking_replaced_links" (
  "token_hash"  text                     NOT NULL,
  "booking_id"  uuid                     NOT NULL,
  "reason"      text                     NOT NULL,
  "replaced_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "booking_replaced_links_pkey" PRIMARY KEY (token_hash),
  CONSTRAINT "booking_replaced_links_reason_check" CHECK ((reason = ANY (ARRAY['moved'::text, 'reissued'::text]))),
  CONSTRAINT "booking_replaced_links_token_hash_format" CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE "public"."booking_replaced_links"
  ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION public.booking_calendar (
  p_service_id  uuid,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer := public.booking_setting('min_advance_booking_days', 1);
  v_max integer := public.booking_setting('max_advance_booking_days', 60);
  v_days jsonb;
begin
  if p_service_id is null
     or not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    raise exception using
      errcode = 'P0001',
      message = 'Ukendt service.',
      hint = 'Vælg en af de viste services.';
  end if;
  if v_max < v_min then
    v_max := v_min;
  end if;

  -- every day from today to the window's end; the rule of each day, and for an open day in the
  -- window whether any drop-off time is still free for this package and the first of them (the
  -- form offers the next free time with it when a chosen day is full)
  select jsonb_agg(
           jsonb_strip_nulls(jsonb_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'status', case
               when d.status is not null then d.status
               when d.first_time is null then 'full'
               else 'bookable' end,
             'time', d.first_time,
             'holiday', d.holiday))
           order by d.day)
    into v_days
    from (
      select g.day::date as day,
             r.holiday,
             case
               when g.day < v_today + v_min then 'outside_window'
               when r.closed_reason is not null then r.closed_reason
             end as status,
             case
               when g.day >= v_today + v_min and r.closed_reason is null then
                 public.get_available_slots(p_service_id, g.day::date, p_now, p_own_booking)
                   -> 'slots' ->> 0
             end as first_time
        from generate_series(v_today, v_today + v_max, interval '1 day') as g(day)
        cross join lateral public.booking_day_rule(g.day::date) r
    ) as d;

  return jsonb_build_object(
    'today', to_char(v_today, 'YYYY-MM-DD'),
    'first', to_char(v_today + v_min, 'YYYY-MM-DD'),
    'last', to_char(v_today + v_max, 'YYYY-MM-DD'),
    'days', coalesce(v_days, '[]'::jsonb));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_cancel_info (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select public.booking_link_answer(p_token, p_now, false);
$function$;

CREATE OR REPLACE FUNCTION public.booking_link_answer (
  p_token  text,
  p_now    timestamp with time zone,
  p_moving boolean
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_view jsonb := public.booking_link_view(public.booking_by_token(p_token), p_now, p_moving);
  v_replaced text;
begin
  if v_view ->> 'state' = 'not_found' then
    v_replaced := public.booking_replaced_link_state(p_token);
    if v_replaced is not null then
      return jsonb_build_object('state', v_replaced);
    end if;
  end if;
  return v_view;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_link_view (
  p_booking public.bookings,
  p_now     timestamp with time zone,
  p_moving  boolean
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select case when p_booking.id is null then jsonb_build_object('state', 'not_found') else
    jsonb_build_object(
      'state', case
        when p_booking.status = 'cancelled' then 'cancelled'
        when p_now > public.booking_change_deadline(p_booking) then 'too_late'
        when p_moving and public.booking_moves_left(p_booking) = 0 then 'move_limit'
        else 'active' end,
      'booking', public.booking_summary(p_booking) || case
        when p_moving then jsonb_build_object(
          'serviceId', p_booking.service_id,
          'moveDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'movesLeft', public.booking_moves_left(p_booking))
        else jsonb_build_object(
          -- the cancel page offers to move instead while the move page would take it
          'canMove', p_booking.status <> 'cancelled'
                     and p_now <= public.booking_change_deadline(p_booking)
                     and public.booking_moves_left(p_booking) > 0,
          'cancelDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'cancelledAt', case when p_booking.cancelled_at is not null
                              then public.copenhagen_iso(p_booking.cancelled_at) end) end) end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_move_calendar (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
begin
  if v_booking.id is null
     or public.booking_link_view(v_booking, p_now, true) ->> 'state' <> 'active' then
    return null;
  end if;
  return public.booking_calendar(v_booking.service_id, p_now, v_booking.id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_move_info (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select public.booking_link_answer(p_token, p_now, true);
$function$;

CREATE OR REPLACE FUNCTION public.booking_move_slots (
  p_token text,
  p_date  date,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
begin
  if v_booking.id is null
     or public.booking_link_view(v_booking, p_now, true) ->> 'state' <> 'active' then
    return null;
  end if;
  return public.get_available_slots(v_booking.service_id, p_date, p_now, v_booking.id);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_replaced_link_state (
  p_token text
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- 'moved' or 'replaced' for a link a newer e-mail replaced, else null; says nothing of the booking
  select case l.reason when 'moved' then 'moved' else 'replaced' end
    from public.booking_replaced_links l
    join public.bookings b on b.id = l.booking_id and b.anonymised_at is null
   where p_token ~ '^[0-9a-f]{64}$' and l.token_hash = public.booking_token_hash(p_token);
$function$;

CREATE OR REPLACE FUNCTION public.bookings_remember_replaced_link()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if new.anonymised_at is not null then
    -- an anonymised booking answers no link at all, old or new
    delete from public.booking_replaced_links l where l.booking_id = new.id;
    return null;
  end if;
  insert into public.booking_replaced_links (token_hash, booking_id, reason)
  values (old.cancel_token_hash, new.id,
          case when new.drop_off_at is distinct from old.drop_off_at then 'moved' else 'reissued' end)
  on conflict (token_hash) do nothing;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.cancel_booking (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
  v_view jsonb;
begin
  -- lock the booking found; a move or cancel that committed meanwhile is seen here (a move changes
  -- the hash, so the old link then finds nothing, as before)
  select * into v_booking from public.bookings b
   where b.id = v_booking.id and b.cancel_token_hash = v_booking.cancel_token_hash
     and b.anonymised_at is null
     for update;
  v_view := public.booking_cancel_view(v_booking, p_now);
  if v_view ->> 'state' = 'not_found' then
    return public.booking_link_answer(p_token, p_now, false);
  end if;
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  -- the key ends with the cancellation's revision: a booking reconfirmed by the workshop and
  -- cancelled again gets a cancellation again. sequence names the revision cancelled; the .ics is
  -- one above it (= ics_sequence now)
  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation',
    ':' || v_booking.ics_sequence,
    jsonb_build_object('sequence', v_booking.ics_sequence - 1),
    jsonb_build_object('sequence', v_booking.ics_sequence - 1), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_available_slots (
  p_service_id  uuid,
  p_date        date,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_capacity integer := greatest(1, least(public.booking_setting('workshop_capacity', 1), 50));
  v_result jsonb;
begin
  if not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    return jsonb_build_object('error', 'unknown_service');
  end if;
  -- one read of the busy periods around the day's candidates, then a free bay per candidate
  with c as materialized (
    select * from public.booking_candidates(p_service_id, p_date, p_now)
  ), span as (
    select tstzrange(min(lower(r)), max(upper(r)), '[)') as s from c cross join lateral unnest(c.blocked) r
  ), busy as materialized (
    select w.bay, w.period
      from public.booking_work_periods w, span
     where w.active and w.period && span.s and w.bay <= v_capacity
       -- a booking being moved does not stand in its own way (move_booking frees its time in the
       -- same transaction that takes the new one)
       and w.booking_id is distinct from p_own_booking
  ), free as (
    select c.slot, c.drop_off_at, c.ready_at
      from c
     where exists (
       select 1 from generate_series(1, v_capacity) b
        where not exists (
          select 1 from unnest(c.blocked) r join busy on busy.bay = b and busy.period && r))
  )
  select jsonb_build_object(
           'slots', coalesce(jsonb_agg(f.slot order by f.drop_off_at), '[]'::jsonb),
           'readyAt', coalesce(jsonb_object_agg(f.slot, to_char(f.ready_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')),
                               '{}'::jsonb))
    into v_result
    from free f;
  return v_result;
end;
$function$;

CREATE OR REPLACE FUNCTION public.reschedule_booking (
  p_token text,
  p_date  date,
  p_time  text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id uuid := (public.booking_by_token(p_token)).id;
begin
  if v_id is null then
    return jsonb_build_object('status',
      coalesce('link_' || public.booking_replaced_link_state(p_token), 'not_found'));
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$function$;

ALTER TABLE "public"."booking_replaced_links"
  ADD CONSTRAINT "booking_replaced_links_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE INDEX booking_replaced_links_booking_id_idx ON public.booking_replaced_links USING btree (booking_id);

CREATE TRIGGER bookings_remember_replaced_link
  AFTER UPDATE ON public.bookings
  FOR EACH ROW
  WHEN ((old.cancel_token_hash IS DISTINCT FROM new.cancel_token_hash))
  EXECUTE FUNCTION public.bookings_remember_replaced_link();

COMMENT ON COLUMN "public"."booking_replaced_links"."booking_id" IS 'Bookingen.';

COMMENT ON COLUMN "public"."booking_replaced_links"."reason" IS 'moved = bookingen blev flyttet; reissued = nyt link sendt af anden grund (genoprettet booking).';

COMMENT ON COLUMN "public"."booking_replaced_links"."replaced_at" IS 'Hvornår linket blev afløst.';

COMMENT ON COLUMN "public"."booking_replaced_links"."token_hash" IS 'SHA-256 (hex) af det gamle link (selve linket gemmes ikke).';

COMMENT ON FUNCTION "public"."booking_calendar"(uuid, timestamp with time zone, uuid) IS 'The booking window for a package as seen at p_now: {today, first, last, days: [{day, status, time?, holiday?}]} from today to last, status bookable (time: its first free drop-off, HH:MI), full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). p_own_booking: the booking being moved, whose own time counts as free. Raises P0001 for an unknown or inactive package.';

COMMENT ON FUNCTION "public"."booking_cancel_info"(text, timestamp with time zone) IS 'The booking behind a cancel link: {state: active|cancelled|too_late|not_found|moved|replaced, booking}. moved/replaced: a newer e-mail has the link (no booking data). Changes nothing.';

COMMENT ON FUNCTION "public"."booking_link_answer"(text, timestamp with time zone, boolean) IS 'booking_link_view of the booking behind a link token; for a token a newer e-mail replaced, {state: moved|replaced} (no booking data).';

COMMENT ON FUNCTION "public"."booking_link_view"(public.bookings, timestamp with time zone, boolean) IS 'What the cancel page (p_moving false: state active, cancelled or too_late; canMove: the move page would still take it) or the move page (true: also move_limit) may show of a booking, without contact details; {state: not_found} for a null booking.';

COMMENT ON FUNCTION "public"."booking_move_calendar"(text, timestamp with time zone) IS 'The move page''s calendar (booking_calendar of the package) for the booking behind a move link, its own time counted as free; null when the link finds no booking that may be moved now.';

COMMENT ON FUNCTION "public"."booking_move_info"(text, timestamp with time zone) IS 'The booking behind a move link: {state: active|cancelled|too_late|move_limit|not_found|moved|replaced, booking}. moved/replaced: a newer e-mail has the link (no booking data). Changes nothing.';

COMMENT ON FUNCTION "public"."booking_move_slots"(text, date, timestamp with time zone) IS 'The free drop-off times of a day (get_available_slots) for the booking behind a move link, its own time counted as free (a half-hour shift on the same day is offered); null when the link finds no booking that may be moved now.';

COMMENT ON FUNCTION "public"."booking_replaced_link_state"(text) IS 'For a link token that finds no booking: moved (the booking was moved since, a newer e-mail has the link) or replaced (a newer e-mail has the link for another reason), else null. Returns no booking data.';

COMMENT ON FUNCTION "public"."bookings_remember_replaced_link"() IS 'Trigger function: a booking''s link token replaced (a move, a reconfirmation''s new e-mail) leaves the old hash in booking_replaced_links with its reason; anonymising a booking forgets them.';

COMMENT ON FUNCTION "public"."cancel_booking"(text, timestamp with time zone) IS 'Cancels the booking behind a cancel link when it is still allowed (until cancellation_notice_hours before drop-off), frees its time, drops its pending reminder and queues e-mails to customer and workshop (keys end with the new ics_sequence). Returns {state, booking}: state cancelled and cancelledNow true on success, else not_found, moved or replaced (a newer e-mail has the link; no booking data), cancelled (was already) or too_late; nothing changes then.';

COMMENT ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp with time zone, uuid) IS 'Free drop-off times of a day for a package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service}. p_own_booking: the booking being moved, whose own time counts as free. Called by the get-available-slots edge function.';

COMMENT ON FUNCTION "public"."reschedule_booking"(text, date, text, timestamp with time zone) IS 'The customer''s move through the link in the e-mail: move_booking() with every customer rule. A token a newer e-mail replaced answers {status: link_moved|link_replaced} instead of not_found. Called by the reschedule-booking edge function.';

COMMENT ON TABLE "public"."booking_replaced_links" IS 'Teknisk: kontrolsummer af kundens gamle links (afbestil/flyt), der er afløst af et nyere link, så siden kan sige, at bookingen er flyttet, og at det nyeste link skal bruges. Vedligeholdes automatisk. Ret ikke her.';

REVOKE ALL ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_link_answer"(text, timestamp WITH time zone, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_link_answer"(text, timestamp WITH time zone, boolean) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_move_calendar"(text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_move_calendar"(text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_move_slots"(text, date, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_move_slots"(text, date, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_replaced_link_state"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_replaced_link_state"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."bookings_remember_replaced_link"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_remember_replaced_link"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."booking_replaced_links" TO "postgres", "service_role";

-- the platform's default privileges would open what postgres creates: closed by name
REVOKE ALL ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_link_answer"(text, timestamp WITH time zone, boolean) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_move_calendar"(text, timestamp WITH time zone) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_move_slots"(text, date, timestamp WITH time zone) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_replaced_link_state"(text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."bookings_remember_replaced_link"() FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid) FROM "anon", "authenticated";
REVOKE ALL ON TABLE "public"."booking_replaced_links" FROM "anon", "authenticated";
