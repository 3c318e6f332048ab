// The privilege lint's comparison: what public.api_privilege_findings() reports against the
// allow-list in supabase/lint/api-privileges.json. Used by the tests on every database the lab
// builds and by `npm run check:live` against the live project.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ALLOW_LIST = fileURLToPath(
  new URL('../../supabase/lint/api-privileges.json', import.meta.url),
);

/** Finding -> why it is allowed. */
export function readAllowList(file = ALLOW_LIST): Record<string, string> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { allowed?: Record<string, string> };
  const allowed = parsed.allowed ?? {};
  for (const [finding, reason] of Object.entries(allowed)) {
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new Error(`${file}: "${finding}" has no reason`);
    }
  }
  return allowed;
}

export interface PrivilegeDifference {
  /** Reachable or unsafe, and not in the allow-list. */
  unexpected: string[];
  /** In the allow-list, but not reachable: the site would break (or the list is stale). */
  missing: string[];
}

export function comparePrivileges(
  findings: readonly string[],
  allowed: Record<string, string> = readAllowList(),
): PrivilegeDifference {
  const found = new Set(findings);
  return {
    unexpected: [...found].filter((f) => !(f in allowed)).sort(),
    missing: Object.keys(allowed)
      .filter((f) => !found.has(f))
      .sort(),
  };
}

export const PRIVILEGE_FINDINGS_SQL = 'select f as finding from public.api_privilege_findings() f';

export function formatDifference(d: PrivilegeDifference): string[] {
  return [
    ...d.unexpected.map((f) => `+ ${f}   (not in supabase/lint/api-privileges.json)`),
    ...d.missing.map((f) => `- ${f}   (allowed, but not granted)`),
  ];
}
