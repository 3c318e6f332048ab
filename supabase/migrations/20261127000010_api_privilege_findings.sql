-- The privilege lint, in the spirit of Supabase's Security Advisor: everything in the exposed schema
-- that the public API key (anon) or a signed-in user (authenticated) can reach, and the settings
-- that make an object unsafe to expose. The tests compare its answer with the allow-list in
-- supabase/lint/api-privileges.json on PGlite and PostgreSQL 15; `npm run check:live` asks the live
-- project the same question (POST /rest/v1/rpc/api_privilege_findings with the secret key).

create or replace function public.api_privilege_findings()
returns setof text
language sql
stable
set search_path = ''
as $$
  with roles(role) as (values ('anon'), ('authenticated')),
  rels as (
    select c.oid, c.relname, c.relkind, c.relrowsecurity, c.reloptions
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace
       and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
  ),
  table_privileges(privilege) as (
    values ('select'), ('insert'), ('update'), ('delete'), ('truncate'), ('references'), ('trigger')
  ),
  column_privileges(privilege) as (
    values ('select'), ('insert'), ('update'), ('references')
  ),
  sequence_privileges(privilege) as (
    values ('usage'), ('select'), ('update')
  )
  -- functions the role may call
  select format('%s: execute function public.%s(%s)', r.role, p.proname,
                pg_catalog.pg_get_function_identity_arguments(p.oid))
    from pg_catalog.pg_proc p
   cross join roles r
   where p.pronamespace = 'public'::regnamespace
     and pg_catalog.has_function_privilege(r.role, p.oid, 'execute')
  union all
  -- table, view and foreign-table privileges
  select format('%s: %s on table public.%s', r.role, t.privilege, c.relname)
    from rels c
   cross join roles r
   cross join table_privileges t
   where c.relkind <> 'S'
     and pg_catalog.has_table_privilege(r.role, c.oid, t.privilege)
  union all
  -- column privileges that the table-level ones do not already cover
  select format('%s: %s on column public.%s.%s', r.role, t.privilege, c.relname, a.attname)
    from rels c
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   cross join roles r
   cross join column_privileges t
   where c.relkind <> 'S'
     and not pg_catalog.has_table_privilege(r.role, c.oid, t.privilege)
     and pg_catalog.has_column_privilege(r.role, c.oid, a.attnum, t.privilege)
  union all
  select format('%s: %s on sequence public.%s', r.role, t.privilege, c.relname)
    from rels c
   cross join roles r
   cross join sequence_privileges t
   where c.relkind = 'S'
     and pg_catalog.has_sequence_privilege(r.role, c.oid, t.privilege)
  union all
  select format('%s: create in schema public', r.role)
    from roles r
   where pg_catalog.has_schema_privilege(r.role, 'public', 'create')
  union all
  -- a table without row-level security is readable in full by whoever gets a grant on it
  select format('row level security off: table public.%s', c.relname)
    from rels c
   where c.relkind in ('r', 'p') and not c.relrowsecurity
  union all
  -- a materialized view has no row-level security at all
  select format('materialized view: public.%s', c.relname)
    from rels c
   where c.relkind = 'm'
  union all
  -- a security definer function resolves names through the caller's search_path unless fixed
  select format('security definer without a fixed search_path: function public.%s(%s)', p.proname,
                pg_catalog.pg_get_function_identity_arguments(p.oid))
    from pg_catalog.pg_proc p
   where p.pronamespace = 'public'::regnamespace
     and p.prosecdef
     and not exists (select from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')
  union all
  -- a view runs with its owner's rights (and so past row-level security) unless security_invoker
  select format('view without security_invoker: public.%s', c.relname)
    from rels c
   where c.relkind = 'v'
     and not coalesce(c.reloptions @> array['security_invoker=true']
                      or c.reloptions @> array['security_invoker=on']
                      or c.reloptions @> array['security_invoker=1'], false)
   order by 1
$$;

comment on function public.api_privilege_findings() is
  'The privilege lint: what anon and authenticated can reach in public, and unsafe object settings. Compared with supabase/lint/api-privileges.json by the tests and by npm run check:live.';

revoke all on function public.api_privilege_findings() from public, anon, authenticated;
grant execute on function public.api_privilege_findings() to service_role;
