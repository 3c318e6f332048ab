// Runs a fresh test stack in its own process (benchmarks keep the client out of the gateway's event
// loop): `tsx local/testing/serve.ts pglite|postgres` prints one JSON line { url, anonKey } and
// stops on SIGTERM/SIGINT.
import { startTestStack, type Backend } from './index.ts';

const backend = (process.argv[2] ?? 'pglite') as Backend;
const stack = await startTestStack({ backend });
process.stdout.write(
  `${JSON.stringify({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey })}\n`,
);
const stop = () => {
  stack.stop().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
