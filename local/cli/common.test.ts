import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forwardOutput } from './common.ts';

describe("the dev server's output", () => {
  it("leaves out React Router 7's envFile notice, coloured or counted, and keeps every other line", async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let text = '';
    to.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const done = forwardOutput(from, to);
    from.end(
      [
        'The `envFile` option is deprecated, please use `envDir: false` instead.',
        '\u001b[33mThe `envFile` option is deprecated, please use `envDir: false` instead.\u001b[39m',
        'The `envFile` option is deprecated, please use `envDir: false` instead. (x2)',
        '  ➜  Local:   http://127.0.0.1:5173/',
        'The `envDir` option is deprecated, please use something else instead.',
        '',
      ].join('\n'),
    );
    await done;
    expect(text).toBe(
      [
        '  ➜  Local:   http://127.0.0.1:5173/',
        'The `envDir` option is deprecated, please use something else instead.',
        '',
      ].join('\n'),
    );
  });
});
