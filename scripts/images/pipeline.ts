/**
 * The image pipeline behind `npm run images`: every original in the source folder (jpg, jpeg, png,
 * webp, avif, tif, tiff) becomes AVIF + WebP variants at the standard widths (capped at the
 * original's width) in the output folder, plus a typed manifest the <Picture> component reads.
 * File names carry a content hash, so replacing an original busts caches; unchanged originals are
 * not re-encoded, and variants of removed or replaced originals are deleted.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, parse } from 'node:path';
import sharp from 'sharp';

export const WIDTHS = [480, 800, 1200, 1600] as const;
export const FORMATS = ['avif', 'webp'] as const;
export type Format = (typeof FORMATS)[number];
const SOURCE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.tif', '.tiff']);
/** Bump when encoder settings change, so every variant is rebuilt. */
const PIPELINE_VERSION = '1';

export interface ManifestEntry {
  width: number;
  height: number;
  /** Dominant colour, shown behind the image while it loads. */
  color: string;
  hash: string;
  widths: number[];
}

export interface PipelineOptions {
  sourceDir: string;
  outDir: string;
  manifestFile: string;
  log?: (line: string) => void;
}

/** Public file name of one variant; the Picture component builds the same name. */
export const variantFile = (name: string, width: number, hash: string, format: Format) =>
  `${name}-${width}.${hash}.${format}`;

export function variantWidths(originalWidth: number) {
  const largest = Math.min(originalWidth, WIDTHS[WIDTHS.length - 1] ?? originalWidth);
  return [...WIDTHS.filter((w) => w < largest), largest];
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function listOriginals(sourceDir: string) {
  const files = (await readdir(sourceDir)).filter((f) =>
    SOURCE_EXTENSIONS.has(extname(f).toLowerCase()),
  );
  const byName = new Map<string, string>();
  for (const file of files.sort()) {
    const { name } = parse(file);
    if (!NAME.test(name)) {
      throw new Error(
        `images: "${file}": names must be lowercase letters, digits and hyphens (e.g. gallery-01.jpg)`,
      );
    }
    const other = byName.get(name);
    if (other) throw new Error(`images: "${other}" and "${file}" have the same name; keep one`);
    byName.set(name, file);
  }
  return byName;
}

export async function runPipeline({
  sourceDir,
  outDir,
  manifestFile,
  log = () => {},
}: PipelineOptions) {
  const originals = await listOriginals(sourceDir);
  await mkdir(outDir, { recursive: true });
  const manifest: Record<string, ManifestEntry> = {};
  const keep = new Set<string>();
  let encoded = 0;

  for (const [name, file] of originals) {
    const input = await readFile(join(sourceDir, file));
    const hash = createHash('sha256')
      .update(PIPELINE_VERSION)
      .update(input)
      .digest('hex')
      .slice(0, 8);
    // rotate() applies EXIF orientation, so phone photos come out upright.
    const oriented = sharp(input).rotate();
    const meta = await oriented.metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    const height = (swap ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new Error(`images: cannot read the size of ${file}`);
    const { dominant } = await sharp(input).stats();
    const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    const widths = variantWidths(width);

    for (const w of widths) {
      for (const format of FORMATS) {
        const out = variantFile(name, w, hash, format);
        keep.add(out);
        if (await exists(join(outDir, out))) continue;
        const pipeline = sharp(input).rotate().resize({ width: w, withoutEnlargement: true });
        const encoder =
          format === 'avif'
            ? pipeline.avif({ quality: 50, effort: 4 })
            : pipeline.webp({ quality: 74, effort: 4 });
        await encoder.toFile(join(outDir, out));
        encoded++;
      }
    }
    manifest[name] = { width, height, color, hash, widths };
    log(`${name}: ${width}x${height}, ${widths.join('/')} px`);
  }

  let removed = 0;
  for (const file of await readdir(outDir)) {
    if (!keep.has(file)) {
      await rm(join(outDir, file), { recursive: true, force: true });
      removed++;
    }
  }

  const generated = await manifestSources(manifest, manifestFile);
  await mkdir(generated.dir, { recursive: true });
  for (const file of await readdir(generated.dir)) {
    if (!generated.files.has(join(generated.dir, file))) await rm(join(generated.dir, file));
  }
  for (const [file, source] of generated.files) await writeFile(file, source);
  return { manifest, encoded, removed };
}

/** The export name of an image: `gallery-01` -> `gallery01`, `pkg-wash-gold` -> `pkgWashGold`. */
export function imageExportName(name: string): string {
  const camel = name.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
  return /^[A-Za-z_$]/.test(camel) ? camel : `image${camel}`;
}

const GENERATED_HEADER = `/**
 * GENERATED FILE, do not edit by hand. Regenerate with \`npm run images\` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */`;

async function format(source: string) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(process.cwd() + '/package.json')) ?? {};
  return prettier.format(source, { ...options, parser: 'typescript' });
}

/**
 * The manifest: one module per image (`images/<name>.ts`), so that a page's bundle holds the
 * entries of the pictures it shows and no others (a bundler places a whole module in one chunk),
 * and an index re-exporting them by their export names, for content to import as a namespace
 * (`pictures.gallery01`), with `imageManifest` (every image by name) for scripts and tests.
 */
async function manifestSources(manifest: Record<string, ManifestEntry>, manifestFile: string) {
  const names = Object.keys(manifest).sort();
  const clash = names.find(
    (n, i) => names.findIndex((m) => imageExportName(m) === imageExportName(n)) !== i,
  );
  if (clash)
    throw new Error(`images: two originals have the export name ${imageExportName(clash)}`);
  const dir = join(dirname(manifestFile), 'images');
  const files = new Map<string, string>();
  for (const name of names) {
    files.set(
      join(dir, `${name}.ts`),
      await format(
        `${GENERATED_HEADER}\nexport default ${JSON.stringify({ name, ...manifest[name] })} as const;\n`,
      ),
    );
  }
  const index = `${GENERATED_HEADER}
// One module per image (./images/): content imports this index as a namespace
// (\`import * as pictures\`, then \`pictures.gallery01\`), so a page's bundle holds the entries of
// the pictures it shows and no others.
export interface ImageManifestEntry {
  /** The original's file name without extension, and the variants' name prefix. */
  name: string;
  /** Size of the original, after EXIF rotation. */
  width: number;
  height: number;
  /** Dominant colour, painted behind the image while it loads. */
  color: string;
  /** Content hash in the variant file names (/images/<name>-<width>.<hash>.<avif|webp>). */
  hash: string;
  /** Widths of the generated variants, ascending. */
  widths: readonly number[];
}

${names.map((n) => `import ${imageExportName(n)} from './images/${n}';`).join('\n')}

export { ${names.map(imageExportName).join(', ')} };

/** Every image by name (build scripts and tests; the browser takes the single exports). */
export const imageManifest = { ${names.map((n) => `${JSON.stringify(n)}: ${imageExportName(n)}`).join(', ')} } as const satisfies Record<string, ImageManifestEntry>;

export type ImageName = keyof typeof imageManifest;
`;
  files.set(manifestFile, await format(index));
  return { dir, files };
}
