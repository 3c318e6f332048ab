import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { notify } from '~/lib/toast';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { bookingCopy } from '~/content/booking';
import { business } from '~/content/business';
import { sitePages } from '~/content/site-pages';
import { termsText } from '~/content/terms';
import {
  newIdempotencyKey,
  timeTaken,
  useCreateBooking,
  type BookingInput,
  type CreatedBooking,
} from '../api/create-booking';
import { BookingApiError, isUnreachable } from '../api/errors';
import { challengeFailed, waitingForChallenge } from '../challenge/copy';
import { useBookingChallenge } from '../challenge/use-booking-challenge';
import { byName, useServices, type BookingService } from '../api/get-services';
import { type EarlyPresses, takeEarlyPresses } from '../early-press';
import { useJobCatalogue } from '~/lib/job-catalogue';
import { useOptionalSiteData } from '~/lib/site-data';
import { matchService, serviceHint } from '../rules/preselect';
import { nextFreeTime } from '../rules/next-free-time';
import { bookingSummary } from '../rules/summary';
import {
  checkCustomerFields,
  isCustomerField,
  NO_FIELD_ERRORS,
  recheckField,
  type CustomerField,
  type FieldErrors,
} from '../rules/customer-fields';
import { BookingConfirmation } from './booking-confirmation';
import { BookingQueryProvider } from './booking-query-provider';
import { BookingSummary } from './booking-summary';
import { callToBook } from './call-to-book';
import { CustomerFields } from './customer-fields';
import { DateField } from './date-field';
import { NextFreeTime } from './next-free-time';
import { ServiceField, type ServiceFieldControl } from './service-field';
import { TimeField } from './time-field';
import { useSlotChoice } from './use-slot-choice';
import { JobFields } from './job-fields';
import { useJob } from './use-job';
import { jobKey, NO_CHOICE, type JobChoice, type JobQuote } from '~/lib/job';
import { WAITLIST_QUERY, waitlistCopy } from '~/content/waitlist';

// only a failure needs it: loaded when the backend first fails to answer (if even that import
// fails, the same words without their frame)
const OutageNotice = lazy(() =>
  import('./outage-notice').catch(() => ({
    default: () => (
      <p role="alert">
        {bookingCopy.outage.before}
        {business.phone.display}
        {bookingCopy.outage.after}
      </p>
    ),
  })),
);

// "Skriv mig op": only a chosen full day needs it (and the receipt's leave link its own part)
const WaitlistOffer = lazy(() => import('./waitlist-offer'));
const WaitlistLeave = lazy(() => import('./waitlist-leave'));

/**
 * What the waiting list's e-mail links carry: the day to open and the job's car size and add-ons
 * (as `size|id,id`, jobKey's form, or null), or the leave link's token.
 */
function waitlistLink(search: string): {
  day: string | null;
  job: string | null;
  leave: string | null;
} {
  const query = new URLSearchParams(search);
  const day = query.get(WAITLIST_QUERY.day);
  const size = query.get(WAITLIST_QUERY.size) ?? '';
  const addons = query.get(WAITLIST_QUERY.addons) ?? '';
  const leave = query.get(WAITLIST_QUERY.leave);
  const job = `${size}|${addons}`;
  return {
    day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    // only what could be a size's code and add-on ids; the package's own offer sorts out the rest
    job:
      (size || addons) && /^[a-z0-9-]{0,40}\|([0-9a-f-]{36}(,[0-9a-f-]{36}){0,19})?$/.test(job)
        ? job
        : null,
    leave: leave && /^[0-9a-f]{64}$/.test(leave) ? leave : null,
  };
}

/** The form's id: the submit button sits after the robot check, outside the form, and names it. */
const FORM_ID = 'booking-form';

/**
 * Focuses the form's first marked field and brings it, its label and its message into view (in
 * the middle of the screen: the sticky header covers the top).
 */
function showFirstWrongField() {
  const field = document
    .getElementById(FORM_ID)
    ?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  (field.parentElement ?? field).scrollIntoView?.({ block: 'center' });
}

/** Set once a booking form has mounted in this document: later forms render the hint at once. */
let formMounted = false;

/** The booking form of /contact (#form), with its own data layer. */
export function BookingForm() {
  const location = useLocation();
  const hint = serviceHint(location.state, location.search);
  // The prerendered HTML knows no query string or navigation state: the preselection follows
  // hydration, so that hydration matches the HTML. It comes as a transition (a render React can
  // interrupt for a tap), and the card re-renders only when there is a hint (memo).
  const [hydrated, setHydrated] = useState(formMounted);
  useEffect(() => {
    formMounted = true;
    startTransition(() => setHydrated(true));
  }, []);
  return (
    <BookingQueryProvider>
      {/* a new navigation with another service starts over with that service */}
      <BookingFormCard
        key={hint ?? ''}
        hint={hydrated ? hint : null}
        linkDay={hydrated ? waitlistLink(location.search).day : null}
        linkJob={hydrated ? waitlistLink(location.search).job : null}
        leaveToken={hydrated ? waitlistLink(location.search).leave : null}
      />
    </BookingQueryProvider>
  );
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function showMissingToast() {
  const { title, description } = bookingCopy.toasts.missing;
  notify.error(title, { id: 'booking-missing', description });
}

/**
 * True once the browser is idle after the form has hydrated (at most a second later): the
 * services query starts then, not in the hydration's own task (its fetch, the Supabase client's
 * import and react-query's first results were a third of that task under a 4x slower CPU).
 */
function useIdleAfterHydration(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const go = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(go, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(go, 100);
    return () => window.clearTimeout(id);
  }, [idle]);
  return idle;
}

const BookingFormCard = memo(function BookingFormCard({
  hint,
  linkDay,
  linkJob,
  leaveToken,
}: {
  hint: string | null;
  /** The day a waiting list's "ledig tid" link opens (yyyy-MM-dd). */
  linkDay: string | null;
  /** The car size and add-ons the link names, as `size|id,id`. */
  linkJob: string | null;
  leaveToken: string | null;
}) {
  const siteData = useOptionalSiteData();
  // the build's services stand in until the database's answer; without them, ask at once
  const idle = useIdleAfterHydration();
  const services = useServices(idle || !siteData?.services);
  const createBooking = useCreateBooking();
  const challenge = useBookingChallenge();
  const [awaitingChallenge, setAwaitingChallenge] = useState(false);

  // undefined: the visitor has not picked yet, so the service a link asked for is shown
  const [serviceChoice, setServiceChoice] = useState<string | null | undefined>(undefined);
  const [confirmation, setConfirmation] = useState<{
    booking: CreatedBooking;
    price: number;
    quote: JobQuote | null;
  } | null>(null);
  // the car's size and the add-ons, kept through a change of package where it offers them
  const [jobChoice, setJobChoice] = useState<JobChoice>(NO_CHOICE);
  const serviceTrigger = useRef<HTMLButtonElement | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  // The customer's fields that are wrong, each with the server's message: all of them at once, from
  // the server's own rules before anything is sent, or the one field the server still refused.
  // The first of them gets the focus once the fields are marked and enabled again (focusWrong).
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const focusWrong = useRef(false);
  const markFields = useCallback((errors: FieldErrors) => {
    focusWrong.current = true;
    setFieldErrors(errors);
  }, []);
  // a marked field's message goes as soon as the visitor has put it right
  const editField = useCallback(
    (field: CustomerField, value: string, settled: boolean) =>
      setFieldErrors((errors) => recheckField(errors, field, value, settled)),
    [],
  );

  // opens the service field's list (the hand-over of an open early list); the open state lives
  // in the field, so that opening and closing the list does not re-render this card
  const serviceControl = useRef<ServiceFieldControl | null>(null);
  // Tab held on the service field after an early choice: the next field (the job's, or the date)
  // gets the focus as soon as that choice has shown or enabled it
  const focusDateOnService = useRef(false);

  // The database's active services (the services query). Until its first answer, and while the
  // backend cannot be reached: the same rows as the build read them from the database (the site
  // data), so the prerendered field is usable at once and a choice made is kept through an outage.
  const buildServices = siteData?.services;
  const serviceList = useMemo<BookingService[]>(() => {
    if (services.data) return services.data;
    if (!buildServices) return [];
    return buildServices
      .map(({ id, name, price, durationMinutes, category }) => ({
        id,
        name,
        price,
        duration_minutes: durationMinutes,
        category,
      }))
      .sort(byName);
  }, [services.data, buildServices]);
  const preselected = useMemo(() => matchService(serviceList, hint), [serviceList, hint]);
  const serviceId = serviceChoice === undefined ? (preselected?.id ?? null) : serviceChoice;
  const service = serviceList.find((candidate) => candidate.id === serviceId) ?? null;

  // the job: the size and add-ons as the package offers them, and the whole job's price
  const {
    job,
    sizes: offeredSizes,
    addons: offeredAddons,
    quote,
  } = useJob(service, useJobCatalogue(), jobChoice);
  const {
    calendar,
    date,
    slots,
    readyAt,
    loadingSlots,
    slotsFailed,
    slotsError,
    time: chosenTime,
    onlyTime,
    pickDate,
    pickTime,
    pickDayAndTime,
    clearTime,
    clear: clearSlot,
  } = useSlotChoice(service?.id ?? null, undefined, job);

  // The backend cannot be reached: a read failed (it is asked again by itself, with backoff, and
  // the notice goes when it answers), or the booking itself got no answer (then the calendar is
  // asked again as the probe: answered, the notice goes; failed, the calendar's own failure holds
  // the notice until it answers).
  // An answered failure of a read gets the spec's toast instead (booking-query-provider.tsx): the
  // visitor is told once either way.
  const [sendFailed, setSendFailed] = useState(false);
  const outage =
    (services.isError && isUnreachable(services.error)) ||
    (calendar.isError && isUnreachable(calendar.error)) ||
    (slotsFailed && isUnreachable(slotsError)) ||
    sendFailed;

  // The chosen day has no free time (full, or closed for the package): the next free time, as the
  // database answered it in the calendar
  const dayWithoutTime =
    date !== null && !loadingSlots && !slotsFailed && slots.length === 0 && !!calendar.data;
  const nextFree = useMemo(
    () => (dayWithoutTime ? nextFreeTime(calendar.data, date) : null),
    [dayWithoutTime, calendar.data, date],
  );
  // a chosen day that is full for the package: its waiting list is offered
  const fullDay =
    dayWithoutTime && calendar.data?.days.find((d) => d.day === date)?.status === 'full';

  // the waiting list's link chooses the job he signed up with (what the package no longer offers
  // drops out, as for any choice), once
  const linkJobTaken = useRef(false);
  useEffect(() => {
    if (!linkJob || linkJobTaken.current) return;
    linkJobTaken.current = true;
    const [carSize = '', ids = ''] = linkJob.split('|');
    setJobChoice({ carSize, addonIds: ids ? ids.split(',') : [] });
  }, [linkJob]);
  // the waiting list's link opens its day once the calendar has answered (a day outside the
  // window stays unchosen); if the day is full again, someone else on the list was first
  const linkDayTaken = useRef(false);
  useEffect(() => {
    if (!linkDay || linkDayTaken.current || !service || !calendar.data) return;
    linkDayTaken.current = true;
    const known = calendar.data.days.find((d) => d.day === linkDay);
    if (known && (known.status === 'bookable' || known.status === 'full')) {
      pickDate(linkDay);
    }
  }, [linkDay, service, calendar.data, pickDate]);
  // stable, so that the memoised fields re-render only when their own props change
  const pickService = useCallback(
    (id: string) => {
      setServiceChoice(id);
      clearSlot();
    },
    [clearSlot],
  );

  // what the visitor pressed before the form had hydrated is answered now (early-press.ts; the
  // presses are outside React). In a task of its own after the hydration's: opening the form's
  // list in the same task as the hydration's commit and effects made one long task of both
  // (404-793 ms under a 4x slower CPU at load 7-12) that a second tap had to wait for. Until this
  // task runs, the early script still answers the field and its list, and after it until a press
  // the early script is answering has ended (takeEarlyPresses).
  const challengeStartSoon = challenge.startSoon;
  useEffect(() => {
    let live = true;
    const takeOver = window.setTimeout(() => takeEarlyPresses(answer), 0);
    function answer(early: EarlyPresses) {
      if (!live) return;
      // the form was touched (the early presses never reached React): the widget starts as
      // the form's own first touch would have started it
      if (early.open || early.pick || early.missing) challengeStartSoon();
      if (early.pick && early.tab) focusDateOnService.current = true;
      if (early.pick || early.open) {
        // the choice and the list in this same task: a key pressed right after it (Tab to the
        // date, which the choice enables) must find the form as the early script left it, and
        // the form's list takes the focus from the early list (just closed) at once
        flushSync(() => {
          if (early.pick) pickService(early.pick);
          if (early.open) serviceControl.current?.open(early.active ?? null);
        });
      }
      if (early.open) {
        // if the form's list opened already (React hydrated the form on that very key press),
        // the focus the early list had goes to the same option in it
        requestAnimationFrame(() => {
          const list = document.getElementById('booking-service-list');
          if (!list || list.contains(document.activeElement)) return;
          const all = Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'));
          (all.find((option) => option.dataset.value === early.active) ?? all[0])?.focus();
        });
      } else if (early.missing && !early.pick) showMissingToast();
    }
    return () => {
      live = false;
      window.clearTimeout(takeOver);
    };
  }, [pickService, challengeStartSoon]);

  useEffect(() => {
    if (!service || !focusDateOnService.current) return;
    focusDateOnService.current = false;
    // the field after the service: the car's size (the radio chosen), else the first add-on,
    // else the date (a package without either)
    const form = document.getElementById(FORM_ID);
    const next =
      form?.querySelector<HTMLInputElement>('input[name="carSize"]:checked') ??
      form?.querySelector<HTMLInputElement>('input[name="addonIds"]') ??
      form?.querySelector<HTMLButtonElement>('[aria-labelledby^="booking-date-label"]');
    next?.focus();
  }, [service]);

  const ready = service !== null && date !== null && chosenTime !== null;
  const submitting = createBooking.isPending || awaitingChallenge;

  useEffect(() => {
    // while the booking is on its way the fields are disabled and cannot take the focus
    if (!focusWrong.current || submitting) return;
    focusWrong.current = false;
    showFirstWrongField();
  }, [fieldErrors, submitting]);

  const summary = useMemo(
    () =>
      service && date && chosenTime
        ? bookingSummary({
            service,
            date,
            time: chosenTime,
            readyAt: readyAt[chosenTime],
            openingHours: siteData?.openingHours,
            quote,
          })
        : null,
    [service, date, chosenTime, readyAt, siteData?.openingHours, quote],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!ready) {
      showMissingToast();
      return;
    }
    const form = event.currentTarget;
    const data = new FormData(form);
    // what the server would refuse in the customer's fields is marked at those fields, all at
    // once, and nothing is sent
    const wrong = checkCustomerFields(data);
    if (Object.keys(wrong).length > 0) {
      markFields(wrong);
      return;
    }
    if (fieldErrors !== NO_FIELD_ERRORS) setFieldErrors(NO_FIELD_ERRORS);
    const price = quote?.price ?? service.price;
    const input = {
      serviceId: service.id,
      // the size and add-ons only when chosen: the package alone is the spec's body as it was
      ...(job.carSize ? { carSize: job.carSize } : {}),
      ...(job.addonIds.length > 0 ? { addonIds: [...job.addonIds] } : {}),
      customerName: text(data, 'customerName'),
      customerEmail: text(data, 'customerEmail'),
      customerPhone: text(data, 'customerPhone'),
      bookingDate: date,
      bookingTime: chosenTime,
      notes: text(data, 'notes'),
      sms: data.get('sms') === 'ja',
      website: text(data, 'website'),
      // the optional one-line fields, each under the key it posts
      ...Object.fromEntries(
        bookingCopy.fields.optional.map((field) => [field.name, text(data, field.name)]),
      ),
    } as BookingInput;
    // the same booking sent again (e.g. after a lost answer) keeps its key: never booked twice
    const fingerprint = JSON.stringify(input);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    const idempotencyKey = attempt.current.key;
    // the proof of work: solved in the background since the first touch of the form; if it is not
    // done yet, the button says so and the booking leaves as soon as it is
    const solved = challenge.current();
    if (solved) {
      send({ ...input, altcha: solved }, idempotencyKey, form, price, quote);
      return;
    }
    setAwaitingChallenge(true);
    challenge.payload().then(
      (altcha) => {
        setAwaitingChallenge(false);
        send({ ...input, altcha }, idempotencyKey, form, price, quote);
      },
      () => {
        setAwaitingChallenge(false);
        notify.error(challengeFailed.title, {
          id: 'booking-failed',
          description: challengeFailed.description,
          action: callToBook,
        });
      },
    );
  }

  function send(
    input: BookingInput,
    idempotencyKey: string,
    form: HTMLFormElement,
    price: number,
    sentQuote: JobQuote | null,
  ) {
    createBooking.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (booking) => {
          attempt.current = null;
          const { title, description } = bookingCopy.toasts.success;
          notify.success(title, { description });
          setConfirmation({ booking, price, quote: sentQuote });
          setServiceChoice(null);
          setJobChoice(NO_CHOICE);
          clearSlot();
          setFieldErrors(NO_FIELD_ERRORS);
          form.reset();
        },
        onError: (error) => {
          // a field the server still refused (a rule the form could not check, or a form older
          // than the rule): marked at the field like the form's own check, not a booking failure
          const answer = error instanceof BookingApiError ? error.answer : undefined;
          if (answer?.kind === 'rejected' && isCustomerField(answer.field)) {
            markFields({ [answer.field]: answer.message });
            challenge.renew();
            return;
          }
          // no answer, or the platform's failure without a word of our function's own: the
          // backend is out of reach
          if (
            error instanceof BookingApiError &&
            (error.status === undefined || (error.status >= 500 && !error.serverMessage))
          ) {
            setSendFailed(true);
            void calendar.refetch().finally(() => setSendFailed(false));
          }
          const { title, fallback } = bookingCopy.toasts.bookingFailed;
          const message = error instanceof BookingApiError ? error.serverMessage : undefined;
          notify.error(title, {
            id: 'booking-failed',
            description: message ?? fallback,
            action: callToBook,
          });
          // the slot was just taken: the hook reloads the slots; the time must be chosen again
          if (timeTaken(error)) clearTime();
          // a challenge is good for one attempt: a fresh one is solved in the background, so that
          // a refusal (also one about the challenge: expired or used) can be sent again at once
          // (after a booking the confirmation replaces the form and its widget)
          challenge.renew();
        },
      },
    );
  }

  /** Enter in a text field cannot submit while the button is disabled: say what is missing. */
  function keyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || ready || submitting) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLInputElement && target.form === event.currentTarget) {
      event.preventDefault();
      showMissingToast();
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 id="booking-heading" className="text-2xl font-semibold leading-none tracking-tight">
          {bookingCopy.heading}
        </h2>
        <CardDescription>{bookingCopy.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {leaveToken ? (
          <Suspense fallback={null}>
            <WaitlistLeave token={leaveToken} />
          </Suspense>
        ) : null}
        {confirmation ? (
          <BookingConfirmation
            booking={confirmation.booking}
            price={confirmation.price}
            quote={confirmation.quote}
            onBookAgain={() => {
              setConfirmation(null);
              // the form comes back empty; focus goes to its first field
              requestAnimationFrame(() => serviceTrigger.current?.focus());
            }}
          />
        ) : (
          <form
            id={FORM_ID}
            {...challenge.triggers}
            onSubmit={submit}
            onKeyDown={keyDown}
            // the customer's fields are checked by the server's rules, with its Danish messages, all
            // wrong fields at once (the browser's own check stops at the first, in its own words)
            noValidate
            aria-labelledby="booking-heading"
            className="relative grid gap-5"
          >
            {outage ? (
              <Suspense fallback={null}>
                <OutageNotice />
              </Suspense>
            ) : null}
            <ServiceField
              triggerRef={serviceTrigger}
              controlRef={serviceControl}
              services={serviceList}
              loading={services.isPending && serviceList.length === 0}
              value={service?.id ?? null}
              onChange={pickService}
              openingHours={siteData?.openingHours}
            />
            {service ? (
              <JobFields
                sizes={offeredSizes}
                addons={offeredAddons}
                choice={job}
                onChange={setJobChoice}
                quote={quote}
                openingHours={siteData?.openingHours}
                disabled={submitting}
              />
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <DateField
                value={date}
                onChange={pickDate}
                disabled={service === null}
                calendar={calendar.data}
                calendarFailed={calendar.isError || outage}
              />
              <TimeField
                slots={slots}
                value={chosenTime}
                onChange={pickTime}
                hasDate={date !== null}
                loading={loadingSlots}
                date={date}
                readyAt={readyAt}
                onlyTime={onlyTime}
              />
            </div>
            {linkDay !== null && fullDay && date === linkDay && !outage ? (
              <p role="status" data-testid="waitlist-taken" className="text-sm font-medium">
                {waitlistCopy.taken}
              </p>
            ) : null}
            {dayWithoutTime && !outage ? (
              <NextFreeTime
                next={nextFree}
                onTake={(next) => pickDayAndTime(next.day, next.time)}
              />
            ) : null}
            {fullDay && service && date && !outage ? (
              <Suspense fallback={null}>
                <WaitlistOffer
                  key={`${service.id}:${jobKey(job)}:${date}`}
                  serviceId={service.id}
                  job={job}
                  day={date}
                  payload={challenge.payload}
                  renew={challenge.renew}
                />
              </Suspense>
            ) : null}
            {summary ? <BookingSummary summary={summary} /> : null}
            <CustomerFields disabled={submitting} errors={fieldErrors} onEdit={editField} />
          </form>
        )}
        {/* The robot check's status line, above the button it holds up. Outside the form: the
            widget's own required checkbox must not hold up the submit, so the button is outside
            too and names its form. */}
        {confirmation ? null : challenge.element}
        {confirmation ? null : (
          <div className="grid gap-3">
            <div className="relative grid">
              <Button type="submit" form={FORM_ID} size="lg" disabled={submitting || !ready}>
                {awaitingChallenge
                  ? waitingForChallenge
                  : submitting
                    ? bookingCopy.submitting
                    : bookingCopy.submit}
              </Button>
              {!ready && !submitting ? (
                // a disabled button gets no clicks: this layer over it says what is missing on a
                // tap, as Enter in a field does (keyboard users never reach a disabled button)
                <span
                  aria-hidden="true"
                  data-testid="submit-missing"
                  data-early-missing=""
                  className="absolute inset-0 cursor-not-allowed"
                  onClick={showMissingToast}
                />
              ) : null}
            </div>
            <p className="text-center text-sm text-muted-foreground">
              {termsText.acceptPrefix}{' '}
              <Link
                to={sitePages.terms.path}
                className="font-medium text-foreground underline underline-offset-4"
              >
                {termsText.link.toLowerCase()}
              </Link>
              .
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
});
