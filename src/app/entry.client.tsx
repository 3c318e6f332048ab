import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router's default client entry (hydrateRoot in a transition, so the hydration is
 * time-sliced), with one change: the hydration starts in the next task. The bundle keeps React's
 * CommonJS modules as lazily run wrappers, so React DOM's 220 KB client module runs when this
 * module is evaluated (its first import); with hydrateRoot in the same task that was one task of
 * 90-120 ms under a 4x slower CPU. Now it is two, and a tap or key press that comes between them
 * is handled at once.
 */
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
