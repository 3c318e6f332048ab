// Every SMS kind: the dispatch table of renderSms, and what the server test holds SQL's SMS rows
// to. A new SMS is one module here, one line in public.sms_kind and its kind in
// email_outbox_kind_check.
import type { SmsEntry, SmsKind } from '../message.ts';
import { smsBookingConfirmation } from './booking-confirmation.ts';
import { smsBookingMoved } from './booking-moved.ts';
import { smsBookingReminder } from './booking-reminder.ts';
import { smsCancellationConfirmation } from './cancellation-confirmation.ts';
import { smsCarReadyTime } from './car-ready-time.ts';
import { smsCarReady } from './car-ready.ts';
import { smsWaitlistFree } from './waitlist-free.ts';

export const SMS_MESSAGES: Record<SmsKind, SmsEntry> = {
  sms_booking_confirmation: smsBookingConfirmation,
  sms_booking_reminder: smsBookingReminder,
  sms_booking_moved: smsBookingMoved,
  sms_cancellation_confirmation: smsCancellationConfirmation,
  sms_car_ready: smsCarReady,
  sms_car_ready_time: smsCarReadyTime,
  sms_waitlist_free: smsWaitlistFree,
};
