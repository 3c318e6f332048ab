// GoTrue's rate limits (github:supabase/auth, internal/api/apilimiter, internal/ratelimit), on an
// injectable clock so tests can move time instead of waiting:
// - per IP address, a token bucket (tollbooth): `events` per 5 minutes, refilled continuously,
//   holding at most 30 at once (GoTrue's burst), so a burst of 30 passes and the 31st is refused;
// - the e-mails of the whole project: `events` per hour in fixed windows (IntervalLimiter).
import { tooManyRequests } from './errors.ts';

export type Clock = () => number;

const BURST = 30;
const FIVE_MINUTES = 300;

/** One token bucket per key (the caller's IP address). */
export class IpLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly eventsPer5Minutes: number,
    private readonly now: Clock,
  ) {}

  allow(key: string): boolean {
    const now = this.now();
    const rate = this.eventsPer5Minutes / FIVE_MINUTES / 1000;
    const bucket = this.buckets.get(key) ?? { tokens: BURST, at: now };
    bucket.tokens = Math.min(BURST, bucket.tokens + Math.max(0, now - bucket.at) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now, rate);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Refuses as GoTrue's limitHandler does: 429 over_request_rate_limit. */
  check(key: string): void {
    if (!this.allow(key))
      throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }

  private forgetFull(now: number, rate: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + (now - b.at) * rate >= BURST) this.buckets.delete(key);
  }
}

/** `events` per window, counted in windows that start when the limiter does. */
export class IntervalLimiter {
  private last: number;
  private count = 0;

  constructor(
    private readonly events: number,
    private readonly windowMs: number,
    private readonly now: Clock,
  ) {
    this.last = now();
  }

  allow(): boolean {
    const now = this.now();
    const windows = Math.floor((now - this.last) / this.windowMs);
    if (windows > 0) {
      this.last += windows * this.windowMs;
      this.count = 0;
    }
    if (this.count < this.events) {
      this.count += 1;
      return true;
    }
    return false;
  }
}

export interface Limiters {
  otp: IpLimiter;
  verify: IpLimiter;
  token: IpLimiter;
  email: IntervalLimiter;
}

export function createLimiters(
  limits: {
    emailSent: number;
    signInSignUps: number;
    tokenVerifications: number;
    tokenRefresh: number;
  },
  now: Clock,
): Limiters {
  return {
    otp: new IpLimiter(limits.signInSignUps, now),
    verify: new IpLimiter(limits.tokenVerifications, now),
    token: new IpLimiter(limits.tokenRefresh, now),
    email: new IntervalLimiter(limits.emailSent, 3600_000, now),
  };
}
