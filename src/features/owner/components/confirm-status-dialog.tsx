import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { ownerCopy } from '~/content/owner';
import { undoWindowMinutes } from './status-change';

const copy = ownerCopy.confirm;

/** Before a change that messages the customer: what the customer hears, and when. */
export function ConfirmStatusDialog({
  open,
  label,
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  label: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent closeLabel={ownerCopy.close}>
        <DialogHeader>
          <DialogTitle>{copy.title(action, label)}</DialogTitle>
          <DialogDescription>{copy.notifies(undoWindowMinutes())}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button size="lg" disabled={busy} onClick={onConfirm}>
            {busy ? ownerCopy.busy : copy.yes(action)}
          </Button>
          <Button size="lg" variant="outline" disabled={busy} onClick={onCancel}>
            {copy.no}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
