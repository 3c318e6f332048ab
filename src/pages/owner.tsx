import { lazy, Suspense } from 'react';
import { ownerPageCopy as copy } from '~/content/owner-page';
import { useHydrated } from '~/lib/use-hydrated';

/** The owner's page: never indexed, sends no Referer (the link is nobody's business). */
export const meta = () => [
  { title: copy.meta.title },
  { name: 'description', content: copy.meta.description },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

// The tool (auth-js, postgrest-js, react-query, the dialogs and the date picker) is loaded with
// import() once the page runs: nothing of it is in this page's first load, or in any other page's.
const OwnerScreen = lazy(() =>
  import('./owner/owner-screen').catch(() => ({ default: LoadFailed })),
);

function Waiting() {
  return (
    <p role="status" className="text-muted-foreground">
      {copy.loading}
    </p>
  );
}

function LoadFailed() {
  return (
    <p role="alert" className="rounded-lg border border-destructive/60 p-4">
      {copy.failed}
    </p>
  );
}

/**
 * /ejer: the day's cars on the owner's phone. Prerendered as its frame only (no data: who is
 * signed in and the cars are known in the browser alone), at least a screen tall so that the
 * footer does not jump when the tool appears.
 */
export default function OwnerPage() {
  const hydrated = useHydrated();
  return (
    <section className="container min-h-svh max-w-2xl py-12">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{copy.heading}</h1>
      {hydrated ? (
        <Suspense fallback={<Waiting />}>
          <OwnerScreen />
        </Suspense>
      ) : (
        <Waiting />
      )}
    </section>
  );
}
