/**
 * The server entry. With `ssr: false` it runs only at build time, to prerender every page
 * (react-router.config.ts), so it differs from React Router's default in three ways:
 * - it always waits for the whole page (`onAllReady`), also for a normal user agent;
 * - it gives a slow build a minute, not the default 5 s: on a loaded machine the default timeout
 *   aborted /contact's booking form boundary and the build shipped the page without its form;
 * - an error inside the page fails the build (a 500, which the prerender refuses) instead of
 *   writing a page with a hole in it;
 * and it writes every Suspense boundary in place (`progressiveChunkSize`): React otherwise
 * outlines a boundary that comes after 12.8 KB of page into a hidden element and moves it in
 * with a script, which the browser does late (a throttled reveal), and a prerendered page gains
 * nothing from progressive streaming.
 */
import { PassThrough } from 'node:stream';
import type { EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';

export const streamTimeout = 60_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    const errors: unknown[] = [];
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(new Error(`prerender of ${request.url} took over ${streamTimeout / 1000} s`)),
      streamTimeout,
    );
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          if (errors.length) {
            clearTimeout(timeoutId);
            reject(errors[0]);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          errors.push(error);
          console.error(error);
        },
      },
    );
  });
}
