import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ownerCopy } from '~/content/owner';
import { danishDayTime } from '~/lib/danish-date';
import { notify } from '~/lib/toast';
import * as api from '../api/owner-api';
import { OwnerError, ownerMessage } from '../api/errors';
import { ownerKeys, useJobCatalogue } from '../api/queries';
import { NO_CHOICE, type JobChoice } from '~/lib/job';
import { JobFields, jobForPackage } from './job-fields';
import { ownerJobSource, useOwnerTools } from './owner-tools';
import { applyCar } from './status-change';

const copy = ownerCopy.phoneBooking;

/** A new id for one booking attempt: the same id twice makes one booking (a double tap). */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The value after `ms` without a change (the no-show lookup follows the typing, not each key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/** "Ny telefonbooking": the button, and the dialog with the booking form. */
export function PhoneBookingDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <div>
        <Button size="lg" variant="secondary" className="w-full" onClick={() => setOpen(true)}>
          <CalendarPlus aria-hidden="true" />
          {copy.open}
        </Button>
      </div>
      {open ? <PhoneBookingForm onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function PhoneBookingForm({ onDone }: { onDone: () => void }) {
  const { services, SlotPicker } = useOwnerTools();
  const queryClient = useQueryClient();
  // one id per opened dialog: a second tap, or a retry after a lost answer, books once
  const [requestId] = useState(newRequestId);
  const [serviceId, setServiceId] = useState('');
  // the car size ('': the ordinary car) and the add-ons; the days and times are the job's
  const [job, setJob] = useState<JobChoice>(NO_CHOICE);
  const catalogue = useJobCatalogue();
  const source = useMemo(() => ownerJobSource(job), [job]);
  const [choice, setChoice] = useState<{ date: string; time: string } | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [plate, setPlate] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const contact = useSettled({ phone: phone.trim(), email: email.trim() }, 400);
  const lookup = contact.phone.replace(/\D/g, '').length >= 8 || contact.email.includes('@');
  const noShows = useQuery({
    queryKey: ownerKeys.noShows(contact.phone, contact.email),
    queryFn: () => api.customerNoShows(contact.phone, contact.email),
    enabled: lookup,
    staleTime: 60_000,
  });
  const onChoice = useCallback((next: { date: string; time: string } | null) => {
    setChoice(next);
    // a new time chosen: the refusal of the last one is past (a new picker starts with none)
    if (next) setProblem(null);
  }, []);

  const book = useMutation({
    mutationFn: () =>
      api.phoneBooking({
        requestId,
        serviceId,
        date: choice!.date,
        time: choice!.time,
        customerName: name.trim(),
        customerPhone: phone.trim(),
        customerEmail: email.trim(),
        carPlate: plate.trim(),
        notes: notes.trim(),
        carSize: job.carSize,
        addonIds: job.addonIds,
      }),
    onSuccess: async (answer) => {
      const when = danishDayTime(choice!.date, choice!.time);
      notify.success(
        answer.created
          ? copy.booked(answer.car.reference, when)
          : copy.existed(answer.car.reference),
        { id: `owner-booked-${requestId}` },
      );
      onDone();
      await applyCar(queryClient, answer.car);
    },
    onError: (error) => {
      setProblem(ownerMessage(error));
      // the time was refused (taken meanwhile): fresh days and times, the time chosen again
      if (error instanceof OwnerError && error.kind === 'refused') setAttempt((n) => n + 1);
    },
  });

  const ready = serviceId !== '' && choice !== null && name.trim() !== '' && phone.trim() !== '';
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready && !book.isPending) book.mutate();
  }

  const warning = lookup && noShows.data?.noShows ? noShows.data.warning : null;
  return (
    <DialogContent closeLabel={copy.close}>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.intro}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="owner-service">{copy.service}</Label>
          <select
            id="owner-service"
            required
            value={serviceId}
            onChange={(event) => {
              setServiceId(event.target.value);
              setJob(jobForPackage(catalogue.data, event.target.value, job));
              setChoice(null);
            }}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-base"
          >
            <option value="" disabled>
              {copy.servicePlaceholder}
            </option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </div>
        {serviceId && catalogue.data ? (
          <JobFields
            catalogue={catalogue.data}
            serviceId={serviceId}
            job={job}
            onChange={(next) => {
              setJob(next);
              setChoice(null);
            }}
          />
        ) : null}
        {serviceId && catalogue.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {copy.catalogueLoading}
          </p>
        ) : null}
        {serviceId && catalogue.isError ? (
          <p className="rounded-lg border border-destructive/60 p-3 text-sm">
            {copy.catalogueFailed}
          </p>
        ) : null}
        {serviceId ? (
          // another job is other days and times: the picker starts afresh
          <SlotPicker
            key={`${serviceId}-${source.key}-${attempt}`}
            serviceId={serviceId}
            source={source}
            onChange={onChoice}
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="owner-customer-name">{copy.name}</Label>
          <Input
            id="owner-customer-name"
            required
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="owner-customer-phone">{copy.phone}</Label>
          <Input
            id="owner-customer-phone"
            type="tel"
            required
            autoComplete="off"
            aria-describedby={warning ? 'owner-no-shows' : undefined}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
        <div role="status">
          {warning ? (
            <p id="owner-no-shows" className="rounded-lg border border-destructive/60 p-3 text-sm">
              {warning}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="owner-customer-email">{copy.email}</Label>
          <Input
            id="owner-customer-email"
            type="email"
            autoComplete="off"
            aria-describedby="owner-customer-email-hint"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <p id="owner-customer-email-hint" className="text-sm text-muted-foreground">
            {copy.emailHint}
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="owner-car-plate">{copy.plate}</Label>
          <Input
            id="owner-car-plate"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            value={plate}
            onChange={(event) => setPlate(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="owner-notes">{copy.notes}</Label>
          <Input
            id="owner-notes"
            autoComplete="off"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        {problem ? (
          <p role="alert" className="rounded-lg border border-destructive/60 p-3 text-sm">
            {problem}
          </p>
        ) : null}
        {!ready ? <p className="text-sm text-muted-foreground">{copy.chooseTime}</p> : null}
        <Button type="submit" size="lg" disabled={!ready || book.isPending}>
          {book.isPending ? copy.submitting : copy.submit}
        </Button>
      </form>
    </DialogContent>
  );
}
