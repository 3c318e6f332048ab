/**
 * The message form on /contact (#besked): its anchor, and the query parameter that preselects what
 * the message is about. The links to it are literal strings beside their buttons (sections.ts,
 * special-services.ts), so that no page carries this module for a link;
 * tests/features/booking/message-form.test.tsx ties them to these names.
 */

/** The section's anchor on /contact. */
export const MESSAGE_ANCHOR = 'besked';
/** The query parameter that preselects what the message is about (`?besked=tilbud`). */
export const MESSAGE_TOPIC_PARAM = 'besked';
