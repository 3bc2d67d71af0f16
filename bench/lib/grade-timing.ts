import type { Page } from 'playwright-core';

/**
 * Presses "Easy" and measures, inside the page, the time until the heading shows the next
 * question number, and until the frame after that has been painted.
 */
export async function gradeToNextQuestion(page: Page): Promise<{ dom: number; frame: number }> {
  return page.evaluate(
    () =>
      new Promise<{ dom: number; frame: number }>((resolve, reject) => {
        const heading = () => document.querySelector('h1')?.textContent ?? '';
        const current = Number(/Question (\d+)/.exec(heading())?.[1]);
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Easy');
        if (!current || !button) return reject(new Error(`no question or Easy button (heading "${heading()}")`));
        const start = performance.now();
        const done = () => {
          if (heading() === `Question ${current + 1}` || /Congratulations/.test(heading())) {
            const dom = performance.now() - start;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve({ dom, frame: performance.now() - start })));
            return true;
          }
          return false;
        };
        const observer = new MutationObserver(done);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        button.click();
        // React commits a click's update synchronously, before any observer callback runs.
        done();
        setTimeout(() => reject(new Error('the next question did not show within 5 s')), 5000);
      }),
  );
}
