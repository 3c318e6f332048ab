import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Button } from '~/components/ui/button';
import { ownerCopy as copy } from '~/content/owner';
import * as api from '../api/owner-api';
import { OwnerError, ownerMessage } from '../api/errors';
import { createOwnerQueryClient, useOwnerMe } from '../api/queries';
import { forgetDays } from '../rules/stored-day';
import { DayView } from './day-view';
import { OwnerToolsContext, type OwnerTools } from './owner-tools';
import { SignIn } from './sign-in';
import { useOwnerSession } from './use-owner-session';
import './owner.css';

/**
 * The owner's tool on /ejer: sign-in with an e-mail code, then the day's cars. Its own react-query
 * client, so that nothing of it is shared with the booking form's.
 */
export function OwnerApp(tools: OwnerTools) {
  const [client] = useState(createOwnerQueryClient);
  return (
    <QueryClientProvider client={client}>
      <OwnerToolsContext.Provider value={tools}>
        <Gate />
      </OwnerToolsContext.Provider>
    </QueryClientProvider>
  );
}

function Gate() {
  const { state, signedOut } = useOwnerSession();
  if (state === 'checking') {
    return (
      <p role="status" className="text-muted-foreground">
        {copy.signIn.checking}
      </p>
    );
  }
  if (state === 'signed_out') return <SignIn />;
  return <SignedIn onSignedOut={signedOut} />;
}

function SignedIn({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const me = useOwnerMe(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const signOut = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api.signOut();
    } catch (error) {
      setBusy(false);
      setProblem(ownerMessage(error));
      return;
    }
    forgetDays();
    queryClient.clear();
    onSignedOut();
  }, [queryClient, onSignedOut]);

  // the server no longer takes the session (signed out elsewhere, expired) or the address left the
  // owner list: the page says so, and signing out is the one way on
  const refusal = me.error instanceof OwnerError ? me.error : null;
  const shut = refusal?.kind === 'not_owner' || refusal?.kind === 'signed_out';

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="owner-signed-in">
          {me.data ? copy.signedInAs(me.data.name || me.data.email) : null}
        </p>
        <Button variant="outline" onClick={() => void signOut()} disabled={busy}>
          {busy ? copy.signingOut : copy.signOut}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg border border-destructive/60 p-4">
          {problem}
        </p>
      ) : null}
      {shut ? (
        <p role="alert" className="rounded-lg border border-destructive/60 p-4">
          {refusal.message}
        </p>
      ) : (
        <DayView />
      )}
    </div>
  );
}
