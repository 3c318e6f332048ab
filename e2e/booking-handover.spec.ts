/**
 * The booking form's service field while the form hydrates: before, the early script
 * (early-press.ts) answers a press on the field and its list; after, the form does
 * (listbox-field.tsx). A press (pointer down, then up and the click) that spans the moment the form
 * takes over must be answered exactly once: a choice made, a list opened and left open.
 *
 * The form's chunk is held until the press has begun; the form then hydrates and would take over
 * while the pointer is still down, and the press ends after that.
 */
import { expect, test, type Page } from '@playwright/test';

/** Holds the form's chunk back until the returned function is called. */
async function holdForm(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/booking-form-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

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

async function centre(page: Page, name: string, role: 'option' | 'combobox') {
  const box = await page.getByRole(role, { name, exact: true }).boundingBox();
  if (!box) throw new Error(`${name} is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('a press while the booking form takes over from the early script', () => {
  test('mouse: an option pressed in the early list and released after hydration is chosen', async ({
    page,
  }) => {
    const release = await holdForm(page);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await service.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(await formHydrated(page)).toBeUndefined();

    const option = await centre(page, 'Sølvpakken', 'option');
    await page.mouse.move(option.x, option.y);
    await page.mouse.down();
    await hydrateFormNow(page, release);
    // the form waits for the press to end before it takes over
    expect(await formHydrated(page)).toBeUndefined();
    await page.mouse.up();

    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(service).toHaveText('Sølvpakken');
    await expect(service).toBeFocused();
    await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
    expect(await formHydrated(page)).toBe(true);
  });

  test('mouse: the field pressed before hydration and released after it leaves the list open', async ({
    page,
  }) => {
    const release = await holdForm(page);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await expect(service).toBeEnabled();
    const field = await centre(page, 'Service', 'combobox');
    await page.mouse.move(field.x, field.y);
    await page.mouse.down();
    await expect(page.getByRole('listbox')).toBeVisible();
    await hydrateFormNow(page, release);
    await page.mouse.up();

    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(service).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
    await expect.poll(() => formHydrated(page)).toBe(true);
    // the form's own list answers now
    await page.getByRole('option', { name: 'Premiumpakken', exact: true }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(service).toHaveText('Premiumpakken');
    await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
  });

  test.describe('touch', () => {
    test.use({ hasTouch: true });

    /** A finger down at `at` now, lifted when the returned function is called. */
    async function touchDown(page: Page, at: { x: number; y: number }) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      return async () => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
      };
    }

    test('an option touched in the early list and lifted after hydration is chosen', async ({
      page,
    }) => {
      const release = await holdForm(page);
      await page.goto('/contact#form');
      const service = page.getByRole('combobox', { name: 'Service' });
      await service.tap();
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
      expect(await formHydrated(page)).toBeUndefined();

      const option = await centre(page, 'Sølvpakken polering', 'option');
      const lift = await touchDown(page, option);
      await hydrateFormNow(page, release);
      await lift();

      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(service).toHaveText('Sølvpakken polering');
      await expect(service).toBeFocused();
      await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
    });

    test('the field touched before hydration and lifted after it leaves the list open', async ({
      page,
    }) => {
      const release = await holdForm(page);
      await page.goto('/contact#form');
      const service = page.getByRole('combobox', { name: 'Service' });
      await expect(service).toBeEnabled();
      const field = await centre(page, 'Service', 'combobox');
      const lift = await touchDown(page, field);
      await hydrateFormNow(page, release);
      await lift();

      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
      await expect.poll(() => formHydrated(page)).toBe(true);
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.getByRole('option', { name: 'Premiumpakken', exact: true }).tap();
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(service).toHaveText('Premiumpakken');
    });
  });
});
