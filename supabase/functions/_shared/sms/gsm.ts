// The GSM 7-bit alphabet an SMS is written in: æ, ø, å are in it and count one character each;
// one character outside it would send the whole SMS as UCS-2 (70 characters a segment).

/** Two segments of GSM 7-bit text. */
export const SMS_MAX_SEPTETS = 306;

// GSM 03.38: the basic set (one septet each) and the extension table (two septets each)
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** Septets of a text in GSM 7-bit, or null when a character is outside it (it would go as UCS-2). */
export function gsmSeptets(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) n += 1;
    else if (GSM_EXTENDED.includes(ch)) n += 2;
    else return null;
  }
  return n;
}

const LOOKALIKES: Record<string, string> = {
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
};

/**
 * The text in GSM 7-bit: typographic dashes and quotes as their plain forms, a letter with an
 * accent outside the alphabet without it, anything else as "?". One character outside GSM would
 * send the whole SMS as UCS-2 (70 characters a segment).
 */
export function toGsm(text: string): string {
  let out = '';
  for (const ch of text) {
    if (gsmSeptets(ch) !== null) out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare && gsmSeptets(bare) !== null ? bare : '?';
    }
  }
  return out;
}
