-- The owner's view of the day, and Danish explanations in the dashboard.
--
-- owner_agenda  read-only: every booking whose job is not over before today (Copenhagen), ordered
--               by drop-off, with times as Copenhagen wall-clock timestamps (never UTC) so the Table
--               Editor shows what the owner expects. Filter on `day` for today's or tomorrow's work.
--
-- Every table the owner touches in the Supabase dashboard (services, settings, opening_hours,
-- closed_dates, open_dates, bookings, email_outbox) gets Danish table and column comments: the
-- dashboard shows them under the column names. The booking engine's internal tables get Danish
-- comments too, so no English text is left for the owner to stumble on. The settings' own
-- description texts become Danish as well.
--
-- Views in public are exposed by the Data API: owner_agenda is security_invoker (it runs with the
-- caller's rights, so RLS and grants of bookings apply) and only service_role may select it.

-- owner_agenda --------------------------------------------------------------------------------------

create view public.owner_agenda
with (security_invoker = true)
as
select (b.drop_off_at at time zone 'Europe/Copenhagen')::date as day,
       (b.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0) as drop_off_local,
       (b.ready_at at time zone 'Europe/Copenhagen')::timestamp(0) as ready_local,
       b.service_name as package,
       b.customer_name,
       b.customer_phone,
       b.customer_email,
       b.notes,
       b.status,
       b.reference
  from public.bookings b
 where b.ready_at >= ((now() at time zone 'Europe/Copenhagen')::date)::timestamp
                     at time zone 'Europe/Copenhagen'
 order by b.drop_off_at, b.reference;

comment on view public.owner_agenda is 'Dagens og de kommende dages arbejde (kun til at se, ikke rette). Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';
comment on column public.owner_agenda.day is 'Afleveringsdag (dansk dato).';
comment on column public.owner_agenda.drop_off_local is 'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is 'Hvornår bilen er færdig og kan hentes (dansk tid).';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer.';
comment on column public.owner_agenda.customer_email is 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is 'confirmed = bekræftet, cancelled = aflyst (tiden er ledig igen).';
comment on column public.owner_agenda.reference is 'Bookingnummer (står i kundens bekræftelsesmail).';

-- the view is simple enough for PostgreSQL to make it updatable: refuse every change with a
-- Danish message instead (bookings are changed through owner_bookings)
create function public.owner_agenda_read_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'owner_agenda er kun til at se. Book, aflys eller flyt i owner_bookings.'
    using errcode = 'feature_not_supported';
end;
$$;

comment on function public.owner_agenda_read_only() is 'Trigger function: owner_agenda is read-only.';

create trigger owner_agenda_read_only
  instead of insert or update or delete on public.owner_agenda
  for each row execute function public.owner_agenda_read_only();

revoke execute on function public.owner_agenda_read_only() from public, anon, authenticated;

revoke all on public.owner_agenda from public, anon, authenticated;
grant select on public.owner_agenda to service_role;

-- services ------------------------------------------------------------------------------------------

comment on table public.services is 'Pakkerne (vask og polering) på hjemmesiden og i bookingen. Ret pris, navn og varighed her. Slet aldrig en pakke: sæt is_active til false for at skjule den.';
comment on column public.services.id is 'Pakkens faste id (dannes automatisk; ret det ikke).';
comment on column public.services.name is 'Pakkens navn, som kunden ser det, f.eks. Guldpakken. Skal være unikt.';
comment on column public.services.description is 'Kort beskrivelse, som kunden ser i bookingen.';
comment on column public.services.category is 'Slags pakke: vask, polering eller special (pris og tid aftales).';
comment on column public.services.duration_minutes is 'Hvor mange minutters åbningstid jobbet optager, f.eks. 120 = 2 timer, 480 = 8 timer. Lange jobs fortsætter de næste åbningsdage.';
comment on column public.services.price is 'Pris i hele kroner inkl. moms, f.eks. 399.';
comment on column public.services.sort_order is 'Rækkefølge inden for kategorien: laveste tal vises først.';
comment on column public.services.is_active is 'true = pakken vises og kan bookes. false = pakken er slået fra (eksisterende bookinger bevares).';
comment on column public.services.created_at is 'Hvornår pakken blev oprettet (automatisk).';
comment on column public.services.updated_at is 'Hvornår pakken sidst blev ændret (automatisk).';

-- settings ------------------------------------------------------------------------------------------

comment on table public.settings is 'Regler for bookingen som navn og værdi, f.eks. hvor langt frem man kan booke. Ret kun kolonnen value.';
comment on column public.settings.key is 'Indstillingens navn, f.eks. max_advance_booking_days. Ret det ikke.';
comment on column public.settings.value is 'Indstillingens værdi. Tal skrives som hele tal uden enhed, f.eks. 60. Til/fra skrives 1 (til) eller 0 (fra).';
comment on column public.settings.description is 'Hvad indstillingen styrer.';
comment on column public.settings.is_public is 'Om hjemmesiden må læse indstillingen. Ret det ikke.';

update public.settings s
   set description = d.description
  from (values
    ('min_advance_booking_days', 'Tidligste dag, kunder kan booke online: antal dage efter i dag.'),
    ('max_advance_booking_days', 'Seneste dag, kunder kan booke online: antal dage frem fra i dag.'),
    ('slot_interval_minutes', 'Minutter mellem de afleveringstider, kunderne kan vælge online.'),
    ('workshop_capacity', 'Antal biler, der kan arbejdes på samtidig (pladser i værkstedet).'),
    ('buffer_minutes', 'Minutter, der holdes fri efter hvert job.'),
    ('cancellation_notice_hours', 'Indtil hvor mange timer før aflevering kunden selv kan afbestille.'),
    ('reminder_hours_before', 'Hvor mange timer før aflevering påmindelsesmailen sendes.'),
    ('email_max_attempts', 'Antal forsøg på at sende én mail, før den opgives (status failed).'),
    ('email_retry_base_seconds', 'Sekunder før første nye forsøg efter en fejl; ventetiden fordobles for hvert forsøg (højst 6 timer).')
  ) as d(key, description)
 where s.key = d.key;

-- opening_hours -------------------------------------------------------------------------------------

comment on table public.opening_hours is 'Faste åbningstider, én række pr. ugedag (dansk tid). Tøm begge tider for en lukket ugedag.';
comment on column public.opening_hours.weekday is 'Ugedag: 1 = mandag, 2 = tirsdag ... 7 = søndag.';
comment on column public.opening_hours.opens_at is 'Åbner kl., f.eks. 09:00. Tom = lukket hele dagen.';
comment on column public.opening_hours.closes_at is 'Lukker kl., f.eks. 20:00 (senere end åbningstiden). Tom = lukket hele dagen.';

-- closed_dates --------------------------------------------------------------------------------------

comment on table public.closed_dates is 'Lukkedage ud over de faste åbningstider, f.eks. ferie: én række pr. dag. Helligdage lukkes automatisk.';
comment on column public.closed_dates.day is 'Den lukkede dag (dato).';
comment on column public.closed_dates.reason is 'Hvorfor der er lukket (kun til dig, f.eks. Sommerferie).';

-- open_dates ----------------------------------------------------------------------------------------

comment on table public.open_dates is 'Dage, hvor der er åbent, selv om der ellers ville være lukket (f.eks. en helligdag). Tomme tider = ugedagens normale tider. En dag i closed_dates forbliver lukket.';
comment on column public.open_dates.day is 'Dagen, der skal være åben (dato).';
comment on column public.open_dates.opens_at is 'Åbner kl. den dag, eller tom for ugedagens normale tid.';
comment on column public.open_dates.closes_at is 'Lukker kl. den dag, eller tom for ugedagens normale tid.';
comment on column public.open_dates.reason is 'Hvorfor der er åbent (kun til dig).';

-- bookings ------------------------------------------------------------------------------------------

comment on table public.bookings is 'Alle bookinger (teknisk tabel; tiderne her er i UTC, verdenstid). Se dagens arbejde i owner_agenda, og book, aflys eller flyt i owner_bookings (dansk tid). Slet aldrig rækker.';
comment on column public.bookings.id is 'Bookingens faste id (automatisk).';
comment on column public.bookings.reference is 'Bookingnummer, som kunden får, f.eks. K7M2QX9D.';
comment on column public.bookings.service_id is 'Den bookede pakke (id i services).';
comment on column public.bookings.service_name is 'Pakkens navn, da der blev booket.';
comment on column public.bookings.duration_minutes is 'Jobbets længde i minutters åbningstid, da der blev booket.';
comment on column public.bookings.price is 'Pris i kroner, da der blev booket.';
comment on column public.bookings.booking_date is 'Afleveringsdag (dansk dato).';
comment on column public.bookings.booking_time is 'Afleveringstid (dansk tid).';
comment on column public.bookings.drop_off_at is 'Aflevering i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';
comment on column public.bookings.ready_at is 'Færdig i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';
comment on column public.bookings.customer_name is 'Kundens fulde navn.';
comment on column public.bookings.customer_email is 'Kundens e-mailadresse (bekræftelsen sendes hertil). Tom ved telefonbookinger uden e-mail.';
comment on column public.bookings.customer_phone is 'Kundens telefonnummer.';
comment on column public.bookings.notes is 'Kundens bemærkninger (valgfrit).';
comment on column public.bookings.status is 'confirmed = bekræftet, cancelled = aflyst (en aflyst booking optager ikke værkstedet).';
comment on column public.bookings.cancel_token is 'Hemmelig nøgle til kundens afbestillingslink. Vis den aldrig til andre.';
comment on column public.bookings.cancelled_at is 'Hvornår bookingen blev aflyst.';
comment on column public.bookings.idempotency_key is 'Teknisk nøgle fra bookingformularen, så et dobbeltklik ikke giver to bookinger.';
comment on column public.bookings.client_ip is 'IP-adressen, bookingen kom fra (mod misbrug; slettes efter 30 dage).';
comment on column public.bookings.created_at is 'Hvornår bookingen blev lavet.';
comment on column public.bookings.updated_at is 'Hvornår bookingen sidst blev ændret (automatisk).';
comment on column public.bookings.anonymised_at is 'Hvornår kundens personoplysninger blev slettet (5 år efter sidste kontakt).';

-- booking engine internals --------------------------------------------------------------------------

comment on table public.booking_work_periods is 'Teknisk: den tid hver booking optager en plads i værkstedet, ét stykke pr. åbningsdag. Databasen afviser to overlappende perioder på samme plads. Ret ikke her.';
comment on column public.booking_work_periods.booking_id is 'Bookingen.';
comment on column public.booking_work_periods.bay is 'Pladsnummer i værkstedet (1 til workshop_capacity).';
comment on column public.booking_work_periods.period is 'Optaget tid [fra, til) i UTC: arbejdet og efter det sidste stykke buffer_minutes.';
comment on column public.booking_work_periods.active is 'false, når bookingen er aflyst (vedligeholdes automatisk).';

comment on table public.booking_rate_limits is 'Teknisk: antal bookingforsøg pr. IP-adresse (ip:...) og pr. e-mailadresse (email:...) pr. time. Gamle rækker slettes automatisk.';
comment on column public.booking_rate_limits.bucket is 'ip:<adresse> eller email:<adresse>.';
comment on column public.booking_rate_limits.window_start is 'Starten af den time, der tælles.';
comment on column public.booking_rate_limits.hits is 'Forsøg i den time.';

-- email_outbox --------------------------------------------------------------------------------------

comment on table public.email_outbox is 'Mails til kunder og til dig. De sendes automatisk og prøves igen ved fejl. Status failed = opgivet (se last_error); sæt status til pending for at prøve igen.';
comment on column public.email_outbox.id is 'Mailens faste id (automatisk).';
comment on column public.email_outbox.booking_id is 'Bookingen, mailen handler om.';
comment on column public.email_outbox.kind is 'Slags mail: booking_confirmation, booking_reminder, og cancellation_confirmation går til kunden; owner_notification og owner_cancellation til dig (OWNER_EMAIL).';
comment on column public.email_outbox.recipient is 'Modtagerens adresse. Tom ved mails til dig (så bruges OWNER_EMAIL) og når indholdet er slettet.';
comment on column public.email_outbox.payload is 'Indholdet, mailen laves ud fra (bookingnummer, pakke, tider, kundens navn).';
comment on column public.email_outbox.status is 'pending = venter, sending = sendes nu, sent = sendt, failed = opgivet (se last_error), cancelled = ikke længere nødvendig (f.eks. påmindelse om en aflyst booking).';
comment on column public.email_outbox.attempts is 'Antal forsøg på at sende.';
comment on column public.email_outbox.last_error is 'Fejlen ved det seneste mislykkede forsøg.';
comment on column public.email_outbox.idempotency_key is 'Teknisk nøgle, så et nyt forsøg ikke giver to ens mails.';
comment on column public.email_outbox.next_attempt_at is 'Tidligst næste forsøg (UTC).';
comment on column public.email_outbox.sent_at is 'Hvornår mailtjenesten tog imod mailen (UTC).';
comment on column public.email_outbox.created_at is 'Hvornår mailen blev lagt i kø (UTC).';
comment on column public.email_outbox.locked_until is 'Teknisk: mens der sendes, hvor længe dette forsøg har rækken.';
comment on column public.email_outbox.last_attempt_at is 'Hvornår seneste forsøg startede (UTC).';
comment on column public.email_outbox.provider_message_id is 'Mailtjenestens id for mailen (findes i Resends log).';
comment on column public.email_outbox.purged_at is 'Hvornår modtager og indhold blev slettet (privatlivspolitikken: kun så længe det er nødvendigt).';
