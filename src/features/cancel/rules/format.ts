/** The token of a cancel link: exactly 64 lower-case hex characters, else null. */
export { linkToken as cancelToken } from '~/lib/link-token';
