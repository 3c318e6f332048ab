-- A visitor's message from the site (/contact#besked: a question or a request for a quote), sent
-- by the send-message edge function, and the two e-mails it queues.
--
-- Rules that live here:
-- - one proof of work (ALTCHA, the booking's challenge) gives at most one message: the challenge is
--   marked used in booking_challenge_uses in the message's own transaction;
-- - a submit sent again with the same idempotency key is the same message (answered as sent, not
--   stored or mailed twice); the key with another message is refused;
-- - caps, counted one at a time under a lock: per client address (each of its networks, as the
--   booking counts them), per e-mail address and for the whole site per day; the counters are rows
--   of booking_rate_limits (message-ip:..., message-email:...), which retention deletes after a day;
-- - name, car and message carry no link, web or e-mail address (text_has_link): they reach the
--   owner's mailbox, and the name also the receipt sent to the address typed in the form;
-- - the message and its e-mails are one transaction: a stored message always has its owner's
--   e-mail (Reply-To the visitor) and the visitor's receipt queued in the outbox, which retries
--   through an e-mail outage;
-- - messages are deleted 6 months after they arrived (run_retention), as the privacy policy says.

create table public.visitor_messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  name text not null,
  email text not null,
  phone text,
  car text,
  message text not null,
  client_ip text,
  idempotency_key text,
  request_hash text not null,
  created_at timestamptz not null default now(),
  constraint visitor_messages_pkey primary key (id),
  constraint visitor_messages_idempotency_key_key unique (idempotency_key),
  constraint visitor_messages_topic_check check (topic in ('question', 'quote')),
  constraint visitor_messages_name_check check (
    char_length(name) >= 2 and char_length(name) <= 100 and not public.text_has_link(name)
  ),
  constraint visitor_messages_email_check check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+[.][^@[:space:]]+$'
  ),
  constraint visitor_messages_phone_check check (phone is null or char_length(phone) <= 40),
  constraint visitor_messages_car_check check (
    car is null or (char_length(car) <= 100 and not public.text_has_link(car))
  ),
  constraint visitor_messages_message_check check (
    char_length(message) >= 10 and char_length(message) <= 2000 and not public.text_has_link(message)
  )
);

create index visitor_messages_created_at_idx on public.visitor_messages (created_at);

comment on table public.visitor_messages is
  'Beskeder fra hjemmesidens formular "Skriv til os" (spørgsmål og ønsker om tilbud). Hver besked er også sendt til dig som e-mail; svar på den e-mail for at svare kunden. Beskeder slettes automatisk efter 6 måneder.';
comment on column public.visitor_messages.id is 'Beskedens faste id (automatisk).';
comment on column public.visitor_messages.topic is
  'Hvad beskeden handler om: question = spørgsmål, quote = ønske om et uforpligtende tilbud.';
comment on column public.visitor_messages.name is 'Afsenderens navn.';
comment on column public.visitor_messages.email is 'Afsenderens e-mailadresse (dit svar går hertil).';
comment on column public.visitor_messages.phone is 'Afsenderens telefonnummer, hvis det er oplyst.';
comment on column public.visitor_messages.car is 'Bilens mærke og model, hvis det er oplyst.';
comment on column public.visitor_messages.message is 'Beskeden.';
comment on column public.visitor_messages.client_ip is
  'Teknisk: IP-adressen, beskeden kom fra (mod misbrug).';
comment on column public.visitor_messages.idempotency_key is
  'Teknisk nøgle, så en besked, der sendes to gange, kun gemmes én gang.';
comment on column public.visitor_messages.request_hash is
  'Teknisk: fingeraftryk af beskeden, som nøglen hører til.';
comment on column public.visitor_messages.created_at is 'Hvornår beskeden kom (UTC).';

alter table public.visitor_messages enable row level security;
-- no policy and no grant for anon or authenticated: only send-message (the secret key) writes,
-- through visitor_message_send
revoke all on table public.visitor_messages from anon, authenticated;

-- the caps, which the owner may change in the dashboard (setting_ranges lists them)
insert into public.settings (key, value, description, is_public) values
  ('max_visitor_messages_per_day', '100',
   'Så mange beskeder i alt pr. døgn kan hjemmesidens formular "Skriv til os" tage imod. Derefter beder formularen om at ringe eller skrive en e-mail.',
   false),
  ('max_visitor_messages_per_ip_per_day', '5',
   'Så mange beskeder pr. døgn fra samme internetforbindelse (formularen "Skriv til os").',
   false),
  ('max_visitor_messages_per_email_per_day', '3',
   'Så mange beskeder pr. døgn fra samme e-mailadresse (formularen "Skriv til os").',
   false);

create function public.visitor_message_send(
  p_challenge text,
  p_challenge_expires_at timestamptz,
  p_request jsonb,
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now(),
  p_challenge_cost integer default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hash text := md5(coalesce(p_request, '{}'::jsonb)::text);
  v_message public.visitor_messages;
  v_window timestamptz := date_trunc('hour', p_now);
  v_email text := lower(coalesce(p_request ->> 'email', ''));
  v_over boolean := false;
  v_net record;
  v_count bigint;
  v_constraint text;
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;

  -- counted one at a time, so simultaneous messages cannot pass a cap together, and a repeated
  -- submit waits for the first one's transaction
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('visitor_messages', 0));

  -- the same submit sent again (its answer was lost): the message it stored, nothing new
  if p_idempotency_key is not null then
    select * into v_message from public.visitor_messages m where m.idempotency_key = p_idempotency_key;
    if found then
      if v_message.request_hash = v_hash then
        return jsonb_build_object('status', 'sent', 'replayed', true);
      end if;
      return jsonb_build_object('status', 'idempotency_mismatch');
    end if;
  end if;

  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    return jsonb_build_object('status', 'challenge_used');
  end if;
  if public.booking_challenge_level(p_now) > 0
     and coalesce(p_challenge_cost, 0)
         < public.booking_challenge_cost_at(public.booking_challenge_level(p_now) - 1) then
    delete from public.booking_challenge_uses u where u.signature = p_challenge;
    return jsonb_build_object('status', 'challenge_too_easy');
  end if;

  -- the whole site's day: past it the form closes for everyone until the day has passed
  select count(*) into v_count
    from public.visitor_messages m
   where m.created_at > p_now - interval '1 day';
  if v_count >= public.booking_setting('max_visitor_messages_per_day', 100) then
    return jsonb_build_object('status', 'busy');
  end if;

  -- every attempt counts (a refused one too), per network of the address and per e-mail address
  for v_net in select * from public.booking_address_networks(p_client_ip) loop
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('message-ip:' || v_net.bucket, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1;
    select coalesce(sum(r.hits), 0) into v_count
      from public.booking_rate_limits r
     where r.bucket = 'message-ip:' || v_net.bucket and r.window_start > p_now - interval '1 day';
    v_over := v_over
      or v_count > public.booking_setting('max_visitor_messages_per_ip_per_day', 5) * v_net.factor;
  end loop;
  if v_email <> '' then
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('message-email:' || v_email, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1;
    select coalesce(sum(r.hits), 0) into v_count
      from public.booking_rate_limits r
     where r.bucket = 'message-email:' || v_email and r.window_start > p_now - interval '1 day';
    v_over := v_over
      or v_count > public.booking_setting('max_visitor_messages_per_email_per_day', 3);
  end if;
  if v_over then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  begin
    insert into public.visitor_messages (topic, name, email, phone, car, message, client_ip,
                                         idempotency_key, request_hash, created_at)
    values (p_request ->> 'topic', p_request ->> 'name', p_request ->> 'email',
            nullif(p_request ->> 'phone', ''), nullif(p_request ->> 'car', ''),
            p_request ->> 'message', nullif(p_client_ip, ''), p_idempotency_key, v_hash, p_now)
    returning * into v_message;
  exception when check_violation or not_null_violation then
    get stacked diagnostics v_constraint = constraint_name;
    return jsonb_strip_nulls(jsonb_build_object('status', 'invalid', 'field',
      case v_constraint
        when 'visitor_messages_topic_check' then 'topic'
        when 'visitor_messages_name_check' then 'name'
        when 'visitor_messages_email_check' then 'email'
        when 'visitor_messages_phone_check' then 'phone'
        when 'visitor_messages_car_check' then 'car'
        when 'visitor_messages_message_check' then 'message'
      end));
  end;

  -- the owner's copy has everything (replies go to the visitor); the receipt, which goes to an
  -- address anyone can type, repeats only the topic and the name, never the message
  insert into public.email_outbox (kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    ('owner_visitor_message', null,
     jsonb_strip_nulls(jsonb_build_object(
       'topic', v_message.topic, 'name', v_message.name, 'email', v_message.email,
       'phone', v_message.phone, 'car', v_message.car, 'message', v_message.message,
       'receivedAt', public.copenhagen_iso(v_message.created_at))),
     'owner_visitor_message:' || v_message.id, p_now),
    ('visitor_message_receipt', v_message.email,
     jsonb_build_object('topic', v_message.topic, 'name', v_message.name,
                        'receivedAt', public.copenhagen_iso(v_message.created_at)),
     'visitor_message_receipt:' || v_message.id, p_now);

  return jsonb_build_object('status', 'sent', 'replayed', false);
end;
$$;

comment on function public.visitor_message_send(
  text, timestamptz, jsonb, text, text, timestamptz, integer
) is
  'Stores a visitor''s message behind a verified ALTCHA challenge (marked used here) and queues the owner''s e-mail (owner_visitor_message, Reply-To the visitor) and the visitor''s receipt (visitor_message_receipt) in the same transaction. p_request: {topic, name, email, phone?, car?, message}, checked by the table. Caps (settings): max_visitor_messages_per_day (100, the whole site), max_visitor_messages_per_ip_per_day (5, per network of the address), max_visitor_messages_per_email_per_day (3). Returns {status: sent (replayed true for a repeated idempotency key)|idempotency_mismatch|challenge_invalid|challenge_expired|challenge_used|challenge_too_easy|busy|rate_limited|invalid (field)}.';

revoke all on function public.visitor_message_send(
  text, timestamptz, jsonb, text, text, timestamptz, integer
) from public, anon, authenticated;
-- the send-message edge function calls it with the secret key, after it verified the solution
grant execute on function public.visitor_message_send(
  text, timestamptz, jsonb, text, text, timestamptz, integer
) to service_role;
