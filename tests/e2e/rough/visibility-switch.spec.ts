// The visibility switch of every catalogue row: the knob sits inside its track, on or off, and
// never covers the "Hiện" / "Ẩn" label beside it.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

test.describe('visibility switch', () => {
  signedInAdminEachTest();

  for (const path of ['/admin/manage-subcategories', '/admin/manage-service-items']) {
    for (const width of [1440, 1024]) {
      test(`${path} at ${width} px: every knob stays in its track, off the label`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const switches = page.locator('tbody [role="switch"]');
        await expect(switches.first()).toBeVisible();
        // One switch a row.
        await expect(switches).toHaveCount(await page.locator('tbody tr').count());
        const geometry = await switches.evaluateAll((elements) =>
          elements.map((element) => {
            const spans = element.querySelectorAll(':scope > span');
            const track = spans[0];
            const label = spans[spans.length - 1];
            const knob = track?.querySelector('span');
            if (!track || !label || !knob) throw new Error('switch parts missing');
            const rect = (node: Element): Box => {
              const { left, right, top, bottom } = node.getBoundingClientRect();
              return { left, right, top, bottom };
            };
            return { track: rect(track), knob: rect(knob), label: rect(label), text: label.textContent ?? '' };
          }),
        );
        for (const { track, knob, label, text } of geometry) {
          expect(track.right - track.left, 'track width').toBeGreaterThanOrEqual(30);
          expect(knob.left, `knob inside the track (${text})`).toBeGreaterThanOrEqual(track.left - 0.5);
          expect(knob.right, `knob inside the track (${text})`).toBeLessThanOrEqual(track.right + 0.5);
          expect(knob.right <= label.left || knob.left >= label.right, `knob off the label "${text}"`).toBe(true);
        }
      });
    }
  }
});
