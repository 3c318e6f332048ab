/** `npm run fonts`: writes the self-hosted Inter Latin subset (see scripts/fonts/inter-subset.ts). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { buildInterLatin, OUTPUT } from './fonts/inter-subset.ts';

const font = await buildInterLatin();
await mkdir(dirname(OUTPUT), { recursive: true });
await writeFile(OUTPUT, font);
console.log(`fonts: wrote ${OUTPUT} (${(font.length / 1000).toFixed(1)} KB)`);
