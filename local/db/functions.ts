// The functions of the public schema as pg_proc describes them: read once here for both users, the
// type generator (local/db/types.ts) and the REST gateway's rpc (local/gateway/rest.ts).
import type { Queryable } from './database.ts';

export interface FunctionArg {
  /** '' for an unnamed argument. */
  name: string;
  /** As format_type writes it, fit for a cast in SQL (e.g. `timestamp with time zone`). */
  type: string;
  /** The type's name, a domain's base type (e.g. `timestamptz`), for the generated types. */
  typname: string;
}

export interface PublicFunction {
  name: string;
  /** pg_proc.provolatile: 'i' immutable, 's' stable, 'v' volatile. */
  volatility: string;
  retset: boolean;
  /** The return type as format_type writes it, its name and its pg_type.typtype / typrelid. */
  returns: { type: string; typname: string; typtype: string; relid: number };
  /** The in, inout and variadic arguments in order; `optional` for those with a default. */
  ins: (FunctionArg & { optional: boolean })[];
  /** The out, inout and table columns of the result, in order. */
  outs: FunctionArg[];
}

type Row = {
  name: string;
  volatility: string;
  retset: boolean;
  ret_type: string;
  ret_typname: string;
  ret_typtype: string;
  ret_relid: number;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  arg_typnames: string[];
  n_defaults: number;
};

/**
 * The public schema's plain functions (no trigger functions, none an extension owns), all of them
 * or those named `name`, in name and creation order.
 */
export async function publicFunctions(q: Queryable, name?: string): Promise<PublicFunction[]> {
  const { rows } = await q.query<Row>(
    `select p.proname as name, p.provolatile::text as volatility, p.proretset as retset,
            format_type(p.prorettype, null) as ret_type, rt.typname::text as ret_typname,
            rt.typtype::text as ret_typtype, rt.typrelid::int as ret_relid,
            p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(u.o, null)
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(o, i)
                   order by u.i) as arg_types,
            array(select (case when t.typtype = 'd' then bt.typname else t.typname end)::text
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(o, i)
                    join pg_type t on t.oid = u.o left join pg_type bt on bt.oid = t.typbasetype
                   order by u.i) as arg_typnames,
            p.pronargdefaults::int as n_defaults
       from pg_proc p join pg_type rt on rt.oid = p.prorettype
      where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
        and ($1::text is null or p.proname = $1)
        and rt.typname not in ('trigger', 'event_trigger')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`,
    [name ?? null],
  );
  return rows.map((r) => {
    const ins: FunctionArg[] = [];
    const outs: FunctionArg[] = [];
    r.arg_types.forEach((type, i) => {
      const mode = r.arg_modes?.[i] ?? 'i';
      const arg = { name: r.arg_names?.[i] ?? '', type, typname: r.arg_typnames[i] ?? '' };
      if (mode === 'i' || mode === 'b' || mode === 'v') ins.push(arg);
      if (mode === 'o' || mode === 'b' || mode === 't') outs.push(arg);
    });
    const firstDefault = ins.length - r.n_defaults;
    return {
      name: r.name,
      volatility: r.volatility,
      retset: r.retset,
      returns: {
        type: r.ret_type,
        typname: r.ret_typname,
        typtype: r.ret_typtype,
        relid: Number(r.ret_relid),
      },
      ins: ins.map((arg, i) => ({ ...arg, optional: i >= firstDefault })),
      outs,
    };
  });
}
