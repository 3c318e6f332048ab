import { queryOptions, useQuery } from '@tanstack/react-query';
import { openingRules, type OpeningRules } from '../rules/closed-days';
import { bookingDb } from './client';
import { BookingApiError } from './errors';
import { bookingKeys } from './keys';

/**
 * Opening hours, closed dates and reopened dates, so the calendar can grey out closed days.
 * Public holidays are computed (rules/danish-holidays) the way the server does. A failure here is
 * not shown: every day in the window stays selectable and a closed day just has no slots.
 */
export async function getOpeningRules(): Promise<OpeningRules> {
  const db = await bookingDb('opening-rules');
  const [hours, closed, opened] = await Promise.all([
    db.from('opening_hours').select('weekday, opens_at, closes_at'),
    db.from('closed_dates').select('day'),
    db.from('open_dates').select('day'),
  ]);
  const error = hours.error ?? closed.error;
  if (error) throw new BookingApiError('opening-rules', error.message, { cause: error });
  return openingRules(
    hours.data ?? [],
    (closed.data ?? []).map((row) => row.day),
    // open_dates is optional: a backend without it simply has no reopened days
    opened.error ? [] : (opened.data ?? []).map((row) => row.day),
  );
}

export function openingRulesQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.openingRules(),
    queryFn: getOpeningRules,
    staleTime: 5 * 60_000,
  });
}

export function useOpeningRules() {
  return useQuery(openingRulesQueryOptions());
}
