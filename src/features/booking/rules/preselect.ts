/**
 * The service a link asked for (navigation state `service` or `?service=`): an exact name match,
 * ignoring case, wins; otherwise the first service (in list order) whose name contains the text.
 * No text or no match gives null.
 */
export function matchService<T extends { name: string }>(
  services: readonly T[],
  hint: string | null | undefined,
): T | null {
  const wanted = hint?.trim().toLocaleLowerCase('da');
  if (!wanted) return null;
  const names = services.map((service) => service.name.trim().toLocaleLowerCase('da'));
  const exact = names.findIndex((name) => name === wanted);
  if (exact !== -1) return services[exact] ?? null;
  const partial = names.findIndex((name) => name.includes(wanted));
  return partial === -1 ? null : (services[partial] ?? null);
}

/** The service text a navigation carried: the state's `service` wins over the query string. */
export function serviceHint(state: unknown, search: string): string | null {
  if (typeof state === 'object' && state !== null && 'service' in state) {
    const value = (state as { service?: unknown }).service;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  const fromQuery = new URLSearchParams(search).get('service');
  return fromQuery && fromQuery.trim() !== '' ? fromQuery : null;
}
