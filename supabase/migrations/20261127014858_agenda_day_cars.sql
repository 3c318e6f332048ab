-- The day's cars, and closing a day over bookings:
-- - owner_agenda is one row per car per Copenhagen day it is at the workshop, from today on, with
--   its role that day (role: aflevering, arbejde, venter, klar til afhentning, aflevering og
--   afhentning), from booking_day_role, which follows the booking's own work periods. Before, a car
--   showed on its drop-off day only: a polish ready on Saturday was missing from Saturday's agenda.
--   A cancelled booking shows on its drop-off day only. A new index on bookings.ready_at keeps the
--   view (and the morning agenda) off a scan of the whole history;
-- - the morning agenda e-mail takes its drop-offs, pickups and the cars in between from the same
--   booking_day_role (payload key working, rendered as "I værkstedet");
-- - closed_dates.affected_bookings: filled on every save with the bookings on the closed day (a
--   period's first row: the whole period), so the owner sees them in the same edit, and one e-mail
--   per closing lists them (owner_notification, alert closed_day); the closing saves, so new
--   bookings stop at once;
-- - a change of opening_hours that leaves a future booking outside the new hours is refused in
--   Danish, naming the bookings.
-- Written by npm run db:diff from supabase/schemas/ and reviewed: the view is dropped and created
-- again (a new column in the middle), so its comments are written again; every new object is
-- revoked by name from anon and authenticated (the platform's default privileges open it).

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

ALTER TABLE "public"."closed_dates"
  ADD COLUMN "affected_bookings" text NOT NULL DEFAULT ''::text;

CREATE OR REPLACE FUNCTION public.booking_day_role (
  p_booking public.bookings,
  p_day     date
)
  RETURNS TABLE (
    role text,
    at   timestamp with time zone
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select case when p_day = v.drop_day and p_day = v.ready_day then 'aflevering og afhentning'
              when p_day = v.drop_day then 'aflevering'
              when p_day = v.ready_day then 'klar til afhentning'
              when w.first_at is not null then 'arbejde'
              else 'venter'
         end,
         case when p_day = v.drop_day then p_booking.drop_off_at
              when p_day = v.ready_day then p_booking.ready_at
              else w.first_at
         end
    from (select (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date as drop_day,
                 (p_booking.ready_at at time zone 'Europe/Copenhagen')::date as ready_day) v
   -- the days between follow the job's own work periods (one per opening day, 40_slots.sql), kept
   -- when a booking is cancelled (inactive): a day without one is a closed day the car waits over
   cross join lateral (
     select min(lower(p.period)) as first_at
       from public.booking_work_periods p
      where p.booking_id = p_booking.id
        and p.period && tstzrange(p_day::timestamp at time zone 'Europe/Copenhagen',
                                  (p_day + 1)::timestamp at time zone 'Europe/Copenhagen', '[)')
   ) w;
$function$;

CREATE OR REPLACE FUNCTION public.booking_days (
  p_booking public.bookings
)
  RETURNS TABLE (
    day  date,
    role text,
    at   timestamp with time zone
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select g.day, r.role, r.at
    from (select d::date as day
            from generate_series(
                   (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date::timestamp,
                   (p_booking.ready_at at time zone 'Europe/Copenhagen')::date::timestamp,
                   interval '1 day') d) g
   cross join lateral public.booking_day_role(p_booking, g.day) r;
$function$;

CREATE OR REPLACE FUNCTION public.booking_owner_line (
  p_booking public.bookings
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select format('%s %s %s (aflevering %s kl. %s, klar %s kl. %s)',
    p_booking.reference, p_booking.customer_name, p_booking.customer_phone,
    public.owner_day_text((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.drop_off_at),
    public.owner_day_text((p_booking.ready_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.ready_at));
$function$;

CREATE OR REPLACE FUNCTION public.closed_dates_name_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_to date := greatest(new.day, coalesce(new.last_day, new.day));
  v_bookings jsonb;
begin
  -- the saved row is what the Table Editor shows the owner after the edit: it names the bookings
  -- on the day, and on a period's first row those of the whole period (this trigger runs before
  -- closed_dates_expand_period, by name, so it still sees last_day). The closing itself is kept:
  -- new bookings stop at once, and the owner moves or cancels the named ones.
  new.affected_bookings := public.closed_days_bookings(new.day, v_to);

  -- and one e-mail per closing, to keep as a list to work through: the owner's own edit (depth 1;
  -- a period's other days are inserted by closed_dates_expand_period, below it), a new row or a
  -- changed day, never a save of the reason alone
  if pg_trigger_depth() = 1
     and (tg_op = 'INSERT' or new.day is distinct from old.day or new.last_day is not null) then
    select jsonb_agg(public.booking_summary(b) - 'price'
                     || jsonb_build_object('customerName', b.customer_name,
                                           'customerPhone', b.customer_phone)
                     order by b.drop_off_at, b.reference)
      into v_bookings
      from public.closed_days_affected(new.day, v_to) b;
    if v_bookings is not null then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'closed_day', 'from', new.day::text, 'to', v_to::text,
                                 'bookings', v_bookings),
              'owner_alert:closed_day:' || gen_random_uuid(), now());
    end if;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.closed_days_affected (
  p_from date,
  p_to   date
)
  RETURNS SETOF public.bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a booking is affected when its car is dropped off, worked on or picked up on one of the days
  -- (booking_days); a car only waiting over a day the workshop was closed anyway is not. The
  -- engine's own instants are read (the index on ready_at), never the owner's typed columns. A job
  -- already over has nothing left to move (a day closed afterwards, for the record).
  select b.*
    from public.bookings b
   where b.status = 'confirmed'
     and b.ready_at > now()
     and b.ready_at >= p_from::timestamp at time zone 'Europe/Copenhagen'
     and b.drop_off_at < (p_to + 1)::timestamp at time zone 'Europe/Copenhagen'
     and exists (select 1 from public.booking_days(b) d
                  where d.day between p_from and p_to and d.role <> 'venter');
$function$;

CREATE OR REPLACE FUNCTION public.closed_days_bookings (
  p_from date,
  p_to   date
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select coalesce(
           'Flyt eller aflys i owner_bookings: '
             || string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference),
           'Ingen bookinger.')
    from public.closed_days_affected(p_from, p_to) b;
$function$;

CREATE OR REPLACE FUNCTION public.opening_hours_keep_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_list text;
begin
  -- a future booking whose work on this weekday no longer lies within the day's opening hours
  -- (closed, or shorter); booking_day_hours reads the new row, open_dates and closed_dates. The
  -- buffer after a job may run past closing, so the work is compared up to the ready time.
  select string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference)
    into v_list
    from public.bookings b
   where b.status = 'confirmed'
     and b.ready_at > now()
     and exists (
       select 1
         from public.booking_work_periods w
        where w.booking_id = b.id
          and w.active
          and upper(w.period) > now()
          and extract(isodow from lower(w.period) at time zone 'Europe/Copenhagen') = new.weekday
          and not exists (
            select 1
              from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
             where lower(w.period) >= h.opens_at
               and least(upper(w.period), b.ready_at) <= h.closes_at));
  if v_list is not null then
    raise exception 'Åbningstiden kan ikke ændres: der er bookinger om %en, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings, og ret så åbningstiden igen. Vil du stoppe nye bookinger med det samme, så luk de enkelte dage i closed_dates.',
      (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])[new.weekday],
      v_list
      using errcode = 'check_violation';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.queue_owner_agenda (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_local timestamp := p_now at time zone 'Europe/Copenhagen';
  v_day date := v_local::date;
  v_from timestamptz := v_day::timestamp at time zone 'Europe/Copenhagen';
  v_to timestamptz := (v_day + 1)::timestamp at time zone 'Europe/Copenhagen';
  v_drop_offs jsonb;
  v_pick_ups jsonb;
  v_working jsonb;
  v_given_up_ids uuid[];
  v_given_up jsonb;
  v_count integer;
begin
  if public.booking_setting('owner_agenda_email', 0) <> 1
     or v_local::time < time '07:00'
     or not exists (select 1 from public.booking_day_hours(v_day)) then
    return 0;
  end if;
  if exists (select 1 from public.email_outbox o where o.idempotency_key = 'owner_agenda:' || v_day) then
    return 0;
  end if;

  -- the day's cars by their role that day, as owner_agenda has them (booking_day_role): the
  -- drop-offs, the pickups (a one-day job is in both) and the cars worked on or waiting in between
  select coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.drop_off_at, b.reference)
                    filter (where d.role in ('aflevering', 'aflevering og afhentning')), '[]'),
         coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.ready_at, b.reference)
                    filter (where d.role in ('klar til afhentning', 'aflevering og afhentning')), '[]'),
         coalesce(jsonb_agg(public.owner_agenda_item(b) || jsonb_build_object('role', d.role)
                            order by b.drop_off_at, b.reference)
                    filter (where d.role in ('arbejde', 'venter')), '[]')
    into v_drop_offs, v_pick_ups, v_working
    from public.bookings b
   cross join lateral public.booking_day_role(b, v_day) d
   where b.status = 'confirmed' and b.anonymised_at is null
     and b.ready_at >= v_from and b.drop_off_at < v_to;

  -- e-mails given up since they were last listed here (closed days carry them to the next
  -- opening day), whether or not their alert got through; the alert itself is not listed
  select array_agg(c.id order by c.id) into v_given_up_ids
    from (select o.id
            from public.email_outbox o
           where o.status = 'failed'
             and o.agenda_listed_at is null
             and o.purged_at is null
             and not starts_with(o.idempotency_key, 'owner_alert:given_up:')
             and coalesce(o.last_attempt_at, o.created_at) > p_now - interval '7 days'
             and coalesce(o.last_attempt_at, o.created_at) <= p_now
           order by o.id
             for update) c;
  select coalesce(jsonb_agg(public.email_given_up_item(o) order by o.created_at, o.id), '[]')
    into v_given_up
    from public.email_outbox o
   where o.id = any(coalesce(v_given_up_ids, '{}'));

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (null, 'owner_agenda', null,
          jsonb_build_object('day', v_day::text, 'dropOffs', v_drop_offs, 'pickUps', v_pick_ups,
                             'working', v_working, 'givenUp', v_given_up),
          'owner_agenda:' || v_day, p_now)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 1 and v_given_up_ids is not null then
    update public.email_outbox o set agenda_listed_at = p_now where o.id = any(v_given_up_ids);
  end if;
  return v_count;
end;
$function$;

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT g.day,
    r.role,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    b.customer_phone,
    b.customer_email,
    b.notes,
    b.status,
    b.reference
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (d.d)::date AS day
           FROM generate_series((((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, (((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, '1 day'::interval) d(d)) g)
     CROSS JOIN LATERAL public.booking_day_role(b.*, g.day) r(role, at))
  WHERE ((b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text)) AND (g.day >= ((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date) AND ((b.status <> 'cancelled'::text) OR (r.role = ANY (ARRAY['aflevering'::text, 'aflevering og afhentning'::text]))))
  ORDER BY g.day, r.at, b.reference;

CREATE INDEX bookings_ready_at_idx ON public.bookings USING btree (ready_at);

CREATE TRIGGER closed_dates_affected_bookings
  BEFORE INSERT OR UPDATE ON public.closed_dates
  FOR EACH ROW
  EXECUTE FUNCTION public.closed_dates_name_bookings();

CREATE TRIGGER opening_hours_keep_bookings
  AFTER UPDATE ON public.opening_hours
  FOR EACH ROW
  EXECUTE FUNCTION public.opening_hours_keep_bookings();

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON COLUMN "public"."closed_dates"."affected_bookings" IS 'Udfyldes automatisk, når du gemmer (skriv ikke her): de bookinger, der lå på dagen (ved en periode: på hele perioden), med bookingnummer, navn, telefon og tider. Flyt eller aflys dem i owner_bookings. Hvad der står på dagen nu: owner_agenda med day = dagen.';

COMMENT ON FUNCTION "public"."booking_day_role"(public.bookings, date) IS 'A booking''s role on one Copenhagen day from its drop-off day to its pickup day: aflevering, arbejde (a work period that day), venter (a day in between without one: closed), klar til afhentning, or aflevering og afhentning (a one-day job); at is the drop-off, the ready time or the first work that day (null when waiting).';

COMMENT ON FUNCTION "public"."booking_days"(public.bookings) IS 'The Copenhagen days a booking''s car is at the workshop, drop-off day to pickup day, each with its role that day (booking_day_role).';

COMMENT ON FUNCTION "public"."booking_owner_line"(public.bookings) IS 'A booking in one line for the owner: reference, customer name, phone, drop-off and ready time (Danish words, Copenhagen time).';

COMMENT ON FUNCTION "public"."closed_dates_name_bookings"() IS 'Trigger function: fills closed_dates.affected_bookings with the bookings on the closed day, or on the whole period when last_day is given (closed_days_bookings), on every insert and update; a new closing (or a changed day) with bookings also queues the owner one e-mail listing them (kind owner_notification, payload.alert closed_day).';

COMMENT ON FUNCTION "public"."closed_days_affected"(date, date) IS 'The confirmed bookings not over yet that are dropped off, worked on or picked up between two Copenhagen days (inclusive): those a closing of the days leaves for the owner to move or cancel.';

COMMENT ON FUNCTION "public"."closed_days_bookings"(date, date) IS 'The bookings a closing of the days touches (closed_days_affected) in one Danish text for the owner (booking_owner_line, by drop-off), or Ingen bookinger.';

COMMENT ON FUNCTION "public"."opening_hours_keep_bookings"() IS 'Trigger function: refuses, in Danish and naming them (booking_owner_line), a change of opening_hours that leaves a future confirmed booking''s work outside the weekday''s new hours.';

COMMENT ON FUNCTION "public"."queue_owner_agenda"(timestamp with time zone) IS 'Queues the owner''s morning agenda e-mail (kind owner_agenda) when the setting owner_agenda_email is 1, it is 07:00 or later in Copenhagen and the workshop opens today; at most one per day. Lists the day''s cars by their role that day (booking_day_role, as owner_agenda): drop-offs, pick-ups, the cars worked on or waiting in between, and the e-mails given up (last 7 days) not listed in an earlier agenda. Returns how many were queued (0 or 1). Safe to call as often as wanted.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."booking_day_role"(public.bookings, date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_day_role"(public.bookings, date) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_days"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_days"(public.bookings) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_owner_line"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_owner_line"(public.bookings) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."closed_dates_name_bookings"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."closed_dates_name_bookings"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."closed_days_affected"(date, date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."closed_days_affected"(date, date) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."closed_days_bookings"(date, date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."closed_days_bookings"(date, date) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."opening_hours_keep_bookings"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."opening_hours_keep_bookings"() TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

COMMENT ON COLUMN "public"."owner_agenda"."day" IS 'Dagen (dansk dato).';

COMMENT ON COLUMN "public"."owner_agenda"."role" IS 'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';

COMMENT ON COLUMN "public"."owner_agenda"."drop_off_local" IS 'Hvornår kunden afleverer bilen (dansk tid).';

COMMENT ON COLUMN "public"."owner_agenda"."ready_local" IS 'Hvornår bilen er færdig og kan hentes (dansk tid).';

COMMENT ON COLUMN "public"."owner_agenda"."package" IS 'Den bookede pakke.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_name" IS 'Kundens navn.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_phone" IS 'Kundens telefonnummer.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_email" IS 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';

COMMENT ON COLUMN "public"."owner_agenda"."notes" IS 'Kundens eller dine bemærkninger.';

COMMENT ON COLUMN "public"."owner_agenda"."status" IS 'confirmed = bekræftet, cancelled = aflyst (tiden er ledig igen; vises kun på afleveringsdagen).';

COMMENT ON COLUMN "public"."owner_agenda"."reference" IS 'Bookingnummer (står i kundens bekræftelsesmail).';

REVOKE ALL ON FUNCTION "public"."booking_day_role"(public.bookings, date) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."booking_days"(public.bookings) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."booking_owner_line"(public.bookings) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."closed_dates_name_bookings"() FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."closed_days_affected"(date, date) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."closed_days_bookings"(date, date) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."opening_hours_keep_bookings"() FROM "anon", "authenticated";

REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";
