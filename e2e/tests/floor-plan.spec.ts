import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PlanHallLayout } from '@salon/shared';
import { DEMO_COMPANY, adminLogin, organiserHeaders, waitForHydration } from './fixtures';

/**
 * The interactive floor plan (plan-2024): found from the directory on a phone, centred on the
 * stand and pinched to zoom; tabs, search and links without scripts; every stand reached with the
 * keyboard; and an organiser's change of the layout in the back-office shown on the public plan.
 */

/** The transform Panzoom gives the drawing: its scale, 1 before any zoom. */
const scaleOf = async (page: Page) =>
  Number(
    /scale\(([\d.]+)\)/.exec(
      (await page.locator('.plan-canvas').evaluate((e) => (e as HTMLElement).style.transform)) || 'scale(1)',
    )?.[1] ?? 1,
  );

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};

test.describe('On a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('a visitor finds a company in the directory, opens its stand on the plan centred and highlighted, and pinches to zoom', async ({
    page,
  }) => {
    await page.goto(`/annuaire?q=${encodeURIComponent(DEMO_COMPANY)}`);
    await page.getByRole('link', { name: 'Voir sur le plan' }).first().click();
    await expect(page).toHaveURL(/\/plan-2024\?stand=A-02#plan$/);
    await expect(page.getByRole('status')).toHaveText('Stand A-02 : Hall A, mis en évidence sur le plan.');
    const stand = page.getByRole('link', { name: `Stand A-02, ${DEMO_COMPANY}` });
    await expect(stand).toHaveClass(/is-target/);
    await expect(page.getByRole('link', { name: 'Hall A' })).toHaveAttribute('aria-current', 'page');

    // Sent to a stand, the page starts its scripts without waiting for a touch: the plan zooms
    // onto the stand, in the frame's middle.
    await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toBeVisible();
    // The drawing is wider than a phone (its names read) and zoomed further onto the stand.
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(1.1);
    expect((await stand.boundingBox())!.width).toBeGreaterThan(100);
    const frame = await centreOf(page.locator('.plan-zoom'));
    const target = await centreOf(stand);
    expect(target.x).toBeGreaterThan(frame.box.x);
    expect(target.x).toBeLessThan(frame.box.x + frame.box.width);
    expect(target.y).toBeGreaterThan(frame.box.y);
    expect(target.y).toBeLessThan(frame.box.y + frame.box.height);

    // Two fingers spread apart on the plan.
    const before = await scaleOf(page);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: frame.x - spread, y: frame.y, id: 1 },
                { x: frame.x + spread, y: frame.y, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (let spread = 30; spread <= 120; spread += 10) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(before * 1.5);

    // 'Recentrer' comes back to the stand.
    await page.getByRole('button', { name: 'Recentrer' }).click();
    await expect.poll(() => scaleOf(page)).toBeCloseTo(before, 1);
  });
});

test('the plan alone loads no script until the visitor touches the page, then zooms', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/plan-2024');
  // Longer than the 3 s after which a page that is used starts its scripts anyway.
  await page.waitForTimeout(3500);
  expect(scripts).toEqual([]);
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toHaveCount(0);

  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toBeVisible();
});

test('what is typed in the search before the scripts have run is highlighted once they have', async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/plan-2024?hall=hall-b');
  await page.getByLabel('Rechercher un exposant ou un stand').pressSequentially('B-14');
  await expect(page.locator('.stand.is-match')).toHaveCount(0);

  release();
  await expect(page.locator('[data-stand="B-14"]')).toHaveClass(/is-match/);
  await expect(page.locator('.stand.is-match')).toHaveCount(1);
});

test.describe('Without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plan shows each hall, its tabs and search work as links and a form, and a stand opens its card, then its exhibitor', async ({
    page,
  }) => {
    await page.goto('/plan-2024');
    await expect(page.getByRole('group', { name: 'Plan du Hall A' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Télécharger le plan' })).toHaveAttribute(
      'href',
      '/assets/files/plan-2024.pdf?download=1',
    );

    await page.getByRole('link', { name: 'Hall C' }).click();
    await expect(page).toHaveURL(/\?hall=hall-c$/);
    await expect(page.getByRole('group', { name: 'Plan du Hall C' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stands du Hall C' })).toBeVisible();

    await page.getByLabel('Rechercher un exposant ou un stand').fill('beton');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('status')).toHaveText(/^\d+ stands? (correspond|correspondent) à « beton »$/);
    const match = page.locator('.stand.is-match').first();
    await expect(match).toBeVisible();
    // The hall shown is the first with a match, and its tab says how many.
    await expect(page.locator('.hall-tabs [aria-current="page"]')).toContainText('(');

    await page.getByRole('link', { name: `Stand A-02, ${DEMO_COMPANY}` }).click();
    await expect(page).toHaveURL(/\?stand=A-02&q=beton#plan$/);
    const card = page.getByRole('complementary', { name: 'Stand A-02 · Hall A' });
    await expect(card).toContainText(DEMO_COMPANY);
    await expect(card).toContainText('Gros Oeuvre');
    // A second tap on the stand, or the card's link, goes on to the exhibitor's page.
    await page.getByRole('link', { name: `Stand A-02, ${DEMO_COMPANY}` }).click();
    await expect(page).toHaveURL(/\/annuaire\/atlas-beton-industrie-\d+$/);
    await expect(page.getByRole('heading', { name: DEMO_COMPANY })).toBeVisible();
  });

  test('a stand that is not on the plan is said so, and the first hall shows', async ({ page }) => {
    await page.goto('/plan-2024?stand=Z-99');
    await expect(page.getByRole('status')).toHaveText('Le stand « Z-99 » ne figure pas sur le plan.');
    await expect(page.getByRole('group', { name: 'Plan du Hall A' })).toBeVisible();
  });
});

test('with the keyboard alone, every stand of a hall is reached in number order and read out', async ({ page }) => {
  await page.goto('/plan-2024?hall=hall-b&lang=en');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Hall E' }).focus();
  const labels: string[] = [];
  for (let i = 0; i < 24; i++) {
    await page.keyboard.press('Tab');
    labels.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''));
  }
  expect(labels.map((l) => /^Stand (B-\d\d),/.exec(l)?.[1])).toEqual(
    Array.from({ length: 24 }, (_, i) => `B-${String(i + 1).padStart(2, '0')}`),
  );
  expect(labels[0]).toBe('Stand B-01, free');
  expect(labels[1]).toMatch(/^Stand B-02, \S/);
  expect(labels[1]).not.toContain('free');
});

test('every label on the plan stands out from its stand by at least 4.5 to 1, whatever the stand’s state', async ({
  page,
}) => {
  // Hall A holds the forum's room, taken and free stands; the search and the stand asked for
  // light up some of them.
  await page.goto('/plan-2024?stand=A-02&q=A-0');
  const measured = await page.locator('.hall-plan .stand').evaluateAll((stands) => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return stands.flatMap((stand) => {
      const state =
        ['is-target', 'is-match', 'is-forum', 'is-taken'].find((c) => stand.classList.contains(c)) ?? 'free';
      const back = luminance(getComputedStyle(stand.querySelector('rect')!).fill);
      return Array.from(stand.querySelectorAll('text'), (text) => {
        const ink = luminance(getComputedStyle(text).fill);
        return { state, ratio: (Math.max(ink, back) + 0.05) / (Math.min(ink, back) + 0.05) };
      });
    });
  });
  expect(new Set(measured.map((m) => m.state))).toEqual(
    new Set(['is-target', 'is-match', 'is-forum', 'is-taken', 'free']),
  );
  for (const state of ['is-target', 'is-match', 'is-forum', 'is-taken', 'free']) {
    const lowest = Math.min(...measured.filter((m) => m.state === state).map((m) => m.ratio));
    expect(lowest, state).toBeGreaterThanOrEqual(4.5);
  }
});

test('an organiser moves a stand in the back-office and the public plan and its PDF follow; a wrong layout file imports nothing', async ({
  page,
}) => {
  await adminLogin(page);

  const pdfTag = async () => (await page.request.head('/assets/files/plan-2024.pdf')).headers().etag;
  const pdfBefore = await pdfTag();
  await page.goto('/admin/stands?filter=%7B%22q%22%3A%22E-23%22%7D');
  await page.getByRole('cell', { name: 'E-23' }).click();
  await page.getByLabel('y', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Élément mis à jour')).toBeVisible();

  const y = async () => (await page.request.get('/plan-2024?stand=E-23')).text();
  expect(await y()).toMatch(/data-stand="E-23"><rect x="38" y="20"/);
  // The PDF of the plan is drawn from the same layout: a new one.
  expect(await pdfTag()).not.toBe(pdfBefore);

  // A move onto another stand is refused, and the plan keeps the last good one.
  await page.goto('/admin/stands?filter=%7B%22q%22%3A%22E-23%22%7D');
  await page.getByRole('cell', { name: 'E-23' }).click();
  await page.getByLabel('y', { exact: true }).fill('29');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le stand E-23 chevauche le stand E-17.')).toBeVisible();
  expect(await y()).toMatch(/data-stand="E-23"><rect x="38" y="20"/);

  await page.goto('/admin/plan-import');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'plan.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('hall;stand;x;y;width;height\nHall E;E-01;0;0;6;4\nHall E;E-02;3;2;6;4\n'),
  });
  await expect(page.getByText('Ligne 3 : Le stand E-02 chevauche le stand E-01 (ligne 2).')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toHaveCount(0);

  // Put back as the demo has it, for the other tests.
  await putStandBack(page, 'E-23', { y: 31 });
});

test('an organiser drags a stand across the hall, resizes it by its corner and with the keyboard, and a drop onto another stand puts it back', async ({
  page,
}) => {
  await adminLogin(page);
  await page.goto('/admin/plan-editor');
  await page.getByRole('tab', { name: 'Hall D' }).click();
  const drawing = page.getByRole('group', { name: 'Plan du Hall D (60 × 40)' });
  const stand = drawing.locator('[data-stand="D-01"]');
  const status = page.getByRole('status');
  await expect(stand).toBeVisible();
  // A free stand is read as such, not as a placeholder.
  await expect(
    drawing.getByRole('button', { name: /^Stand D-\d+, libre : x \d+, y \d+, \d+ × \d+$/ }).first(),
  ).toBeAttached();
  // react-admin names each screen in its bar, not in a level-one heading.
  const axe = await new AxeBuilder({ page }).disableRules(['page-has-heading-one']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Screen pixels to a unit of the hall, as the drawing is scaled.
  const unit = await drawing.evaluate((svg) => (svg as SVGSVGElement).getScreenCTM()!.a);
  const dragBy = async (handle: Locator, dx: number, dy: number) => {
    // The mouse moves in the window: the handle must be in it (the editor's tools sit above the drawing).
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx * unit, y + dy * unit, { steps: 8 });
    await page.mouse.up();
  };
  const onPlan = async () => {
    const plan = (await (await page.request.get('/backend/api/floor-plan')).json()) as {
      data: { halls: PlanHallLayout[] };
    };
    const { x, y, width, height } = plan.data.halls
      .find((h) => h.name === 'Hall D')!
      .stands.find((s) => s.number === 'D-01')!;
    return { x, y, width, height };
  };

  // D-01 sits at x 6, y 5: dragged ten units down, into the aisle.
  await dragBy(stand.locator('rect').first(), 0, 10);
  await expect(status).toHaveText('Stand D-01 enregistré : x 6, y 15, 6 × 4.');
  expect(await onPlan()).toEqual({ x: 6, y: 15, width: 6, height: 4 });

  // Its corner pulled two units right and one down.
  await dragBy(stand.locator('.plan-editor-handle'), 2, 1);
  await expect(status).toHaveText('Stand D-01 enregistré : x 6, y 15, 8 × 5.');

  // With the keyboard: a step right, then one unit narrower.
  await stand.focus();
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText('Stand D-01 enregistré : x 7, y 15, 8 × 5.');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(status).toHaveText('Stand D-01 enregistré : x 7, y 15, 7 × 5.');
  expect(await onPlan()).toEqual({ x: 7, y: 15, width: 7, height: 5 });

  // Dropped onto D-08 (x 14, y 9): refused, and the stand is back where it was.
  await dragBy(stand.locator('rect').first(), 7, -5);
  await expect(status).toHaveText('Le stand D-01 chevauche le stand D-08.');
  await expect(stand.locator('rect').first()).toHaveAttribute('y', '15');
  expect(await onPlan()).toEqual({ x: 7, y: 15, width: 7, height: 5 });

  await putStandBack(page, 'D-01', { x: 6, y: 5, width: 6, height: 4 });
});

/** Puts a stand back where the demo has it, through the admin API, for the other tests. */
async function putStandBack(page: Page, number: string, data: Record<string, number>) {
  const headers = await organiserHeaders(page);
  const list = await page.request.get(
    `/backend/api/admin/stands?filter=${encodeURIComponent(JSON.stringify({ q: number }))}`,
    { headers },
  );
  const [stand] = (await list.json()) as { id: number }[];
  expect((await page.request.put(`/backend/api/admin/stands/${stand!.id}`, { headers, data })).status()).toBe(200);
}

test('the plan draws a hall’s entrances, aisles, services and workshops’ room, each named, and its legend lists them', async ({
  page,
}) => {
  await page.goto('/plan-2024?hall=hall-b');
  const drawing = page.getByRole('group', { name: 'Plan du Hall B' });
  await expect(drawing.getByRole('img', { name: 'Salle du Forum : Salle des ateliers' })).toBeVisible();
  await expect(drawing.getByText('Salle des ateliers')).toBeVisible();
  for (const name of ['Allée', 'Accueil', 'Toilettes', 'Café', 'Premiers secours']) {
    await expect(drawing.getByRole('img', { name, exact: true })).toBeVisible();
  }
  await expect(drawing.getByRole('img', { name: 'Entrée : Entrée principale' })).toBeVisible();
  await expect(page.locator('.plan-legend li')).toHaveText([
    'Stand occupé',
    'Stand libre',
    'Résultat de la recherche',
    'Entrée',
    'Allée',
    'Accueil',
    'Toilettes',
    'Café',
    'Premiers secours',
    'Salle du Forum',
  ]);
});

/** Signs in as the organiser and places an item of `kind` named `label` on Hall C's drawing in 'Dessiner le plan'. */
async function placeInHallC(page: Page, kind: string, label: string) {
  await adminLogin(page);
  await page.goto('/admin/plan-editor');
  await page.getByRole('tab', { name: 'Hall C' }).click();
  const drawing = page.getByRole('group', { name: 'Plan du Hall C (60 × 40)' });
  await expect(drawing.locator('[data-stand="C-02"]')).toHaveAccessibleName(/^Stand C-02, \S/);
  await page.getByRole('combobox', { name: /Élément à placer/ }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await page.getByRole('textbox', { name: 'Libellé (facultatif)' }).fill(label);
  await page.getByRole('button', { name: 'Placer sur le plan' }).click();
  return { drawing, status: page.getByRole('status') };
}

test('an organiser places a café on the plan in the back-office, moves it with the keyboard, renames it in the list of the plan’s items, and removes it', async ({
  page,
}) => {
  const { drawing, status } = await placeInHallC(page, 'Café', 'Café du hall');
  await expect(status).toHaveText(/^Café du hall placé : x \d+, y \d+, 4 × 4\. Faites-le glisser à sa place\.$/);
  const cafe = drawing.getByRole('button', { name: /^Café du hall \(Café\)/ });
  await cafe.focus();
  const at = /x (\d+), y (\d+)/.exec((await cafe.getAttribute('aria-label'))!)!;
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveText(`Café du hall enregistré : x ${at[1]}, y ${Number(at[2]) + 1}, 4 × 4.`);

  // The plan's items are listed too, hall by hall, and their form renames one.
  await page.goto('/admin/plan-features');
  const row = page.getByRole('row').filter({ hasText: 'Café du hall' });
  await expect(row).toContainText('Hall C');
  await expect(row).toContainText('Café');
  await row.getByRole('cell', { name: 'Café du hall' }).click();
  await page.getByRole('textbox', { name: 'Libellé' }).fill('Café Atlas');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('cell', { name: 'Café Atlas' })).toBeVisible();

  await page.goto('/admin/plan-editor');
  await page.getByRole('tab', { name: 'Hall C' }).click();
  await drawing.getByRole('button', { name: /^Café Atlas \(Café\)/ }).focus();
  await page.getByRole('button', { name: 'Retirer « Café Atlas » du plan' }).click();
  await expect(status).toHaveText('« Café Atlas » retiré du plan.');
  await expect(drawing.getByRole('button', { name: /^Café Atlas/ })).toHaveCount(0);
});

/** The label lines of a back-office drawing's pieces that reach out of their piece, by what they read. */
const spillingLabels = (drawing: Locator) =>
  drawing.evaluate((svg) =>
    Array.from(svg.querySelectorAll('.plan-editor-stand')).flatMap((piece) => {
      const box = piece.querySelector('rect')!.getBBox();
      return Array.from(piece.querySelectorAll('text'))
        .filter((text) => {
          // The line's box is in its frame's units, the frame placed at the piece's corner.
          const at = text.getBBox();
          const frame = text.ownerSVGElement!;
          const x = at.x + frame.x.baseVal.value - box.x;
          const y = at.y + frame.y.baseVal.value - box.y;
          return x < -0.01 || y < -0.01 || x + at.width > box.width + 0.01 || y + at.height > box.height + 0.01;
        })
        .map((text) => text.textContent);
    }),
  );

test('in the back-office drawing, every label stays inside its piece: a 2 × 2 entrance’s name, the forum room’s, the stands’', async ({
  page,
}) => {
  const { drawing, status } = await placeInHallC(page, 'Entrée', 'Entrée nord');
  await expect(status).toHaveText(/^Entrée nord placé : x \d+, y \d+, 4 × 4\./);
  // Made two units by two, narrower than its name at the drawing's usual size.
  const entrance = drawing.getByRole('button', { name: /^Entrée nord \(Entrée\)/ });
  await entrance.focus();
  for (const [key, size] of [
    ['Shift+ArrowLeft', '3 × 4'],
    ['Shift+ArrowLeft', '2 × 4'],
    ['Shift+ArrowUp', '2 × 3'],
    ['Shift+ArrowUp', '2 × 2'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(status).toHaveText(new RegExp(`^Entrée nord enregistré : x \\d+, y \\d+, ${size}\\.$`));
  }
  // Its name alone, on two lines: the kind is in its accessible name.
  await expect(entrance.locator('text')).toHaveText(['Entrée', 'nord']);
  expect(await spillingLabels(drawing)).toEqual([]);

  // Hall B's forum room: its name and its kind, whole, and its stands' labels inside them too.
  await page.getByRole('tab', { name: 'Hall B' }).click();
  const hallB = page.getByRole('group', { name: /^Plan du Hall B / });
  await expect(hallB.locator('[data-feature="forum"] text')).toHaveText(['Salle des ateliers', 'Salle du forum']);
  expect(await spillingLabels(hallB)).toEqual([]);

  // Taken off the plan again, for the other tests.
  await page.getByRole('tab', { name: 'Hall C' }).click();
  await entrance.focus();
  await page.getByRole('button', { name: 'Retirer « Entrée nord » du plan' }).click();
  await expect(status).toHaveText('« Entrée nord » retiré du plan.');
});
