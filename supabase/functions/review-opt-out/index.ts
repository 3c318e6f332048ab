// POST /functions/v1/review-opt-out {token}   (the page /nej-tak; never GET: mail scanners follow links)
//   -> 200 {state: 'recorded', message}   the address gets no more review requests (again: the same)
//   -> 404 {error, code: 'not_found'}     a token no review request has
//   -> 400 {error} a token not of the link's format or a bad body; 405 other methods; 413 too big.
import { internalError, json } from '../_shared/errors.ts';
import { readPostRequest } from '../_shared/request.ts';
import { REVIEW_OPT_OUT_MESSAGES, validateReviewOptOut } from '../_shared/review-opt-out.ts';
import { adminClient } from '../_shared/supabase.ts';

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, validateReviewOptOut);
  if (!input.ok) return input.response;
  try {
    const { data, error } = await adminClient().rpc('review_opt_out', {
      p_token: input.value.token,
    });
    if (error) return internalError('review-opt-out', error);
    if (data !== 'recorded') {
      return json(404, { error: REVIEW_OPT_OUT_MESSAGES.notFound, code: 'not_found' });
    }
    return json(200, { state: 'recorded', message: REVIEW_OPT_OUT_MESSAGES.recorded });
  } catch (cause) {
    return internalError('review-opt-out', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
