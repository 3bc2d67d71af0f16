import type { Page } from '@playwright/test';
import { PHONE, expect, inDays, meiAndArun, test } from './fixtures';

// Issue 17 item 9: words fit their card with the grade buttons at a fixed place (phone, two
// children); two columns and a readable chart on a desktop.
test.describe('on a phone', () => {
  test.use(PHONE);

  const wordRegion = (page: Page) => page.getByRole('region', { name: 'Word', exact: true });

  /** The shown word's box, its font size and how many lines it takes. */
  const measure = (page: Page) =>
    wordRegion(page)
      .locator('p')
      .evaluate((el) => {
        const style = getComputedStyle(el);
        const lineHeight = parseFloat(style.lineHeight);
        const card = el.parentElement!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        // Each space-separated word on one line: its characters' boxes form a single rectangle.
        const text = el.textContent ?? '';
        const node = el.firstChild!;
        let at = 0;
        const wordsWhole = text.split(' ').every((word) => {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          at += word.length + 1;
          return range.getClientRects().length === 1;
        });
        return {
          text,
          wordsWhole,
          fontSize: parseFloat(style.fontSize),
          lines: Math.round(box.height / lineHeight),
          fitsWidth: el.scrollWidth <= el.clientWidth + 1 && box.right <= card.right && box.left >= card.left,
          fitsHeight: box.top >= card.top && box.bottom <= card.bottom,
        };
      });

  test('long words shrink to one line, a phrase breaks only at its space, 春暖花开 stays whole, and the grade buttons never move', async ({
    page,
    family,
  }) => {
    const { mei, arun, tingxie } = await meiAndArun(family);
    const long = await family.addPractice(mei, {
      words: ['internationalisation', 'Mississippi River crossing', 'cat'],
      description: 'Long words',
    });

    const checkEach = async (count: number) => {
      const seen: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      for (let n = 1; n <= count; n++) {
        await expect(page.getByRole('heading', { level: 1, name: `Question ${n}` })).toBeVisible();
        const easy = page.getByRole('button', { name: 'Easy', exact: true });
        const before = await easy.boundingBox();
        const cardBefore = await wordRegion(page).boundingBox();
        await page.getByRole('button', { name: 'Show Word' }).click();
        await expect(page.getByRole('button', { name: 'Hide Word' })).toBeVisible();
        const shown = await measure(page);
        seen[shown.text] = shown;
        // Revealing the word moves nothing: the card and the grade buttons keep their place.
        expect(await wordRegion(page).boundingBox()).toEqual(cardBefore);
        expect(await easy.boundingBox()).toEqual(before);
        expect(shown.fitsWidth, `${shown.text} fits the card's width`).toBe(true);
        expect(shown.fitsHeight, `${shown.text} fits the card's height`).toBe(true);
        const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
        await easy.click();
        await saved;
      }
      return seen;
    };

    await page.goto(`/practice/${mei}/${long}`);
    const english = await checkEach(3);
    // A short word keeps the full size (44 to 64px); a long one is made smaller, on one line.
    expect(english['cat']!.fontSize).toBeGreaterThanOrEqual(44);
    expect(english['internationalisation']!.lines).toBe(1);
    expect(english['internationalisation']!.fontSize).toBeLessThan(english['cat']!.fontSize);
    // A phrase wraps only at spaces: each of its words stays whole on its line.
    expect(english['Mississippi River crossing']!.wordsWhole).toBe(true);
    expect(english['internationalisation']!.wordsWhole).toBe(true);

    // A Chinese card also has the Strokes panel, whose code loads after the page's. Held back
    // until the word is shown, it arrives at the worst moment: the room kept for it must fit.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/strokes-panel-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/practice/${arun}/${tingxie}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Question 1' })).toBeVisible();
    const easy = page.getByRole('button', { name: 'Easy', exact: true });
    const waiting = await easy.boundingBox();
    await page.getByRole('button', { name: 'Show Word' }).click();
    release();
    await expect(page.getByRole('button', { name: 'Strokes', exact: true })).toBeVisible();
    expect(await easy.boundingBox()).toEqual(waiting);
    await page.getByRole('button', { name: 'Hide Word' }).click();
    const chinese = await checkEach(2);
    expect(chinese['春暖花开']!.lines).toBe(1);
    expect(chinese['春暖花开']!.wordsWhole).toBe(true);
    expect(chinese['春暖花开']!.fontSize).toBeGreaterThanOrEqual(44);
  });

  test('the dashboard stays one column on a phone', async ({ page, family }) => {
    const { mei } = await meiAndArun(family);
    await page.goto(family.dashboardHref(mei));
    const list = page.getByRole('heading', { name: 'Practices', exact: true });
    const today = page.getByRole('region', { name: 'Today' });
    await expect(list).toBeVisible();
    const [a, b] = [await today.boundingBox(), await list.boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the dashboard uses two columns and the chart shows its dates and counts', async ({
    page,
    family,
  }) => {
    const { mei, arun, week3 } = await meiAndArun(family);
    // Three words graded today: the chart's last bar.
    await page.goto(`/practice/${mei}/${week3}`);
    for (let n = 1; n <= 3; n++) {
      await expect(page.getByRole('heading', { level: 1, name: `Question ${n}` })).toBeVisible();
      const saved = page.waitForResponse((r) => r.url().includes('/api/words/update/') && r.ok());
      await page.getByRole('button', { name: 'Easy', exact: true }).click();
      await saved;
    }
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    await page.goto(family.dashboardHref(mei));
    const today = page.getByRole('region', { name: 'Today' });
    const list = page.getByRole('list', { name: 'Practices for Mei' });
    await expect(list).toBeVisible();
    const [stats, practices] = [await today.boundingBox(), await list.boundingBox()];
    // The side column opens with Tonight (issue 35), then the figures.
    const tonight = await page.getByRole('region', { name: /tonight/i }).boundingBox();
    // Side by side: the practices to the right of the figures, the columns' tops level-ish.
    expect(practices!.x).toBeGreaterThan(stats!.x + stats!.width);
    expect(Math.abs(practices!.y - tonight!.y)).toBeLessThan(200);
    expect(stats!.width + practices!.width).toBeGreaterThan(800);

    // The chart: both end dates, the top count, and a day's figure on hover.
    const chart = today.locator('figure');
    const short = (iso: string) =>
      new Date(`${iso}T00:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
    await expect(chart).toContainText(short(inDays(0)));
    await expect(chart).toContainText(short(inDays(-29)));
    await expect(chart.getByText('3', { exact: true })).toBeVisible();
    const lastBar = chart.locator('svg g').last();
    await lastBar.hover();
    const weekday = new Date(`${inDays(0)}T00:00:00`).toLocaleDateString('en-GB', { weekday: 'short' });
    await expect(chart).toContainText(`${weekday} ${short(inDays(0))}: 3 words`);
    // Screen readers keep their one sentence.
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /3 in total on 1 day/);

    // Arun's tab lays out the same way.
    await page.getByRole('tab', { name: 'Arun', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Practices for Arun' })).toBeVisible();
    expect(arun).toBeTruthy();
  });
});
