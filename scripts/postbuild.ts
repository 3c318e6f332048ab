/**
 * After `react-router build`: the prerendered catch-all page (/404) becomes 404.html, which static
 * hosts (and `npm start`) serve with status 404 for unknown paths.
 */
import { copyFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const client = join(process.env.BUILD_DIR ?? join(process.cwd(), 'build'), 'client');
const prerendered = join(client, '404', 'index.html');

await stat(prerendered).catch(() => {
  throw new Error(`postbuild: ${prerendered} is missing; is '/404' in the prerender list?`);
});
await copyFile(prerendered, join(client, '404.html'));
await rm(join(client, '404'), { recursive: true });
console.log('postbuild: wrote build/client/404.html');
