// npm start: the production build (build/client) and the embedded Supabase stack, on PORT (4173)
// and SUPABASE_PORT (54321). LOCAL_DB=memory gives a throw-away database (e2e);
// SUPABASE_LEGACY_KEYS=off a stack that refuses the legacy JWT keys, as a hosted project can (e2e).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../db/migrate.ts';
import { ANON_KEY } from '../keys.ts';
import { legacyKeysFromEnv } from '../stack.ts';
import {
  ensurePortFree,
  envPort,
  keyLines,
  onShutdown,
  runCli,
  startBackend,
  ownerCalendarLine,
} from './common.ts';
import { ownerSignInLine } from './owner-user.ts';
import { createStaticServer } from './static.ts';

/** The gateway URL a build made without VITE_SUPABASE_URL talks to (src/lib/supabase.ts). */
const BUILT_IN_LOCAL_URL = 'http://127.0.0.1:54321';

/** The build's scripts that hold the legacy anon key (a build made with VITE_SUPABASE_ANON_KEY). */
function scriptsWithLegacyKey(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, 'utf8').includes(ANON_KEY));
}

runCli(async () => {
  const host = process.env.HOST ?? '127.0.0.1';
  const sitePort = envPort('PORT', 4173);
  const supabasePort = envPort('SUPABASE_PORT', 54321);
  const root = path.resolve(process.env.BUILD_DIR ?? path.join(ROOT, 'build'), 'client');
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `no production build in ${path.relative(process.cwd(), root) || root}: run npm run build first`,
    );
  }
  // a site built with the legacy anon key cannot book on a stack that refuses it: say so now,
  // not as a 401 in the browser
  if (!legacyKeysFromEnv()) {
    const stale = scriptsWithLegacyKey(root);
    if (stale.length > 0) {
      throw new Error(
        `the build holds the legacy anon key (${path.relative(root, stale[0]!)}), which SUPABASE_LEGACY_KEYS=off refuses: build with the publishable key (npm run build without VITE_SUPABASE_ANON_KEY)`,
      );
    }
  }
  await ensurePortFree(sitePort, host, 'PORT');
  const backend = await startBackend({ host, sitePort, supabasePort, warmFunctions: true });
  const { database, email, stack } = backend;
  // LOCAL_SETTINGS=key=value,key=value overrides settings of a throw-away database (the e2e run
  // books many times from one address and phone, which the abuse caps would refuse)
  if (process.env.LOCAL_DB === 'memory' && process.env.LOCAL_SETTINGS) {
    for (const pair of process.env.LOCAL_SETTINGS.split(',')) {
      const [key, value] = pair.split('=').map((x) => x.trim());
      if (key && value) {
        await stack.db.query(
          `insert into public.settings (key, value) values ($1, $2)
           on conflict (key) do update set value = excluded.value`,
          [key, value],
        );
      }
    }
  }

  const hostedUrl = process.env.VITE_SUPABASE_URL;
  const rewrite: [string, string][] =
    stack.url === BUILT_IN_LOCAL_URL ? [] : [[BUILT_IN_LOCAL_URL, stack.url]];
  const server = createStaticServer({
    root,
    supabaseUrls: [stack.url, ...(hostedUrl ? [hostedUrl] : [])],
    rewrite,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(sitePort, host, () => resolve());
  }).catch(async (error: unknown) => {
    await backend.stop();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  console.log(`Database:          ${database.description}`);
  console.log(`Supabase gateway:  ${stack.url}`);
  for (const line of keyLines(stack)) console.log(`  ${line}`);
  console.log(`Site:              http://${host}:${port}/`);
  console.log(`Mailbox:           ${email.url}  (e-mails are captured here, not sent)`);
  console.log(ownerSignInLine(`http://${host}:${port}`, backend.ownerEmail, email.url));
  console.log(ownerCalendarLine(stack.url));

  onShutdown(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await backend.stop();
  });
});
