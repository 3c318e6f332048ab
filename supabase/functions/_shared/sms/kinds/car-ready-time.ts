// Beside a new ready time.
import { WORKSHOP } from '../../email/business.ts';
import { danishDateTime } from '../../email/format.ts';
import { carReadyTime } from '../../email/kinds/car-ready-time.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsCarReadyTime = defineSms({
  kind: 'sms_car_ready_time',
  email: carReadyTime.payload,
  needs: [...SMS_BOOKING, 'newReadyAt'],
  text: (p) =>
    `${WORKSHOP.name}: Din bil (bookingnr. ${p.reference}) bliver klar ` +
    `${danishDateTime(p.newReadyAt)}. Ring på ${WORKSHOP.phone.display} hvis tiden ikke passer.`,
});
