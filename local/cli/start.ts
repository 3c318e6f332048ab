// npm start: the production build (build/client) and the embedded Supabase stack, on PORT (4173)
// and SUPABASE_PORT (54321). LOCAL_DB=memory gives a throw-away database (e2e).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../db/migrate.ts';
import { startLocalEmail } from '../mailbox/index.ts';
import { startStack } from '../stack.ts';
import { ensurePortFree, envPort, onShutdown, resolveDatabase, runCli } from './common.ts';
import { createStaticServer } from './static.ts';

/** The gateway URL a build made without VITE_SUPABASE_URL talks to (src/lib/supabase.ts). */
const BUILT_IN_LOCAL_URL = 'http://127.0.0.1:54321';

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
  await ensurePortFree(sitePort, host, 'PORT');
  const database = await resolveDatabase();
  // the local mailbox captures the e-mails; its env reaches the edge functions (local/mailbox)
  const email = await startLocalEmail({
    siteUrl: `http://${host}:${sitePort}`,
    supabasePort,
    host,
  });
  const stack = await startStack({
    database: database.target,
    port: supabasePort,
    warmFunctions: true,
    log: (line) => console.log(line),
  }).catch(async (error: unknown) => {
    await email.stop();
    await database.cleanup();
    throw error;
  });
  email.startSender(stack.url, stack.serviceRoleKey, (line) => console.log(line));

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
    await email.stop();
    await stack.stop();
    await database.cleanup();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  console.log(`Database:          ${database.description}`);
  console.log(`Supabase gateway:  ${stack.url}`);
  console.log(`Site:              http://${host}:${port}/`);
  console.log(`Mailbox:           ${email.url}  (e-mails are captured here, not sent)`);

  onShutdown(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await email.stop();
    await stack.stop();
    await database.cleanup();
  });
});
