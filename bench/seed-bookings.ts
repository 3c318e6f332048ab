// The SQL that seeds the benches' online bookings through create_booking, as one statement: every
// open day of the 60-day window from today, every grid time, bays 1-3 in turn, a 2-hour job on every
// fourth booking of bay 2, each from its own address and e-mail. It expects workshop_capacity 3 and
// the abuse caps lifted (bench/booking.ts and bench/sql-cost.ts set both).
export function seedBookingsSql(count: number): string {
  return `
    do $$
    declare
      v_day date;
      v_c record;
      v_n integer := 0;
      v_r jsonb;
      v_today date := (now() at time zone 'Europe/Copenhagen')::date;
    begin
      for v_day in select d::date from generate_series(v_today + 1, v_today + 60, interval '1 day') d loop
        for v_c in select * from public.booking_candidates('5a1f0001-0000-4000-8000-000000000001', v_day) loop
          for v_bay in 1..3 loop
            exit when v_n >= ${count};
            v_r := public.create_booking(
              jsonb_populate_record(null::public.booking_request, jsonb_build_object(
                'service_id', case when v_bay = 2 and v_n % 4 = 0
                                then '5a1f0001-0000-4000-8000-000000000002'
                                else '5a1f0001-0000-4000-8000-000000000001' end,
                'booking_date', v_day, 'booking_time', v_c.slot, 'customer_name', 'Bench Kunde',
                'customer_email', 'bench' || v_n || '@example.dk', 'customer_phone', '21345678')),
              null, '10.1.' || (v_n / 250) || '.' || (v_n % 250));
            if v_r ->> 'status' = 'created' then
              v_n := v_n + 1;
            end if;
          end loop;
        end loop;
      end loop;
    end $$;`;
}
