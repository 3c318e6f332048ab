import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

type Hook = (...args: unknown[]) => unknown;
const handlerOf = (hook: unknown): Hook =>
  (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler) as Hook;

describe('compileHints (the Vite plugin)', () => {
  const plugin = compileHints(['react', 'router']);

  it('writes the hint as the first line of the named chunks only, and moves their maps down', () => {
    const map = { mappings: 'AAAA', toString: () => JSON.stringify({ mappings: map.mappings }) };
    const bundle = {
      'assets/react-1.js': {
        type: 'chunk',
        name: 'react',
        fileName: 'assets/react-1.js',
        code: 'var a=1;',
        map,
      },
      'assets/react-1.js.map': { type: 'asset', fileName: 'assets/react-1.js.map', source: '{}' },
      'assets/site-1.js': {
        type: 'chunk',
        name: 'site',
        fileName: 'assets/site-1.js',
        code: 'var b=2;',
      },
      'assets/router-1.js': {
        type: 'chunk',
        name: 'router',
        fileName: 'assets/router-1.js',
        code: 'var c=3;',
      },
    };
    handlerOf(plugin.generateBundle)({}, bundle);
    handlerOf(plugin.generateBundle)({}, bundle); // idempotent
    expect(bundle['assets/react-1.js'].code).toBe(`${COMPILE_HINT}\nvar a=1;`);
    expect(bundle['assets/router-1.js'].code).toBe(`${COMPILE_HINT}\nvar c=3;`);
    expect(bundle['assets/site-1.js'].code).toBe('var b=2;');
    expect(map.mappings).toBe(';AAAA');
    expect(JSON.parse(bundle['assets/react-1.js.map'].source)).toEqual({ mappings: ';AAAA' });
  });

  it("puts the hint into the named chunks' file name hash", () => {
    const augment = handlerOf(plugin.augmentChunkHash);
    expect(augment({ name: 'react' })).toBe(COMPILE_HINT);
    expect(augment({ name: 'site' })).toBeUndefined();
  });
});
