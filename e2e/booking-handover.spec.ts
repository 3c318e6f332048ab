/**
 * The booking form's service field while the form hydrates: before, the early script
 * (early-press.ts) answers a press on the field and its list; after, the form does
 * (listbox-field.tsx). A press (pointer down, then up and the click) that spans the moment the form
 * takes over must be answered exactly once: a choice made, a list opened and left open.
 *
 * The form's chunk is held until the press has begun; the form then hydrates and would take over
 * while the pointer is still down, and the press ends after that.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdRequests } from './support/network';

/** Holds the form's chunk back until the returned function is called. */
const holdForm = (page: Page) => holdRequests(page, /\/assets\/booking-form-[^/]*\.js$/);

const formHydrated = (page: Page) =>
  page.evaluate(() => (window as { __bookingFormHydrated?: boolean }).__bookingFormHydrated);

/** Lets the form's chunk load and waits until React has hydrated the form and run its effects. */
async function hydrateFormNow(page: Page, release: () => void) {
  release();
  await page.waitForFunction(() => {
    const field = document.getElementById('booking-service');
    return !!field && Object.keys(field).some((key) => key.startsWith('__reactProps'));
  });
  // the hydration's effects, and the take-over's own task after them
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
}

/**
 * Opens /contact#form with the form's chunk held back: the prerendered form, its service field
 * enabled and answered by the early script. Returns the field and the release of the chunk.
 */
async function openHeldForm(page: Page) {
  const release = await holdForm(page);
  await page.goto('/contact#form');
  const service = page.getByRole('combobox', { name: 'Service' });
  await expect(service).toBeEnabled();
  return { release, service };
}

async function centre(page: Page, name: string, role: 'option' | 'combobox') {
  const box = await page.getByRole(role, { name, exact: true }).boundingBox();
  if (!box) throw new Error(`${name} is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

type Point = { x: number; y: number };

/** How a visitor presses: a click or a tap, and a press held at a point until `lift` is called. */
const inputs: Record<
  'mouse' | 'touch',
  {
    press: (target: Locator) => Promise<void>;
    hold: (page: Page, at: Point) => Promise<() => Promise<void>>;
  }
> = {
  mouse: {
    press: (target) => target.click(),
    async hold(page, at) {
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      return () => page.mouse.up();
    },
  },
  touch: {
    press: (target) => target.tap(),
    async hold(page, at) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      return async () => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
      };
    },
  },
};

test.describe('a press while the booking form takes over from the early script', () => {
  for (const [kind, input] of Object.entries(inputs)) {
    test.describe(kind, () => {
      test.use({ hasTouch: kind === 'touch' });

      test('an option pressed in the early list and released after hydration is chosen', async ({
        page,
      }) => {
        const release = await holdForm(page);
        await page.goto('/contact#form');
        const service = page.getByRole('combobox', { name: 'Service' });
        await input.press(service);
        await expect(page.getByRole('listbox')).toBeVisible();
        // the list opened by a click or a tap has the focus on its first option
        await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
        expect(await formHydrated(page)).toBeUndefined();

        const lift = await input.hold(page, await centre(page, 'Sølvpakken polering', 'option'));
        await hydrateFormNow(page, release);
        // the form waits for the press to end before it takes over
        expect(await formHydrated(page)).toBeUndefined();
        await lift();

        await expect(page.getByRole('listbox')).toBeHidden();
        await expect(service).toHaveText('Sølvpakken polering');
        await expect(service).toBeFocused();
        await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
        expect(await formHydrated(page)).toBe(true);
      });

      test('the field pressed before hydration and released after it leaves the list open', async ({
        page,
      }) => {
        const { release, service } = await openHeldForm(page);
        const lift = await input.hold(page, await centre(page, 'Service', 'combobox'));
        // a mouse opens the list on its press, a finger on its lift
        if (kind === 'mouse') await expect(page.getByRole('listbox')).toBeVisible();
        await hydrateFormNow(page, release);
        await lift();

        await expect(page.getByRole('listbox')).toBeVisible();
        await expect(service).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
        await expect.poll(() => formHydrated(page)).toBe(true);
        // the form's own list answers now
        await input.press(page.getByRole('option', { name: 'Premiumpakken', exact: true }));
        await expect(page.getByRole('listbox')).toBeHidden();
        await expect(service).toHaveText('Premiumpakken');
        await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
      });
    });
  }
});

test('a package chosen by keyboard and Tab pressed before hydration: the focus goes on to the car’s size', async ({
  page,
}) => {
  const { release, service } = await openHeldForm(page);
  await service.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(service).toHaveText('Guldpakken');
  // the size and add-on fields come with the form's code: the early script holds the Tab
  await page.keyboard.press('Tab');
  expect(await formHydrated(page)).toBeUndefined();
  await hydrateFormNow(page, release);

  const sizes = page.getByRole('group', { name: 'Bilens størrelse' });
  await expect(sizes.getByRole('radio', { name: /^Almindelig personbil/ })).toBeFocused();
  await expect(sizes.getByRole('radio', { name: /^Almindelig personbil/ })).toBeChecked();
  // one more Tab: the first add-on, not the date
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /^Motorvask/ })).toBeFocused();
});
