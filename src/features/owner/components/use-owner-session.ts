import { useCallback, useEffect, useState } from 'react';
import * as api from '../api/owner-api';
import { OwnerError } from '../api/errors';

export type SessionState = 'checking' | 'signed_out' | 'signed_in';

/**
 * Whether this phone has an owner session: read from auth-js's storage at start, then followed
 * (sign-in, sign-out, another tab). Without a connection a stored session cannot be refreshed;
 * the page then counts as signed in, so that the kept day is shown, and the server decides once
 * the connection is back.
 */
export function useOwnerSession(): { state: SessionState; signedOut: () => void } {
  const [state, setState] = useState<SessionState>('checking');

  useEffect(() => {
    let live = true;
    api.currentSession().then(
      (session) => live && setState(session ? 'signed_in' : 'signed_out'),
      (error: unknown) =>
        live &&
        setState(
          error instanceof OwnerError && error.kind === 'offline' ? 'signed_in' : 'signed_out',
        ),
    );
    const stop = api.onSessionChange((signedIn) => {
      if (live) setState(signedIn ? 'signed_in' : 'signed_out');
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const signedOut = useCallback(() => setState('signed_out'), []);
  return { state, signedOut };
}
