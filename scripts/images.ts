/**
 * `npm run images`: originals in assets/images/ -> responsive AVIF/WebP variants in public/images/
 * and the typed manifest src/generated/image-manifest.ts. See the README section "Billeder".
 */
import { join } from 'node:path';
import { runPipeline } from './images/pipeline.ts';

const root = process.cwd();
const started = performance.now();
const { manifest, encoded, removed } = await runPipeline({
  sourceDir: join(root, 'assets', 'images'),
  outDir: join(root, 'public', 'images'),
  manifestFile: join(root, 'src', 'generated', 'image-manifest.ts'),
  log: (line) => console.log(`  ${line}`),
});
console.log(
  `images: ${Object.keys(manifest).length} originals, ${encoded} variants encoded, ${removed} stale files removed (${Math.round(performance.now() - started)} ms)`,
);
