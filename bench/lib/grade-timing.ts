import type { Page } from 'playwright-core';

// Sent as source text: tsx would wrap named functions in a helper the page does not have.
const MEASURE = `new Promise((resolve, reject) => {
  const heading = () => document.querySelector('h1')?.textContent ?? '';
  const current = Number(/Question (\\d+)/.exec(heading())?.[1]);
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Easy');
  if (!current || !button) return reject(new Error('no question or Easy button (heading "' + heading() + '")'));
  let finished = false;
  const start = performance.now();
  const check = () => {
    if (finished || !(heading() === 'Question ' + (current + 1) || /Congratulations/.test(heading()))) return;
    finished = true;
    const dom = performance.now() - start;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve({ dom, frame: performance.now() - start })));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  button.click();
  // React commits a click's update synchronously, before any observer callback runs.
  check();
  setTimeout(() => finished || reject(new Error('the next question did not show within 5 s')), 5000);
})`;

/**
 * Presses "Easy" and measures, inside the page, the time until the heading shows the next
 * question number, and until the frame after that has been painted.
 */
export function gradeToNextQuestion(page: Page): Promise<{ dom: number; frame: number }> {
  return page.evaluate(MEASURE) as Promise<{ dom: number; frame: number }>;
}
