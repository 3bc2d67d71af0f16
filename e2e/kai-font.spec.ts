import type { Page } from '@playwright/test';
import { expect, test, PHONE } from './fixtures';

/**
 * Issue 35, item 3: Chinese words in 楷体 (LXGW WenKai, sliced by unicode-range at build time,
 * packages/web/scripts/kai-font.ts). A page fetches only the slices its characters need.
 */
const KAI = 'SpellWell Kai';
const TEN_WORDS = ['春天', '花朵', '小鸟', '唱歌', '太阳', '公园', '朋友', '跑步', '学校', '老师'];

/** Every Kai slice the page fetches, with its size in bytes. */
function recordKaiSlices(page: Page): Map<string, number> {
  const slices = new Map<string, number>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/kai/')) return;
    void response.body().then((body) => slices.set(url.pathname, body.length));
  });
  return slices;
}

/**
 * The computed font-family, and whether every character of the element's text is covered by a
 * loaded Kai face. (document.fonts.check() is stricter than a browser: it also wants the rare
 * slices whose spans overlap, which the browser rightly never fetches.)
 */
async function kaiState(page: Page, selector: string) {
  return page.evaluate(
    async ({ selector, family }) => {
      const element = document.querySelector(selector)!;
      await document.fonts.ready;
      const faces: FontFace[] = [];
      document.fonts.forEach((face) => {
        if (face.family.replace(/"/g, '') === family) faces.push(face);
      });
      const loaded = faces.filter((face) => face.status === 'loaded');
      const covers = (face: FontFace, code: number) =>
        face.unicodeRange.split(',').some((part) => {
          const [from, to] = part.trim().slice(2).split('-');
          return code >= parseInt(from!, 16) && code <= parseInt(to ?? from!, 16);
        });
      const han = [...(element.textContent ?? '')].filter((c) => /\p{Script=Han}/u.test(c));
      return {
        fontFamily: getComputedStyle(element).fontFamily,
        ready: han.length > 0 && han.every((c) => loaded.some((face) => covers(face, c.codePointAt(0)!))),
        loadedFaces: loaded.length,
        declaredFaces: faces.length,
      };
    },
    { selector, family: KAI },
  );
}

test.describe('楷体 for Chinese words', () => {
  test.use(PHONE);

  test('the practice card and the Word List show a 10-word 听写 list in the Kai face, fetching only its slices', async ({
    page,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: TEN_WORDS,
      description: '听写 7',
      language: 'Chinese',
    });
    const slices = recordKaiSlices(page);
    await page.goto(`/practice/${child}/${set}`);
    await page.getByRole('button', { name: 'Show Word' }).click({ timeout: 30_000 });

    const card = '[aria-label="Word"] [lang="zh-Hans"]';
    await expect(page.locator(card)).toBeVisible();
    await expect.poll(async () => (await kaiState(page, card)).ready).toBe(true);
    const onCard = await kaiState(page, card);
    expect(onCard.fontFamily.startsWith(`"${KAI}"`), onCard.fontFamily).toBe(true);
    expect(onCard.loadedFaces).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Word List' }).click();
    const list = page.getByRole('dialog', { name: 'Word List (10 words)' }).locator('ol');
    await expect(list).toContainText('老师');
    const listSelector = 'dialog ol[lang="zh-Hans"]';
    await expect.poll(async () => (await kaiState(page, listSelector)).ready).toBe(true);
    const onList = await kaiState(page, listSelector);
    expect(onList.fontFamily.startsWith(`"${KAI}"`), onList.fontFamily).toBe(true);

    // Only the slices of these 20 characters, not the whole face (210 slices, 7.9 MB).
    await expect.poll(() => slices.size).toBeGreaterThan(0);
    const bytes = [...slices.values()].reduce((sum, n) => sum + n, 0);
    test.info().annotations.push({
      type: 'measure',
      description: `10 words, 20 characters: ${slices.size} Kai slices, ${bytes} bytes`,
    });
    console.info(`kai-font: 10 words fetched ${slices.size} slices, ${(bytes / 1024).toFixed(0)} KB`);
    expect(onList.loadedFaces).toBe(slices.size);
    expect(slices.size).toBeLessThanOrEqual(20);
    expect(bytes).toBeLessThan(200 * 1024);
    expect(onList.declaredFaces).toBeGreaterThan(100);
  });

  test('English words and the landing page never fetch the Kai face', async ({ page, family }) => {
    const child = await family.addChild('Mei');
    const set = await family.addPractice(child, { words: ['apple', 'banana'] });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/kai\/|\/fonts\/kai\.css/.test(r.url())) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(fetched).toEqual([]);
    await page.goto(`/practice/${child}/${set}`);
    await page.getByRole('button', { name: 'Show Word' }).click({ timeout: 30_000 });
    await expect(page.locator('[aria-label="Word"] [lang="en-GB"]')).toBeVisible();
    // The stylesheet is linked, but no slice is needed for Latin letters.
    await page.evaluate(() => document.fonts.ready);
    expect(fetched.filter((p) => p.startsWith('/assets/kai/'))).toEqual([]);
  });
});

test.describe('楷体 offline', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('the slices a practice used are kept by the service worker: reloaded offline, the word is still in the Kai face', async ({
    page,
    context,
    family,
  }) => {
    const child = await family.addChild('Arun');
    const set = await family.addPractice(child, {
      words: ['朋友'],
      description: '听写 1',
      language: 'Chinese',
    });
    await page.goto(family.dashboardHref());
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`/practice/${child}/${set}`);
    await page.getByRole('button', { name: 'Show Word' }).click({ timeout: 30_000 });
    const card = '[aria-label="Word"] [lang="zh-Hans"]';
    await expect.poll(async () => (await kaiState(page, card)).ready).toBe(true);
    const cached = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        if (!names.includes('kai-font')) return 0;
        return (await (await caches.open('kai-font')).keys()).length;
      });
    await expect.poll(cached).toBeGreaterThan(0);
    // The practice's own answers are kept too (lib/kept-answers.ts) before going offline.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const names = await caches.keys();
          return names.some((name) => name.startsWith('spellwell-kept-'));
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Show Word' }).click({ timeout: 30_000 });
    await expect.poll(async () => (await kaiState(page, card)).ready).toBe(true);
    const offline = await kaiState(page, card);
    expect(offline.fontFamily.startsWith(`"${KAI}"`), offline.fontFamily).toBe(true);
    await context.setOffline(false);
  });
});
