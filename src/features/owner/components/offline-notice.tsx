import { ownerCopy } from '~/content/owner';
import { copenhagenClock } from '../rules/day';

/**
 * Said while the day on screen could not be loaded again: when it was last loaded, and that the
 * page keeps trying (the query asks again by itself, and on reconnect).
 */
export function OfflineNotice({ updatedAt }: { updatedAt: number }) {
  return (
    <p
      role="status"
      data-testid="owner-offline"
      className="rounded-lg border border-destructive/60 p-3 text-sm font-medium"
    >
      {ownerCopy.offline(copenhagenClock(updatedAt))}
    </p>
  );
}
