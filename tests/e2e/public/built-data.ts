// The public pages carry the catalogue and settings values they were built with (the prerender
// data in their HTML); the layout tests answer the page's data requests with those values.
import type { Page } from '@playwright/test';

/**
 * Answers the page's data requests with the values built into it: the layout is measured as
 * built, whatever other tests change meanwhile in the shared database (a banner, a new service).
 * `settings` may change the settings row first (a setting turned on after the build).
 */
export async function serveBuiltData(
  page: Page,
  path: string,
  settings: (row: Record<string, unknown>) => Record<string, unknown> = (row) => row,
): Promise<void> {
  const values = await builtValues(page, path);
  const area = builtArea(values);
  const builtSettings = values.settings as Record<string, unknown> | undefined;
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/rest/v1/**', async (route) => {
    const table = new URL(route.request().url()).pathname.split('/').pop();
    const rows =
      table === 'settings'
        ? [builtSettings && settings(builtSettings)]
        : table === 'categories'
          ? [area?.category]
          : table === 'subcategories'
            ? area?.services
            : table === 'service_items'
              ? area?.packages
              : undefined;
    if (route.request().method() !== 'GET' || rows === undefined || rows.includes(undefined)) await route.continue();
    else await route.fulfill({ json: rows, headers: { 'Access-Control-Allow-Origin': '*' } });
  });
}

/** The values the page at `path` was built with (its prerender data). */
async function builtValues(page: Page, path: string): Promise<Record<string, unknown>> {
  const html = await (await page.request.get(path)).text();
  const embedded = /<script type="application\/json" id="prerender-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(embedded ?? '{}') as { values?: Record<string, unknown> }).values ?? {};
}

function builtArea(values: Record<string, unknown>): { category: unknown; services: unknown[]; packages: unknown[] } | undefined {
  return Object.entries(values).find(([key]) => key.startsWith('catalogue:'))?.[1] as
    | { category: unknown; services: unknown[]; packages: unknown[] }
    | undefined;
}

/** The packages a service area's page was built with. */
export async function builtPackages(page: Page, path: string): Promise<unknown[]> {
  return builtArea(await builtValues(page, path))?.packages ?? [];
}
