// Shared by the bench scripts: which backends to run on, and writing one "## <Heading>" section of
// docs/benchmarks.md while keeping every other section as it is.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Backend } from '../local/testing/index.ts';

export const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

/** The backends named on the command line (pglite, postgres), or both when none is named. */
export function requestedBackends(argv: string[] = process.argv.slice(2)): Backend[] {
  const requested = argv.filter((a) => a === 'pglite' || a === 'postgres') as Backend[];
  return requested.length > 0 ? requested : ['pglite', 'postgres'];
}

/** Replaces the "## <heading>" section (up to the next "## ") of docs/benchmarks.md, or appends it. */
export function writeDocsSection(heading: string, text: string): void {
  if (!existsSync(DOCS)) {
    mkdirSync(fileURLToPath(new URL('../docs/', import.meta.url)), { recursive: true });
    writeFileSync(DOCS, `# Benchmarks\n\n${text}`);
    return;
  }
  const current = readFileSync(DOCS, 'utf8');
  const start = current.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
  if (start < 0) {
    writeFileSync(DOCS, `${current.replace(/\s*$/, '')}\n\n${text}`);
    return;
  }
  const rest = current.slice(start + 3);
  const next = rest.search(/^## /m);
  const end = next < 0 ? current.length : start + 3 + next;
  writeFileSync(
    DOCS,
    `${current.slice(0, start)}${text}${next < 0 ? '' : `\n${current.slice(end)}`}`,
  );
}

/**
 * Runs `runOn` on each requested backend in turn (printing each figure set as a JSON line), writes
 * `section` of all of them to the "## <heading>" section of docs/benchmarks.md, prints it, and
 * returns the figures.
 */
export async function runAndReport<F>(
  heading: string,
  runOn: (backend: Backend) => Promise<F>,
  section: (results: F[]) => string,
): Promise<F[]> {
  const results: F[] = [];
  for (const backend of requestedBackends()) {
    const r = await runOn(backend);
    console.log(JSON.stringify(r));
    results.push(r);
  }
  const text = section(results);
  writeDocsSection(heading, text);
  console.log(text);
  return results;
}
