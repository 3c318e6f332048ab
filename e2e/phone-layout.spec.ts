import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';

/**
 * On a phone (the `mobile` project, Pixel 7 with touch): the gallery's
 * lightbox moves with buttons, arrow keys and a swipe, keeps focus inside and updates its counter;
 * the gallery has two columns; the long pages stay under their height limits.
 */
test.skip(({ isMobile }) => !isMobile, 'phone layout: runs in the mobile project');

/**
 * Page heights (CSS px) at 390 x 844. The pages were shortened from / 9,474, /services 11,137, /vores-arbejde
 * 11,976 (measured before the change; /about 7,307, /contact 6,420); after: 8,403 / 9,381 / 6,364
 * (/about 6,798, /contact 6,274). The limits leave ~2-3 % for copy changes. /contact was 6,500
 * until the form asked for the car plate and the SMS choice and named the terms under its button
 * (6,502 px on 2026-11-27).
 */
const heightLimits: Record<string, number> = {
  '/': 8_600,
  // 11,057 px since 2026-11-29: the prices per car size and the add-ons (about 1,450 px)
  '/services': 11_200,
  '/vores-arbejde': 6_600,
  '/about': 7_000,
  // 7,744 px since 2026-11-29: the message form "Skriv til os" under the booking form (about 1,050 px)
  '/contact': 7_900,
};

const galleryOf = (page: Page) => page.getByRole('region', { name: 'Tegninger af vores arbejde' });

async function openLightbox(page: Page, index: number) {
  const thumb = galleryOf(page).getByRole('button').nth(index);
  const dialog = page.getByRole('dialog');
  // Retried: a tap that lands before hydration does nothing.
  await expect(async () => {
    await thumb.click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  return { thumb, dialog };
}

async function expectPosition(dialog: Locator, position: number) {
  await expect(dialog.getByText(`Billede ${position} af 24`)).toBeVisible();
  await expect(dialog.getByText(`Billede ${position} af 24`)).toHaveAttribute(
    'aria-live',
    'polite',
  );
}

/** A one-finger horizontal swipe across `target` (Chrome DevTools touch events). */
async function swipe(page: Page, target: Locator, direction: 'left' | 'right') {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] =
    direction === 'left'
      ? [box.x + box.width * 0.8, box.x + box.width * 0.2]
      : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 5; i++) {
    const x = from + ((to - from) * i) / 5;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the gallery shows two columns of pictures on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/vores-arbejde');
  const tiles = galleryOf(page).getByRole('listitem');
  await expect(tiles).toHaveCount(24);
  const [a, b, c] = await Promise.all([0, 1, 2].map((i) => tiles.nth(i).boundingBox()));
  expect(a!.y).toBe(b!.y);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width);
  expect(c!.y).toBeGreaterThan(a!.y + a!.height);
});

test('the lightbox moves with the buttons, the arrow keys and a swipe, and wraps around', async ({
  page,
}) => {
  await gotoHydrated(page, '/vores-arbejde');
  const { thumb, dialog } = await openLightbox(page, 1);
  await expectPosition(dialog, 2);
  const title = dialog.getByRole('heading');
  const secondTitle = await title.textContent();

  await dialog.getByRole('button', { name: 'Næste billede' }).click();
  await expectPosition(dialog, 3);
  await expect(title).not.toHaveText(secondTitle!);
  await expect(dialog.getByRole('img')).toHaveAccessibleName((await title.textContent())!);

  await dialog.getByRole('button', { name: 'Forrige billede' }).click();
  await expectPosition(dialog, 2);
  await expect(title).toHaveText(secondTitle!);

  await page.keyboard.press('ArrowRight');
  await expectPosition(dialog, 3);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectPosition(dialog, 1);
  await page.keyboard.press('ArrowLeft');
  await expectPosition(dialog, 24);
  await page.keyboard.press('ArrowRight');
  await expectPosition(dialog, 1);

  // a swipe to the left shows the next picture, to the right the previous one
  const picture = dialog.getByRole('img');
  await swipe(page, picture, 'left');
  await expectPosition(dialog, 2);
  await swipe(page, picture, 'right');
  await swipe(page, picture, 'right');
  await expectPosition(dialog, 24);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumb).toBeFocused();
});

test('focus stays inside the open lightbox', async ({ page }) => {
  await gotoHydrated(page, '/vores-arbejde');
  const { dialog } = await openLightbox(page, 5);
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await inside(), `after Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `after Shift+Tab ${i + 1}`).toBe(true);
  }
  await expect(dialog).toBeVisible();
});

test('the open lightbox has no axe violations in the dark and the light theme', async ({
  page,
}) => {
  for (const theme of ['dark', 'light']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await gotoHydrated(page, '/vores-arbejde');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const { dialog } = await openLightbox(page, 0);
    await dialog.getByRole('button', { name: 'Næste billede' }).click();
    await expectPosition(dialog, 2);
    await expectNoAxeViolations(page, `lightbox ${theme}`);
  }
});

test('the long pages stay under their height limits at 390 x 844', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const measured: string[] = [];
  for (const [path, limit] of Object.entries(heightLimits)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    measured.push(`${path} ${height}`);
    expect(height, `${path} is ${height} px tall (limit ${limit})`).toBeLessThanOrEqual(limit);
  }
  test.info().annotations.push({ type: 'heights', description: measured.join(', ') });
});
