import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { ownerCopy } from '~/content/owner';
import { danishDateTime } from '~/lib/danish-date';
import { notify } from '~/lib/toast';
import * as api from '../api/owner-api';
import type { Car } from '../api/types';
import { applyCar, carLabel, failed } from './status-change';

const copy = ownerCopy.cancel;

/** "Aflys": asked once more, then cancelled (twice is no error: the database answers alike). */
export function CancelDialog({ car, onClose }: { car: Car; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => api.cancelBooking(car.id),
    onSuccess: async (answer) => {
      notify.success(copy.cancelled(carLabel(answer.car)), { id: `owner-cancel-${car.id}` });
      onClose();
      await applyCar(queryClient, answer.car);
    },
    onError: (error) => failed(queryClient, error),
  });
  const label = carLabel(car);
  return (
    <Dialog open onOpenChange={(next) => !next && !cancel.isPending && onClose()}>
      <DialogContent closeLabel={ownerCopy.close}>
        <DialogHeader>
          <DialogTitle>{copy.title(label)}</DialogTitle>
          <DialogDescription>
            {copy.body(car.customerName, danishDateTime(car.dropOff))}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button
            size="lg"
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending ? copy.cancelling : copy.yes}
          </Button>
          <Button size="lg" variant="outline" disabled={cancel.isPending} onClick={onClose}>
            {copy.no}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
