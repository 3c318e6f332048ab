-- What a hosted Supabase project provides before any migration runs, in its worst case: the roles
-- and default privileges of Supabase's Postgres image (github:supabase/postgres,
-- migrations/db/init-scripts/), the auth helpers that read the request's JWT claims, the extensions
-- schema and the migration history table. Run by the superuser (supabase_admin on a PostgreSQL
-- server the lab starts; PGlite's own bootstrap user, postgres, on PGlite); the migrations then run
-- as `postgres`, as `supabase db push` does.
-- Idempotent: runs on every start of a database (PGlite or a real PostgreSQL server); what the image
-- does only once, when a project is created (the default privileges), is done only on a database
-- that has no migration history yet.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- PostgREST logs in as authenticator and switches to the caller's role
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Supabase Auth (GoTrue) logs in as supabase_auth_admin: it owns the auth schema's tables and
  -- is the role an Auth hook (a Postgres function) runs as
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
  -- On the platform `postgres` (the dashboard, the SQL editor, `db push`) is not a superuser. PGlite's
  -- bootstrap superuser is called postgres and cannot lose that attribute, so only a real server
  -- (initdb -U supabase_admin, local/db/postgres-server.ts) has this role as the platform has it.
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb replication bypassrls;
  end if;
end
$$;

alter role service_role bypassrls;
grant anon, authenticated, service_role to authenticator;
-- as on the platform, where the SQL editor can run a statement as anon or authenticated
grant anon, authenticated, service_role to postgres;

-- the platform's statement timeouts for the API roles (PostgREST applies them per request; the
-- gateway does too, local/gateway/timeouts.ts). PostgREST logs in as authenticator, so a role
-- without a setting of its own (service_role) runs under the authenticator's 8 s.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;

-- extensions live in their own schema, as on Supabase
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- the image's search_path for postgres (init-scripts/00000000000003-post-setup.sql): what a client
-- that logs in as postgres without options resolves against, e.g. the Supabase CLI
alter role postgres set search_path to "$user", public, extensions;

-- `supabase db lint` starts with `create extension if not exists plpgsql_check` as postgres (in a
-- transaction it rolls back). The platform lets postgres create it: plpgsql_check is one of
-- supautils' privileged extensions, created for postgres by the superuser. The lab has no supautils,
-- so where the server has the extension (Debian's postgresql-15-plpgsql-check) the superuser
-- creates it here, out of the API's schema, and the CLI's statement finds it. PGlite has none.
do $$
begin
  if exists (select from pg_available_extensions where name = 'plpgsql_check')
     and (select rolsuper from pg_roles where rolname = current_user) then
    create extension if not exists plpgsql_check with schema extensions;
  end if;
end
$$;

-- pg_cron where the server preloads it (the lab's PostgreSQL with cron; always on the platform),
-- created by the superuser and opened to postgres as the image's event trigger does
do $$
begin
  if current_setting('shared_preload_libraries', true) like '%pg_cron%'
     and current_database() = current_setting('cron.database_name', true) then
    create extension if not exists pg_cron with schema pg_catalog;
    grant usage on schema cron to postgres with grant option;
    grant all on all tables in schema cron to postgres with grant option;
    grant all on all sequences in schema cron to postgres with grant option;
    grant all on all functions in schema cron to postgres with grant option;
  end if;
end
$$;

-- auth helpers (the subset of GoTrue's auth schema that RLS policies use)
create schema if not exists auth;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
-- an Auth hook in public is called by supabase_auth_admin (it is granted execute on it by name)
grant usage on schema public to supabase_auth_admin;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to postgres, anon, authenticated, service_role;

-- the public schema: usable by the API roles, writable by postgres (PostgreSQL 15 no longer lets
-- every role create in public; the platform lets postgres)
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;

-- The image's default privileges, once per project: everything created in public is granted to
-- anon and authenticated too, whoever creates it. So every table, view, sequence and function a
-- migration creates is open to the public API key unless the migrations close it
-- (20261127000000_close_the_api.sql) and the privilege lint (supabase/lint/) proves they did.
do $$
declare
  v_creator text;
begin
  if to_regnamespace('supabase_migrations') is not null
     or current_setting('lab.platform_defaults', true) = 'off' then
    return;
  end if;
  foreach v_creator in array array['postgres', 'supabase_admin'] loop
    continue when not exists (select from pg_roles where rolname = v_creator);
    execute format('alter default privileges for role %I in schema public grant all on tables to postgres, anon, authenticated, service_role', v_creator);
    execute format('alter default privileges for role %I in schema public grant all on functions to postgres, anon, authenticated, service_role', v_creator);
    execute format('alter default privileges for role %I in schema public grant all on sequences to postgres, anon, authenticated, service_role', v_creator);
  end loop;
end
$$;

-- migration history, same table the Supabase CLI keeps. On the platform the CLI creates it at the
-- first `db push`, logged in as postgres (it steps down to postgres even when given supabase_admin),
-- so postgres owns it; a CLI that runs its `alter table ... add column if not exists` on every push
-- needs that ownership.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;

-- Supabase Auth's own tables, in the shape of GoTrue's migrations (github:supabase/auth,
-- migrations/) as a hosted project has them: the columns the embedded Auth (local/gateway/gotrue/)
-- uses and the ones other code commonly reads. Owned by supabase_auth_admin, as Auth creates them;
-- postgres may use them all (the image's update-auth-permissions migration), the API roles nothing.
do $$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.one_time_token_type') is null then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- how each session was signed in: the access token's amr claim
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey
    unique (session_id, authentication_method)
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade,
  constraint refresh_tokens_token_unique unique (token)
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
create unique index if not exists one_time_tokens_user_id_token_type_key
  on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

do $$
declare
  v_table text;
begin
  foreach v_table in array array['users', 'identities', 'sessions', 'refresh_tokens',
                                 'one_time_tokens', 'audit_log_entries', 'mfa_amr_claims'] loop
    execute format('alter table auth.%I owner to supabase_auth_admin', v_table);
    execute format('alter table auth.%I enable row level security', v_table);
    execute format('revoke all on auth.%I from anon, authenticated, service_role', v_table);
    execute format('grant all on auth.%I to postgres', v_table);
  end loop;
  alter type auth.aal_level owner to supabase_auth_admin;
  alter type auth.one_time_token_type owner to supabase_auth_admin;
  grant all on sequence auth.refresh_tokens_id_seq to postgres;
end
$$;
