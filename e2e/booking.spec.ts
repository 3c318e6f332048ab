import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectNoAxeViolations } from './support/axe';
import { seededSiteData } from '../tests/support/site-data';
import {
  bookingDay,
  bookingTime,
  calendar,
  calendarGrid,
  chooseBookableDay,
  chooseDayAndTime,
  chooseService,
  chooseTime,
  completeFormByKeyboard,
  dateButton,
  fillCustomer,
  offeredTimes,
  openContact,
  openServiceListByKeyboard,
  pickFocusedOption,
  serviceSelect,
  submitButton,
  timeSelect,
  uniqueEmail,
} from './support/booking';

/**
 * The booking journeys on the production build and the embedded stack (no mocks). The e2e
 * database is fresh per run; each test books its own day (the n-th bookable day in the calendar)
 * and its own e-mail address, so the tests do not depend on each other.
 */

/** The six seeded packages (the fixture supabase/tests/site-data.test.ts holds to the seed). */
const PACKAGES = seededSiteData.services.map((service) => service.name);

function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /Notifikationer/ }).getByText(text, { exact: true });
}

/** The value of a row of the form's summary, by its term ('Dato', 'Aflevering'). */
function summaryValue(summary: Locator, term: string): Locator {
  return summary.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

/** The toast of a press on "Book tid" while service, date or time is missing. */
async function expectMissingFieldsToast(page: Page) {
  await expect(toast(page, 'Manglende oplysninger')).toBeVisible();
  await expect(toast(page, 'Vælg venligst service, dato og tid.')).toBeVisible();
}

/**
 * axe with a list open (service or time: non-modal listboxes, the rest of the page stays as it
 * is): the whole page against every WCAG A/AA rule, and the open list also against the
 * best-practice rules (the page-level best-practice rules are checked with the list closed).
 */
async function expectOpenListboxAccessible(page: Page, context: string) {
  const wholePage = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    wholePage.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `axe WCAG violations on the whole page (${context})`,
  ).toEqual([]);
  const results = await new AxeBuilder({ page })
    .include('[data-radix-popper-content-wrapper]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations (${context})`).toEqual([]);
  expect(results.passes.length, 'axe checked the open list').toBeGreaterThan(0);
}

test.describe('booking on /contact', () => {
  test('book a wash and see the confirmation', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openContact(page);
    await chooseService(page, 'Sølvpakken');
    await chooseDayAndTime(page, 0);
    const summary = page.getByRole('region', { name: 'Oversigt' });
    await expect(summary).toContainText('Sølvpakken');
    await expect(summary).toContainText('30 min');
    await expect(summary).toContainText('199 kr.');
    // the date and time rows are the booking's time in the site's one style
    const when = `${await summaryValue(summary, 'Dato').textContent()} ${await summaryValue(summary, 'Aflevering').textContent()}`;
    expect(when).toMatch(bookingTime);
    await fillCustomer(page, uniqueEmail('wash'));
    await submitButton(page).click();

    await expect(toast(page, 'Booking bekræftet!')).toBeVisible();
    await expect(
      toast(page, 'Din booking er oprettet. Du modtager en bekræftelse på email.'),
    ).toBeVisible();
    const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
    await expect(confirmation).toContainText('Bookingen er bekræftet med det samme');
    await expect(confirmation.getByTestId('booking-reference')).toHaveText(/^[A-Z0-9]{8}$/);
    await expect(confirmation).toContainText(when);
    // the confirmation replaces the form, with the price and a way to book again
    await expect(confirmation).toContainText('199 kr.');
    await expect(serviceSelect(page)).toBeHidden();
    await confirmation.getByRole('button', { name: 'Book en tid mere' }).click();
    await expect(confirmation).toBeHidden();
    // the form starts over
    await expect(serviceSelect(page)).toBeFocused();
    await expect(serviceSelect(page)).toHaveText('Vælg en service');
    await expect(dateButton(page)).toBeDisabled();
    await expect(timeSelect(page)).toHaveText('Vælg først en dato');
    // hydration of the prerendered form and the whole booking ran without errors
    expect(errors).toEqual([]);
  });

  test('book the 18-hour polish and see its ready time on a later day', async ({ page }) => {
    await openContact(page, 'Premiumpakken polering');
    await expect(serviceSelect(page)).toHaveText('Premiumpakken polering');
    await chooseDayAndTime(page, 4);
    const summary = page.getByRole('region', { name: 'Oversigt' });
    await expect(summary).toContainText('18 timer');
    await expect(summary).toContainText('3.600 kr.');
    await expect(summary).toContainText('Klar til afhentning');
    const dropOffDay = (await summaryValue(summary, 'Dato').textContent()) ?? '';
    const readyAt = (await summary.locator('dd').last().textContent()) ?? '';
    // ready on a later day than the drop-off, e.g. 'tirsdag den 1. december 2026 kl. 16:00'
    expect(dropOffDay).toMatch(bookingDay);
    expect(readyAt).toMatch(bookingTime);
    expect(dropOffDay.toLowerCase()).not.toContain(readyAt.replace(/ kl\..*$/, '').toLowerCase());
    await fillCustomer(page, uniqueEmail('polish'));
    await submitButton(page).click();
    const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
    await expect(confirmation).toContainText('Klar til afhentning');
    await expect(confirmation).toContainText(readyAt);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });

    test('a day a multi-day job filled says it is full (a tap offers the next free time)', async ({
      page,
    }) => {
      test.slow(); // a booking and a second visit
      await openContact(page, 'Guldpakken polering');
      await expect(serviceSelect(page)).toHaveText('Guldpakken polering');
      const { day, time } = await chooseDayAndTime(page, 12);
      // a job longer than the day starts at opening and says when it is ready
      await expect(page.locator('#booking-time-ready')).toContainText('Klar til afhentning');
      await fillCustomer(page, uniqueEmail('full-day'));
      await submitButton(page).click();
      await expect(page.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible();
      expect(time).toMatch(/^\d{2}:\d{2}$/);
      // the same package again: the calendar (one fresh request) now marks that day full
      const calendarAnswers: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/rpc/get_booking_calendar')) {
          calendarAnswers.push(request.url());
        }
      });
      await page.reload(); // the same URL: goto would only move to #form
      await expect(serviceSelect(page)).toHaveText('Guldpakken polering');
      await dateButton(page).click();
      await expect(calendarGrid(page)).toBeVisible();
      const cell = calendar(page).locator(`td[data-day="${day}"]`);
      for (let month = 0; month < 3 && (await cell.count()) === 0; month += 1) {
        await calendar(page).getByRole('button', { name: 'Gå til næste måned' }).click();
      }
      // struck through and named full, yet tappable: booking-flow.spec.ts takes the offer
      await expect(cell).not.toHaveAttribute('data-disabled', 'true');
      await expect(cell.getByRole('button')).toHaveAccessibleName(/, fuldt booket$/);
      await expect(calendar(page)).toContainText('Rødt overstregede dage er fuldt booket');
      expect(calendarAnswers).toHaveLength(1);
      await expectNoAxeViolations(page, 'calendar with a full day');
    });

    test("a multi-day job's only time is chosen for the visitor, and the confirmation says where and how to pay", async ({
      page,
    }) => {
      await openContact(page, 'Premiumpakken polering');
      await expect(serviceSelect(page)).toHaveText('Premiumpakken polering');
      await chooseBookableDay(page, 16);
      // the one drop-off time (opening time) is chosen without opening the list, and said so
      await expect(timeSelect(page)).toHaveText(/^\d{2}:\d{2}$/);
      const time = (await timeSelect(page).textContent()) ?? '';
      await expect(timeSelect(page)).toHaveAccessibleDescription(
        new RegExp(`^Eneste mulige tid den dag – bilen afleveres kl\\. ${time}\\.`),
      );
      const summary = page.getByRole('region', { name: 'Oversigt' });
      await expect(summary).toContainText(`kl. ${time}`);
      await fillCustomer(page, uniqueEmail('only-time'));
      await submitButton(page).tap();
      const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
      await expect(confirmation).toContainText('Virkelyst 7B, 6000 Kolding');
      await expect(confirmation).toContainText(
        'Du betaler, når du henter bilen: med betalingskort, MobilePay eller kontant.',
      );
    });

    test('a tap on the disabled "Book tid" says what is missing', async ({ page }) => {
      await openContact(page);
      await expect(submitButton(page)).toBeDisabled();
      await submitButton(page).tap({ force: true }); // a finger lands on the button's place
      await expectMissingFieldsToast(page);
    });

    test('after a booking the confirmation replaces the form, in view', async ({ page }) => {
      await openContact(page, 'Sølvpakken');
      await expect(serviceSelect(page)).toHaveText('Sølvpakken');
      await chooseDayAndTime(page, 2);
      await fillCustomer(page, uniqueEmail('phone'));
      await submitButton(page).tap();
      const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
      await expect(confirmation).toBeInViewport();
      await expect(confirmation).toContainText('199 kr.');
      await expect(serviceSelect(page)).toBeHidden();
      await expect(submitButton(page)).toBeHidden();
      await expect(confirmation.getByRole('button', { name: 'Book en tid mere' })).toBeVisible();
    });
  });

  test('two visitors race for one slot: the loser sees the conflict and fresh slots', async ({
    browser,
  }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    try {
      const pages = await Promise.all(contexts.map((context) => context.newPage()));
      const [first, second] = pages as [Page, Page];
      await openContact(first, 'Guldpakken');
      const { index, time } = await chooseDayAndTime(first, 2);
      await fillCustomer(first, uniqueEmail('race0'));
      await openContact(second, 'Guldpakken');
      await chooseBookableDay(second, index);
      await offeredTimes(second);
      await chooseTime(second, time);
      await fillCustomer(second, uniqueEmail('race1'));
      await Promise.all(pages.map((page) => submitButton(page).click()));

      const outcome = async (page: Page) => {
        const won = toast(page, 'Booking bekræftet!');
        const lost = toast(page, 'Fejl ved booking');
        await expect(won.or(lost)).toBeVisible({ timeout: 15_000 });
        return (await won.isVisible()) ? 'won' : 'lost';
      };
      const results = await Promise.all(pages.map(outcome));
      expect([...results].sort()).toEqual(['lost', 'won']);
      const loserPage = pages[results.indexOf('lost')]!;
      await expect(
        toast(
          loserPage,
          'Tidspunktet er desværre lige blevet booket. Vælg venligst et andet tidspunkt.',
        ),
      ).toBeVisible();
      await expect(timeSelect(loserPage)).toHaveText('Vælg et tidspunkt');
      const fresh = await offeredTimes(loserPage);
      expect(fresh).not.toContain(time);
      await loserPage.keyboard.press('Escape');
      await expect(serviceSelect(loserPage)).toHaveText('Guldpakken');
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test('each package link preselects its own package', async ({ page }) => {
    test.slow(); // eight page loads
    for (const source of ['/', '/services']) {
      await page.goto(source);
      const links = page.getByRole('link', { name: /^(Vælg pakke|Book service): / });
      const names = await links.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('aria-label') ?? ''),
      );
      expect(names.length, `package links on ${source}`).toBeGreaterThan(0);
      for (const name of names) {
        const title = name.replace(/^(Vælg pakke|Book service): /, '');
        // after hydration, so the click is the app's navigation carrying the state
        await page.goto(source, { waitUntil: 'networkidle' });
        await page.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(/\/contact\?service=/);
        await expect(serviceSelect(page)).toHaveText(title);
      }
    }
  });

  test('each of the six packages is preselected by ?service=', async ({ page }) => {
    expect(PACKAGES).toHaveLength(6);
    for (const title of PACKAGES) {
      await openContact(page, title);
      await expect(serviceSelect(page)).toHaveText(title);
      await expect(dateButton(page)).toBeEnabled();
    }
    await openContact(page, 'Ukendt pakke');
    await expect(serviceSelect(page)).toHaveText('Vælg en service');
    await expect(dateButton(page)).toBeDisabled();
  });

  test('a services read the server fails gives the services load-failure toast, once', async ({
    page,
  }) => {
    // the server answers the services read with an error (an outage, no answer at all, is the
    // form's notice alone: outage-once.spec.ts)
    await page.route(/\/rest\/v1\/services/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
      }),
    );
    await page.goto('/contact#form');
    await expect(toast(page, 'Kunne ikke indlæse services. Prøv igen senere.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(toast(page, 'Fejl')).toBeVisible();
    // the way to book now: the phone, as a button in the toast
    await expect(
      page
        .getByRole('region', { name: /Notifikationer/ })
        .getByRole('button', { name: 'Ring og book: +45 12 34 56 78' }),
    ).toBeVisible();
    // said once: no notice beside the toast, and the build's list is kept (nothing is wiped)
    await expect(page.getByTestId('booking-outage')).toHaveCount(0);
    await expect(serviceSelect(page)).toBeEnabled();
  });

  test('a tap on the disabled "Book tid" says what is missing, as Enter does', async ({ page }) => {
    await openContact(page);
    await expect(submitButton(page)).toBeDisabled();
    await submitButton(page).click({ force: true }); // a tap lands on the button's place
    await expectMissingFieldsToast(page);
  });

  test('a slots read the server fails gives the slots load-failure toast and no times', async ({
    page,
  }) => {
    await page.route(/\/functions\/v1\/get-available-slots/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Der opstod en fejl. Prøv igen senere.' }),
      }),
    );
    await openContact(page, 'Guldpakken');
    await chooseBookableDay(page, 3);
    await expect(toast(page, 'Kunne ikke indlæse ledige tider. Prøv igen senere.')).toBeVisible();
    expect(await offeredTimes(page)).toEqual(['Ingen ledige tider']);
  });

  test('a keyboard-only booking works', async ({ page }) => {
    await openServiceListByKeyboard(page);
    const option = (name: string) => page.getByRole('option', { name, exact: true });
    // grouped by kind: the next option is the next wash
    await page.keyboard.press('ArrowDown');
    await expect(option('Premiumpakken')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(option('Guldpakken')).toBeFocused();
    await pickFocusedOption(page, serviceSelect(page));
    await expect(serviceSelect(page)).toHaveText('Guldpakken');
    // three weeks after the first bookable day: clear of the other journeys' days; a big car
    // (499 kr. in the seed) with Motorvask (299 kr.), both chosen by arrow and space
    await completeFormByKeyboard(page, {
      weeks: 3,
      email: uniqueEmail('keyboard'),
      job: { size: 'Stor bil', addons: ['Motorvask'] },
    });
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Booking bekræftet!')).toBeVisible();
    const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation.getByTestId('booking-total')).toHaveText('798 kr. inkl. moms');
  });

  test('axe finds no violations with the calendar and the selects open', async ({ page }) => {
    test.slow(); // seven axe runs
    await openContact(page);
    await expectNoAxeViolations(page, 'form idle');
    await serviceSelect(page).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectOpenListboxAccessible(page, 'service select open');
    await page.getByRole('option', { name: 'Sølvpakken', exact: true }).click();
    await dateButton(page).click();
    await expect(calendarGrid(page)).toBeVisible();
    await expectNoAxeViolations(page, 'calendar open');
    await page.keyboard.press('Escape');
    await chooseBookableDay(page, 6);
    await timeSelect(page).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectOpenListboxAccessible(page, 'time select open');
    await page.getByRole('option').first().click();
    await expectNoAxeViolations(page, 'form filled in with its summary');

    // the light theme too
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await openContact(page, 'Sølvpakken');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await dateButton(page).click();
    await expect(calendarGrid(page)).toBeVisible();
    await expectNoAxeViolations(page, 'calendar open, light theme');
    await page.keyboard.press('Escape');
    await serviceSelect(page).click();
    await expectOpenListboxAccessible(page, 'service select open, light theme');
  });
});
