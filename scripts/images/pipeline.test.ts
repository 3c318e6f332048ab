import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPipeline, variantWidths } from './pipeline.ts';

let dir: string;
let paths: { sourceDir: string; outDir: string; manifestFile: string };

const solid = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-'));
  paths = {
    sourceDir: join(dir, 'src'),
    outDir: join(dir, 'out'),
    manifestFile: join(dir, 'manifest.ts'),
  };
  await (await import('node:fs/promises')).mkdir(paths.sourceDir);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('variantWidths', () => {
  it('caps the widths at the width of the original', () => {
    expect(variantWidths(2400)).toEqual([480, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([480, 800, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe('runPipeline', () => {
  it('writes AVIF and WebP variants and a typed manifest for every original', async () => {
    await solid(1000, 500, [10, 40, 200]).jpeg().toFile(join(paths.sourceDir, 'wide-one.jpg'));
    await solid(400, 300, [200, 30, 30]).png().toFile(join(paths.sourceDir, 'small.png'));

    const { manifest, encoded } = await runPipeline(paths);

    expect(encoded).toBe(8);
    expect(manifest['wide-one']).toMatchObject({
      width: 1000,
      height: 500,
      widths: [480, 800, 1000],
    });
    expect(manifest['small']).toMatchObject({ width: 400, height: 300, widths: [400] });
    expect(manifest['small']?.color).toMatch(/^#[0-9a-f]{6}$/);
    const hash = manifest['wide-one']?.hash;
    const files = (await readdir(paths.outDir)).sort();
    expect(files).toContain(`wide-one-800.${hash}.avif`);
    expect(files).toContain(`wide-one-1000.${hash}.webp`);
    const variant = await sharp(join(paths.outDir, `wide-one-480.${hash}.webp`)).metadata();
    expect(variant).toMatchObject({ format: 'webp', width: 480, height: 240 });
    const avif = await sharp(join(paths.outDir, `wide-one-480.${hash}.avif`)).metadata();
    expect(avif.format).toBe('heif');

    const source = await readFile(paths.manifestFile, 'utf8');
    expect(source).toContain('export const imageManifest');
    expect(source).toContain("'wide-one'");
    expect(source).toContain('export type ImageName = keyof typeof imageManifest;');
    // one module per image, re-exported by its export name (a page bundles only the ones it uses)
    expect(source).toContain("import wideOne from './images/wide-one';");
    expect(source).toMatch(/export \{[^}]*\bwideOne\b[^}]*\}/);
    const dir = join(paths.manifestFile, '..', 'images');
    expect((await readdir(dir)).sort()).toEqual(['small.ts', 'wide-one.ts']);
    const entry = await readFile(join(dir, 'wide-one.ts'), 'utf8');
    expect(entry).toContain(`hash: '${hash}'`);
    expect(entry).toContain('widths: [480, 800, 1000]');

    // an original taken away takes its module with it
    await rm(join(paths.sourceDir, 'small.png'));
    await runPipeline(paths);
    expect(await readdir(dir)).toEqual(['wide-one.ts']);
  });

  it('re-encodes only a replaced original and removes its stale variants', async () => {
    const original = join(paths.sourceDir, 'photo.jpg');
    await solid(600, 400, [0, 0, 0]).jpeg().toFile(original);
    const first = await runPipeline(paths);
    const again = await runPipeline(paths);
    expect(again.encoded).toBe(0);
    expect(again.manifest).toEqual(first.manifest);

    await solid(600, 400, [255, 255, 255]).jpeg().toFile(original);
    const replaced = await runPipeline(paths);
    expect(replaced.encoded).toBe(4);
    expect(replaced.removed).toBe(4);
    expect(replaced.manifest['photo']?.hash).not.toBe(first.manifest['photo']?.hash);
    const files = await readdir(paths.outDir);
    expect(files.every((f) => f.includes(replaced.manifest['photo']!.hash))).toBe(true);
  });

  it('refuses two originals with the same name and names that are not kebab-case', async () => {
    await solid(100, 100, [0, 0, 0]).jpeg().toFile(join(paths.sourceDir, 'a.jpg'));
    await solid(100, 100, [0, 0, 0]).png().toFile(join(paths.sourceDir, 'a.png'));
    await expect(runPipeline(paths)).rejects.toThrow(/same name/);
    await rm(join(paths.sourceDir, 'a.png'));
    await writeFile(join(paths.sourceDir, 'Bad Name.jpg'), '');
    await expect(runPipeline(paths)).rejects.toThrow(/lowercase/);
  });
});
