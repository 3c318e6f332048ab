// npm run dev: the embedded Supabase stack (persistent PGlite, gateway, edge functions reloaded on
// change) and the React Router / Vite dev server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../db/migrate.ts';
import {
  ensurePortFree,
  envPort,
  forwardOutput,
  keyLines,
  onShutdown,
  runCli,
  siteUsesHostedSupabase,
  startBackend,
  ownerCalendarLine,
} from './common.ts';
import { ownerSignInLine } from './owner-user.ts';

runCli(async () => {
  const host = process.env.HOST ?? '127.0.0.1';
  const sitePort = envPort('PORT', 5173);
  const supabasePort = envPort('SUPABASE_PORT', 54321);
  await ensurePortFree(sitePort, host, 'PORT');
  const backend = await startBackend({ host, sitePort, supabasePort, watch: true });
  const { database, email, stack } = backend;
  if (stack.migrations.applied.length)
    console.log(`migrations applied: ${stack.migrations.applied.join(', ')}`);
  if (stack.migrations.seeded) console.log('seed applied');

  const hosted = siteUsesHostedSupabase();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!hosted) {
    env.VITE_SUPABASE_URL = stack.url;
    // the browser gets the publishable key, as in production; it works whether or not the
    // legacy keys are on
    env.VITE_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey;
  }
  const vite = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'react-router'),
    ['dev', '--host', host, '--port', String(sitePort), '--strictPort'],
    { cwd: ROOT, env, stdio: ['inherit', 'pipe', 'pipe'] },
  );
  void forwardOutput(vite.stdout, process.stdout);
  void forwardOutput(vite.stderr, process.stderr);

  console.log(`Database:          ${database.description}`);
  console.log(`Supabase gateway:  ${stack.url}  (the Supabase CLI's local keys:)`);
  for (const line of keyLines(stack)) console.log(`  ${line}`);
  console.log(
    `Site:              http://${host}:${sitePort}/${hosted ? '  (uses VITE_SUPABASE_URL, not the local stack)' : ''}`,
  );
  console.log(`Mailbox:           ${email.url}  (e-mails are captured here, not sent)`);
  console.log(ownerSignInLine(`http://${host}:${sitePort}`, backend.ownerEmail, email.url));
  console.log(ownerCalendarLine(stack.url));

  const stop = async () => {
    if (vite.exitCode === null) vite.kill('SIGTERM');
    await backend.stop();
  };
  onShutdown(stop);
  vite.once('exit', (code) => {
    void stop().finally(() => process.exit(code ?? 0));
  });
});
