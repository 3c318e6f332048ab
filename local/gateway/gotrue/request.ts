// Reading a request as GoTrue does: its JSON body, the e-mail address, the bearer token.
import { AuthError, badRequest } from './errors.ts';

/** retrieveRequestParams: an empty body is {}, anything else must be a JSON object. */
export function jsonBody(body: string): Record<string, unknown> {
  if (body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('bad_json', 'Could not parse request body as JSON: not an object');
  return parsed as Record<string, unknown>;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const EMAIL =
  // eslint-disable-next-line no-control-regex -- a control character (NUL) is no address
  /^[^\s@"<>()[\],;:\\\u0000-\u001f\u007f]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** validateEmail: required, at most 255 characters, a valid format; lower-cased. */
export function validateEmail(email: string): string {
  const e = email.trim();
  if (e === '') throw badRequest('validation_failed', 'An email address is required');
  if (e.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL.test(e))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return e.toLowerCase();
}

/** extractBearerToken: 401 no_authorization without one. */
export function bearerToken(authorization: string | undefined): string {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!m)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return m[1]!;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
