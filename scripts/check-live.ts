// npm run check:live: what is still missing before the site can go live (docs/deploy.md).
// Asks the Supabase project at SUPABASE_URL (or VITE_SUPABASE_URL) with a secret key,
// SUPABASE_SECRET_KEY (sb_secret_…), or the legacy SUPABASE_SERVICE_ROLE_KEY while the project's
// legacy keys are on; without them the embedded stack (npm run dev / npm start) at
// http://127.0.0.1:54321, with the Supabase CLI's local secret key.
// Reads the deployed site at the project's SITE_URL, or at CHECK_LIVE_SITE_URL when set (a preview,
// say).
// Exit code 0: nothing missing; 1: something is missing; 2: the project could not be asked.
import { SECRET_KEY } from '../local/keys.ts';
import { formatChecklist, ProjectUnreachableError } from './live/check.ts';
import { checkLive } from './live/run.ts';

const url =
  process.env.SUPABASE_URL ||
  process.env.VITE_SUPABASE_URL ||
  `http://127.0.0.1:${process.env.SUPABASE_PORT || 54321}`;
const serviceKey =
  process.env.SUPABASE_SECRET_KEY ||
  process.env.SUPABASE_SERVICE_ROLE_KEY ||
  (/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url) ? SECRET_KEY : '');

if (!serviceKey) {
  console.error(
    'check:live: SUPABASE_SECRET_KEY mangler (Project Settings → API Keys → Secret keys)  (missing SUPABASE_SECRET_KEY, a secret key sb_secret_…)',
  );
  process.exit(2);
}

try {
  const items = await checkLive({
    url,
    serviceKey,
    siteUrl: process.env.CHECK_LIVE_SITE_URL || undefined,
  });
  console.log(formatChecklist(url, items));
  process.exit(items.every((i) => i.ok) ? 0 : 1);
} catch (error) {
  if (error instanceof ProjectUnreachableError) {
    console.error(
      `check:live: kan ikke nå ${url} – kører projektet? (npm run dev starter det lokale)  (cannot reach the project: ${error.message})`,
    );
    process.exit(2);
  }
  throw error;
}
