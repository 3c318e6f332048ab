import { afterEach, describe, expect, it, vi } from 'vitest';
import { __vitePreload } from '~/lib/preload-helper';

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => ({
    rel: l.rel,
    as: l.as || null,
    href: new URL(l.href).pathname,
    crossOrigin: l.getAttribute('crossorigin'),
  }));

describe('__vitePreload (the client build helper of every import())', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('imports at once when there is nothing to preload', async () => {
    const load = vi.fn(async () => 'module');
    await expect(__vitePreload(load)).resolves.toBe('module');
    await expect(__vitePreload(load, [])).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(links()).toEqual([]);
  });

  it('preloads the scripts the page has no link for, once each, before importing', async () => {
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/react-1.js';
    document.head.append(existing);
    const load = vi.fn(async () => links().length);
    await expect(
      __vitePreload(load, ['assets/form-1.js', 'assets/react-1.js', 'assets/query-1.js']),
    ).resolves.toBe(3);
    await __vitePreload(load, ['assets/form-1.js']);
    expect(links()).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/react-1.js', crossOrigin: null },
      { rel: 'modulepreload', as: 'script', href: '/assets/form-1.js', crossOrigin: '' },
      { rel: 'modulepreload', as: 'script', href: '/assets/query-1.js', crossOrigin: '' },
    ]);
  });

  it('waits for a stylesheet, and fails the import when it cannot load', async () => {
    const load = vi.fn(async () => 'module');
    const done = __vitePreload(load, ['assets/widget-1.css', 'assets/widget-1.js']);
    await Promise.resolve();
    const css = document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!;
    expect(new URL(css.href).pathname).toBe('/assets/widget-1.css');
    expect(load).not.toHaveBeenCalled();
    css.dispatchEvent(new Event('load'));
    await expect(done).resolves.toBe('module');

    const failing = __vitePreload(load, ['assets/other-1.css']);
    await Promise.resolve();
    document.head
      .querySelector<HTMLLinkElement>('link[href$="other-1.css"]')!
      .dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('Unable to preload CSS for');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
