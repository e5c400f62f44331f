import type { Locator, Page } from '@playwright/test';

/** Drags from the middle of `from` by (dx, dy) in eight steps, as a hand would. */
export async function dragBy(page: Page, from: Locator, dx: number, dy: number) {
  const b = (await from.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up();
}
