// Secrets a function compares itself: the bearer token of a request, and a comparison whose time
// does not depend on where two strings differ (the API keys are checked in ./api-keys.ts).

/** The token of an `Authorization: Bearer …` header, or ''. */
export function bearer(req: Request): string {
  const header = req.headers.get('authorization') ?? '';
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
}

/** True when a and b are the same non-empty string; the time taken does not depend on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  if (!a || !b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
