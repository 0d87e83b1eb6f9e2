import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';

// The fixture every screen's test leans on: it must measure the page at rest, and still catch a fault.
test.describe('expectAccessible', () => {
  // A list that turns busy (dimmed, faint) at the moment axe starts reading, as a sort choice's
  // list does when its render lands after the URL changed, and is whole again once that read is over.
  const dimmedWhileAxeReads = `
    <main><h1>List</h1>
      <ul aria-label="Vehicles" aria-busy="false" style="color: #000; background: #fff">
        <li>Plate A-123</li><li>Plate B-456</li>
      </ul>
    </main>
    <script>
      const list = document.querySelector('ul');
      // axe-core reads the page with runPartial: the first read finds the list busy and faint.
      let axe;
      let reads = 0;
      const dimmed = (read) => (...args) => {
        if (++reads === 1) {
          list.setAttribute('aria-busy', 'true');
          list.style.color = '#ccc';
        }
        return Promise.resolve(read(...args)).finally(() => {
          list.setAttribute('aria-busy', 'false');
          list.style.color = '#000';
        });
      };
      Object.defineProperty(window, 'axe', {
        configurable: true,
        get: () => {
          if (axe?.runPartial && !axe.runPartial.dimmed) {
            axe.runPartial = Object.assign(dimmed(axe.runPartial.bind(axe)), { dimmed: true });
          }
          return axe;
        },
        set: (value) => {
          axe = value;
        },
      });
    </script>`;

  test('reads again when a list turned busy while axe read it, and passes the page at rest', async ({
    page,
  }) => {
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>List</title></head><body>${dimmedWhileAxeReads}</body></html>`,
    );
    await expectAccessible(page);
  });

  test('still fails a page whose contrast is poor at rest', async ({ page }) => {
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>List</title></head><body><main><h1>List</h1><p style="color: #ccc; background: #fff">Faint at rest</p></main></body></html>',
    );
    await expect(expectAccessible(page)).rejects.toThrow(/color-contrast/);
  });
});
