import { expect, test, type Locator, type Page } from '@playwright/test';
import { keyHeaders, PUBLISHABLE_KEY } from '../local/keys';
import { solvedAltcha } from '../supabase/tests/helpers/challenge';
import { expectNoAxeViolations } from './support/axe';
import {
  calendar,
  calendarGrid,
  chooseDayAndTime,
  dateButton,
  GATEWAY,
  openContact,
  serviceSelect,
  submitButton,
  uniqueEmail,
} from './support/booking';

/**
 * On a phone (the `mobile` project, Pixel 7 with touch): a typo in the customer's fields is
 * answered at the field, every wrong field at once, before anything is sent; and a full day in the
 * date picker is struck through in red, in the dark and the light theme.
 */
test.skip(({ isMobile }) => !isMobile, 'phone journeys: run in the mobile project');

/** The server's messages, word for word (supabase/functions/_shared/customer-rules.ts). */
const MESSAGE = {
  name: 'Navnet skal være mellem 2 og 100 tegn.',
  email: 'Indtast en gyldig e-mailadresse.',
  phone:
    'Indtast et gyldigt telefonnummer: 8 cifre, f.eks. 20 11 22 33, eller et udenlandsk nummer med landekode, f.eks. +46 70 123 45 67.',
};

const GULD_POLISH_ID = '5a1f0001-0000-4000-8000-000000000005';

/** Switches the theme with the header's toggle (no reload: the page keeps its state). */
async function switchTheme(page: Page, to: 'light' | 'dark') {
  const toggle = page.getByRole('button', {
    name: to === 'light' ? 'Skift til lyst tema' : 'Skift til mørkt tema',
  });
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${to}\\b`));
}

async function expectMarked(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const id = await field.getAttribute('aria-describedby');
  await expect(field.page().locator(`[id="${id}"]`)).toHaveText(message);
  await expect(field.page().locator(`[id="${id}"]`)).toBeVisible();
}

/** The line of a day button and what it is drawn on: the colours as [r, g, b] and their contrast. */
function dayLine(button: Locator) {
  return button.evaluate((el) => {
    const rgb = (css: string) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return { rgb: [r!, g!, b!] as [number, number, number], alpha: a! };
    };
    let backdrop: Element | null = el;
    let bg = rgb(getComputedStyle(el).backgroundColor);
    while (backdrop && bg.alpha === 0) {
      backdrop = backdrop.parentElement;
      bg = backdrop ? rgb(getComputedStyle(backdrop).backgroundColor) : bg;
    }
    const style = getComputedStyle(el);
    const line = rgb(style.textDecorationColor).rgb;
    const luminance = ([r, g, b]: [number, number, number]) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const [hi, lo] = [luminance(line), luminance(bg.rgb)].sort((a, b) => b - a) as [number, number];
    return {
      decoration: style.textDecorationLine,
      thickness: parseFloat(style.textDecorationThickness),
      line,
      contrast: (hi + 0.05) / (lo + 0.05),
    };
  });
}

/** A line of a text or graph: seen against what it is drawn on (WCAG 1.4.11, 3:1) and red. */
async function expectRedStrike(button: Locator, context: string) {
  const { decoration, thickness, line, contrast } = await dayLine(button);
  expect(decoration, context).toContain('line-through');
  expect(thickness, `${context}: the line's thickness`).toBeGreaterThanOrEqual(2);
  expect(contrast, `${context}: the line against the calendar`).toBeGreaterThanOrEqual(3);
  const [r, g, b] = line;
  expect(r - Math.max(g, b), `${context}: red, rgb(${line.join(', ')})`).toBeGreaterThan(80);
}

/**
 * Books a Guldpakken polering (14 hours: the whole day and more on the one bay) at the first free
 * time of a bookable day from the `from`-th on, straight through the function as a visitor's form
 * would; returns the day, which is full from then on.
 */
async function fillADay(from: number): Promise<string> {
  const read = await fetch(`${GATEWAY}/rest/v1/rpc/get_booking_calendar`, {
    method: 'POST',
    headers: { ...keyHeaders(PUBLISHABLE_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_service_id: GULD_POLISH_ID }),
  });
  expect(read.status).toBe(200);
  const { days } = (await read.json()) as {
    days: { day: string; status: string; time?: string }[];
  };
  const bookable = days.filter((d) => d.status === 'bookable' && d.time).slice(from);
  for (const { day, time } of bookable.slice(0, 8)) {
    const created = await fetch(`${GATEWAY}/functions/v1/create-booking`, {
      method: 'POST',
      headers: { ...keyHeaders(PUBLISHABLE_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        serviceId: GULD_POLISH_ID,
        customerName: 'Fuld Dag',
        customerEmail: uniqueEmail('full-strike'),
        customerPhone: '+45 23 45 67 89',
        bookingDate: day,
        bookingTime: time,
        altcha: await solvedAltcha(GATEWAY),
      }),
    });
    if (created.status === 201) return day;
    // taken meanwhile by another journey: the next day
    expect(created.status, await created.text()).toBe(409);
  }
  throw new Error(`no bookable day from the ${from}-th on could be filled`);
}

test('three typos are marked at once, fixed, and booked with one more submit', async ({ page }) => {
  test.slow(); // a booking, two axe runs and a theme switch
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/create-booking')) creates.push(request.method());
  });
  await openContact(page, 'Sølvpakken');
  await expect(serviceSelect(page)).toHaveText('Sølvpakken');
  await chooseDayAndTime(page, 6);
  const name = page.locator('#form').getByLabel('Navn');
  const email = page.getByLabel('Email');
  const phone = page.locator('#form').getByLabel('Telefon');
  await name.fill('A');
  await email.fill('soren@gmail');
  await phone.fill('1234');
  await submitButton(page).tap();

  // all three at once, each with its message beside it; the focus (and the screen) on the first
  await expectMarked(name, MESSAGE.name);
  await expectMarked(email, MESSAGE.email);
  await expectMarked(phone, MESSAGE.phone);
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(page.getByText(MESSAGE.name)).toBeInViewport();
  // nothing sent, and no alarming toast for a typo
  expect(creates).toEqual([]);
  await expect(page.getByText('Fejl ved booking')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ring og book/ })).toHaveCount(0);

  await expectNoAxeViolations(page, 'three wrong fields, dark theme');
  await switchTheme(page, 'light');
  await expectMarked(name, MESSAGE.name);
  await expectNoAxeViolations(page, 'three wrong fields, light theme');

  // fixed: each message goes as its field is put right
  await name.fill('Søren Berg');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await email.fill(uniqueEmail('typos'));
  await expect(email).not.toHaveAttribute('aria-invalid');
  await phone.fill('20 11 22 33');
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(MESSAGE.phone)).toHaveCount(0);

  await submitButton(page).tap();
  const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
  await expect(confirmation).toBeInViewport();
  expect(creates).toEqual(['POST']);
});

test('a full day is struck through in red, in the dark and the light theme', async ({ page }) => {
  test.slow(); // a booking through the function, the calendar twice and axe
  const day = await fillADay(14);
  await openContact(page, 'Guldpakken polering');
  await expect(serviceSelect(page)).toHaveText('Guldpakken polering');

  const openDay = async () => {
    await dateButton(page).click();
    await expect(calendarGrid(page)).toBeVisible();
    const cell = calendar(page).locator(`td[data-day="${day}"]`);
    for (let month = 0; month < 3 && (await cell.count()) === 0; month += 1) {
      await calendar(page).getByRole('button', { name: 'Gå til næste måned' }).click();
    }
    return cell.getByRole('button');
  };

  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await switchTheme(page, 'light');
    const full = await openDay();
    await expect(full).toHaveAccessibleName(/, fuldt booket$/);
    await expect(full).toHaveCSS('text-decoration-line', 'line-through');
    await expectRedStrike(full, `a full day, ${theme} theme`);
    await expect(calendar(page)).toContainText('Rødt overstregede dage er fuldt booket');
    await expectNoAxeViolations(page, `calendar with a full day, ${theme} theme`);
    await page.keyboard.press('Escape');
    await expect(calendar(page)).toBeHidden();
  }

  // chosen (a full day may be tapped: the form offers the next free time), it stays struck through,
  // in the chosen day's text colour on its filled button
  const full = await openDay();
  await full.click();
  await expect(calendar(page)).toBeHidden();
  const chosen = await openDay();
  await expect(chosen.locator('xpath=..')).toHaveAttribute('aria-selected', 'true');
  const { decoration, contrast } = await dayLine(chosen);
  expect(decoration).toContain('line-through');
  expect(contrast, 'the line on the chosen day').toBeGreaterThanOrEqual(3);
});
