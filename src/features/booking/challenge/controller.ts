// The booking form's side of the proof of work: a small object that the lazily loaded widget
// (booking-challenge.tsx) attaches to once it is mounted. The form asks it for a payload when the
// visitor sends a booking (waiting for the widget to load and finish if need be) and tells it to
// start over after every answer of create-booking (a challenge is good for one attempt).

/** What the widget component offers the form. */
export interface ChallengeHandle {
  /** The widget's field value once solved; solves (again) first if need be. */
  payload(): Promise<string>;
  /** The solved payload if there is one now (the usual case: solved since the first touch). */
  current(): string | null;
  /** Drops the current solution and solves a fresh challenge in the background. */
  renew(): void;
}

export class ChallengeController {
  private handle: ChallengeHandle | null = null;
  private waiting: ((handle: ChallengeHandle) => void)[] = [];
  private listeners = new Set<() => void>();
  /** The widget is wanted (the form was touched, or a payload asked for). */
  started = false;

  private soon = false;

  /** Wants the widget: its slot (not the whole form) renders it. */
  start = (): void => {
    if (this.started) return;
    this.started = true;
    for (const listener of this.listeners) listener();
  };

  /**
   * Wants the widget once the browser is idle (at most a second later): the first touch of the
   * form is a tap on a field whose list must open first; the widget's chunk (and its stylesheet,
   * a style recalculation of the whole page) would otherwise run between the tap's pointerdown
   * and its click.
   */
  startSoon = (): void => {
    if (this.started || this.soon) return;
    this.soon = true;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(this.start, { timeout: 1000 });
    else window.setTimeout(this.start, 50);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  attach(handle: ChallengeHandle): void {
    this.handle = handle;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(handle);
  }

  detach(handle: ChallengeHandle): void {
    if (this.handle === handle) this.handle = null;
  }

  /** The payload for one create-booking request. */
  async payload(): Promise<string> {
    const handle =
      this.handle ?? (await new Promise<ChallengeHandle>((resolve) => this.waiting.push(resolve)));
    return handle.payload();
  }

  renew(): void {
    this.handle?.renew();
  }

  current(): string | null {
    return this.handle?.current() ?? null;
  }
}
