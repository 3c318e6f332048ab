-- owner_agenda again, with both of the day before's changes: the day's cars (agenda_day_cars) and
-- the car plate (add_car_plate) were written side by side, each recreating the view from the one
-- before it, so the later one lost the other's rows. The view is dropped and created again from the
-- schema, its column comments written again and the platform's default grants revoked by name.

DROP VIEW "public"."owner_agenda";

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
    b.reference,
    b.car_plate
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (d.d)::date AS day
           FROM generate_series((((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, (((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, '1 day'::interval) d(d)) g)
     CROSS JOIN LATERAL public.booking_day_role(b.*, g.day) r(role, at))
  WHERE ((b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text)) AND (g.day >= ((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date) AND ((b.status <> 'cancelled'::text) OR (r.role = ANY (ARRAY['aflevering'::text, 'aflevering og afhentning'::text]))))
  ORDER BY g.day, r.at, b.reference;

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

comment on column public.owner_agenda.day is 'Dagen (dansk dato).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid).';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'confirmed = bekræftet, cancelled = aflyst (tiden er ledig igen; vises kun på afleveringsdagen).';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';

REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";
