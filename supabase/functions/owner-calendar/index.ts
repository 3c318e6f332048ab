// GET /functions/v1/owner-calendar?secret=<OWNER_CALENDAR_SECRET>   (verify_jwt = false)
// -> 200 text/calendar: the owner's subscription feed (see _shared/owner-calendar.ts).
// -> 404 with an empty body for a missing or wrong secret, an unset or too short (< 32 characters)
//    OWNER_CALENDAR_SECRET, and any other method: nothing says that the address exists.
// Rotating: set a new OWNER_CALENDAR_SECRET (supabase secrets set); the old address stops working.
import { internalError } from '../_shared/errors.ts';
import { buildOwnerFeed, secretMatches } from '../_shared/owner-calendar.ts';
import { adminClient } from '../_shared/supabase.ts';

const notFound = () =>
  new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });

export async function handler(req: Request): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notFound();
  const secret = new URL(req.url).searchParams.get('secret');
  if (!(await secretMatches(secret, Deno.env.get('OWNER_CALENDAR_SECRET')))) return notFound();

  try {
    const { data, error } = await adminClient().rpc('owner_calendar_bookings', {});
    if (error) return internalError('owner_calendar_bookings', error);
    const body = buildOwnerFeed(data ?? []);
    return new Response(req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="glanspunkt-bookinger.ics"',
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex',
      },
    });
  } catch (cause) {
    return internalError('owner-calendar', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
