// The secret in the customer's links (/afbestil?token=… and /flyt?token=…): exactly 64 lower-case
// hex characters (256 random bits). Anything else is refused before the database is asked, so no
// input (NUL, lone surrogates, megabytes) can turn into a 500. Dependency free.

export const LINK_TOKEN = /^[0-9a-f]{64}$/;

export function isLinkToken(value: unknown): value is string {
  return typeof value === 'string' && LINK_TOKEN.test(value);
}

/** 400: the token is not of the link's format (a cut or altered link). */
export const INVALID_TOKEN_MESSAGE =
  'Linket er ugyldigt. Tjek, at du har brugt hele linket fra din e-mail, eller ring til os.';

/** A link a later move replaced (410): the booking is there, at another time, with newer links. */
export const LINK_MOVED_MESSAGE =
  'Bookingen er flyttet, siden denne e-mail blev sendt, så linket virker ikke længere. Brug linket i den nyeste e-mail fra os, eller ring til os.';

/** A link a newer e-mail replaced for another reason (410), e.g. a booking the workshop restored. */
export const LINK_REPLACED_MESSAGE =
  'Der er sendt et nyere link til bookingen, så dette virker ikke længere. Brug linket i den nyeste e-mail fra os, eller ring til os.';
