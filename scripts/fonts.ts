/** `npm run fonts`: writes the self-hosted Inter Latin files (see scripts/fonts/inter-subset.ts). */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildInterLatin, latinRanges, OUTPUTS } from './fonts/inter-subset.ts';

const fonts = await buildInterLatin();
const ranges = await latinRanges();
await mkdir(dirname(OUTPUTS.core), { recursive: true });
// the single Latin file of earlier versions
await rm(join(dirname(OUTPUTS.core), 'inter-latin-wght-400-800.woff2'), { force: true });
for (const part of ['core', 'rest'] as const) {
  await writeFile(OUTPUTS[part], fonts[part]);
  console.log(
    `fonts: wrote ${OUTPUTS[part]} (${(fonts[part].length / 1000).toFixed(1)} KB), unicode-range ${ranges[part]}`,
  );
}
