-- owner_bookings becomes a table, so the owner can edit it in the Supabase Table Editor.
--
-- Supabase Studio's Table Editor edits only tables (pg_class relkind r or p, with a primary key):
-- views, however updatable, open read-only (Studio's TableGridEditor: editable only when the entity
-- is table-like). A view owner_bookings (20261123041000_owner_bookings.sql) therefore worked through
-- SQL and the Data API but not where the owner works. This migration replaces the view with a table
-- of the same columns, keyed by reference, that mirrors bookings:
--
--   bookings -> owner_bookings   an after trigger on bookings writes every booking's row (online
--                                bookings, the customer's cancel and move links, retention):
--                                insert/update, and delete once anonymised; a foreign key with
--                                on delete cascade removes it with its booking.
--   owner_bookings -> bookings   before triggers on owner_bookings turn the owner's edits into the
--                                engine calls (owner_book, owner_cancel, owner_move, contact
--                                corrections) and then store the row as the engine left it, so the
--                                mirror never holds what the engine refused. Delete is refused.
--
-- The two directions do not re-enter each other: while the owner's trigger works on bookings it sets
-- the transaction-local flag glanspunkt.owner_editing, and the bookings trigger skips; while the
-- bookings trigger writes the mirror it sets glanspunkt.owner_sync, and the owner's triggers let the
-- row through. This is a copy of facts kept by the database itself; supabase/tests/owner-bookings
-- .test.ts compares it with bookings after every kind of change, so it fails if they disagree.
--
-- Access as before: RLS on with no policies and no grants for anon/authenticated; service_role (the
-- Data API with the service role key) and the dashboard may read and write.

drop view public.owner_bookings;
drop function public.owner_bookings_write();

create table public.owner_bookings (
  package text,
  drop_off_local timestamp(0),
  customer_name text,
  customer_phone text,
  customer_email text,
  notes text,
  status text default 'confirmed',
  ready_local timestamp(0),
  reference text primary key references public.bookings (reference) on delete cascade
);

comment on table public.owner_bookings is 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local, customer_name og customer_phone (customer_email og notes er valgfri). Aflys: sæt status til cancelled. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';
comment on column public.owner_bookings.package is 'Pakkens navn som i services, f.eks. Guldpakken. Kan ikke skiftes på en booking (aflys og book igen).';
comment on column public.owner_bookings.drop_off_local is 'Aflevering, dansk tid, f.eks. 2026-12-01 09:00. Ret den for at flytte bookingen.';
comment on column public.owner_bookings.customer_name is 'Kundens navn (2-100 tegn).';
comment on column public.owner_bookings.customer_phone is 'Kundens telefonnummer (8-15 cifre).';
comment on column public.owner_bookings.customer_email is 'Kundens e-mailadresse (valgfri). Er den udfyldt, får kunden de samme mails som ved en onlinebooking (indstillingen owner_bookings_send_email).';
comment on column public.owner_bookings.notes is 'Bemærkninger (valgfri), f.eks. bilmærke.';
comment on column public.owner_bookings.status is 'confirmed = bekræftet. Sæt til cancelled for at aflyse: tiden bliver ledig med det samme.';
comment on column public.owner_bookings.ready_local is 'Hvornår bilen er færdig, dansk tid (udregnes automatisk; lad feltet være tomt).';
comment on column public.owner_bookings.reference is 'Bookingnummer (dannes automatisk; lad feltet være tomt).';

create index owner_bookings_drop_off_local_idx on public.owner_bookings (drop_off_local);

-- bookings -> owner_bookings ------------------------------------------------------------------------

create function public.owner_bookings_row(p_booking public.bookings)
returns public.owner_bookings
language sql
stable
security definer
set search_path = ''
as $$
  select p_booking.service_name,
         (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.customer_name,
         p_booking.customer_phone,
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         p_booking.status,
         (p_booking.ready_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.reference;
$$;

comment on function public.owner_bookings_row(public.bookings) is 'The owner_bookings row of a booking (Copenhagen wall-clock times).';

insert into public.owner_bookings
select (public.owner_bookings_row(b)).* from public.bookings b where b.anonymised_at is null;

create function public.owner_bookings_sync()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.owner_bookings;
begin
  if coalesce(current_setting('glanspunkt.owner_editing', true), '') = 'on' then
    return null; -- the owner's own edit: its trigger stores the row itself
  end if;
  perform set_config('glanspunkt.owner_sync', 'on', true);
  if new.anonymised_at is not null then
    delete from public.owner_bookings o where o.reference = new.reference;
  else
    v_row := public.owner_bookings_row(new);
    insert into public.owner_bookings values (v_row.*)
    on conflict (reference) do update
      set package = excluded.package, drop_off_local = excluded.drop_off_local,
          customer_name = excluded.customer_name, customer_phone = excluded.customer_phone,
          customer_email = excluded.customer_email, notes = excluded.notes,
          status = excluded.status, ready_local = excluded.ready_local;
  end if;
  perform set_config('glanspunkt.owner_sync', '', true);
  return null;
end;
$$;

comment on function public.owner_bookings_sync() is 'Trigger function: keeps the owner_bookings row of a booking equal to the booking (skipped while the owner edits owner_bookings; that trigger stores the row itself).';

create trigger owner_bookings_sync
  after insert or update on public.bookings
  for each row execute function public.owner_bookings_sync();

-- owner_bookings -> bookings ------------------------------------------------------------------------

create function public.owner_bookings_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Sæt status til cancelled for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'confirmed') <> 'confirmed' then
      raise exception 'En ny booking får status confirmed. Lad status være confirmed.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, new.drop_off_local, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes);
  else
    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference or new.ready_local is distinct from old.ready_local then
      raise exception 'reference og ready_local udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null or new.status not in ('confirmed', 'cancelled') then
      raise exception 'status skal være confirmed (bekræftet) eller cancelled (aflyst).'
        using errcode = 'check_violation';
    end if;

    -- contact details and notes
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), coalesce(new.notes, ''))
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), coalesce(old.notes, '')) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = coalesce(new.notes, '')
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'cancelled' and old.status <> 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'confirmed' and old.status = 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id
        returning * into v_booking;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif new.drop_off_local is distinct from old.drop_off_local then
      if new.status = 'cancelled' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, new.drop_off_local);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
end;
$$;

comment on function public.owner_bookings_edit() is 'Trigger function of owner_bookings: insert books (owner_book), status cancelled cancels (owner_cancel), a new drop_off_local moves (owner_move), contact fields are corrected; delete and other changes are refused in Danish. The stored row is the booking as the engine left it.';

create trigger owner_bookings_edit
  before insert or update or delete on public.owner_bookings
  for each row execute function public.owner_bookings_edit();

-- access --------------------------------------------------------------------------------------------

alter table public.owner_bookings enable row level security;

revoke all on public.owner_bookings from public, anon, authenticated;
grant select, insert, update, delete on public.owner_bookings to service_role;

revoke execute on function
  public.owner_bookings_row(public.bookings),
  public.owner_bookings_sync(),
  public.owner_bookings_edit()
  from public, anon, authenticated;

grant execute on function public.owner_bookings_row(public.bookings) to service_role;
