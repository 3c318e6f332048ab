/** Writes netlify.toml and vercel.json from deploy/security-headers.ts: `npx tsx deploy/write-host-files.ts`. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderNetlifyToml, renderVercelJson } from './host-files';

const root = process.cwd();
await writeFile(join(root, 'netlify.toml'), renderNetlifyToml());
await writeFile(join(root, 'vercel.json'), renderVercelJson());
console.log('wrote netlify.toml and vercel.json');
