import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postFunction } from '~/lib/link-call';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '~/lib/supabase-config';

const URL = `${LOCAL_SUPABASE_URL}/functions/v1/cancel-booking`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('postFunction, the call of the pages behind the e-mail links', () => {
  it('posts the JSON body with the publishable key and returns status and body', async () => {
    let seen: Request | undefined;
    server.use(
      http.post(URL, ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ state: 'active' });
      }),
    );
    expect(await postFunction('cancel-booking', { token: 't', action: 'lookup' })).toEqual({
      status: 200,
      body: { state: 'active' },
    });
    // a publishable key is no JWT: it travels in apikey only
    expect(seen!.headers.get('apikey')).toBe(LOCAL_PUBLISHABLE_KEY);
    expect(seen!.headers.get('authorization')).toBeNull();
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ token: 't', action: 'lookup' });
  });

  it("returns a refusal's status with the function's Danish message", async () => {
    server.use(
      http.post(URL, () =>
        HttpResponse.json({ error: 'Tiden er optaget.', code: 'conflict' }, { status: 409 }),
      ),
    );
    expect(await postFunction('cancel-booking', {})).toEqual({
      status: 409,
      body: { error: 'Tiden er optaget.', code: 'conflict' },
    });
  });

  it('returns the status without a body when the answer is not JSON', async () => {
    server.use(http.post(URL, () => new HttpResponse('Bad Gateway', { status: 502 })));
    expect(await postFunction('cancel-booking', {})).toEqual({ status: 502, body: null });
  });

  it('returns no status when no answer comes (the network failed), and never throws', async () => {
    server.use(http.post(URL, () => HttpResponse.error()));
    expect(await postFunction('cancel-booking', {})).toEqual({ body: null });
  });
});
