import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitBox } from './fit-box';
import { BOX_MAX_SIZE, BOX_MIN_SIZE } from '../../../lib/hanzi-writer';

/** A panel whose box shows at 280 px with a 2 px border, 56 px of buttons above it, 120 px of
 * status and suggestion below it, then 64 px of grade buttons. */
function layout(panelTop: number, viewportHeight: number, gradesTopBefore: number, width = 358) {
  const boxTop = panelTop + 56;
  const box = { top: boxTop, bottom: boxTop + 284, height: 284 };
  const gradesTop = box.bottom + 120;
  return {
    viewportHeight,
    width,
    gradesTopBefore,
    panelTop,
    box,
    boxSize: 280,
    grades: { top: gradesTop, bottom: gradesTop + 64, height: 64 },
  };
}

describe('fitBox', () => {
  it.each([
    // [case, input, size, gradesTop]
    [
      'grade buttons low on a tall phone stay put, the box at full size',
      layout(300, 844, 700),
      BOX_MAX_SIZE,
      700,
    ],
    [
      'grade buttons below the screen come up to its bottom',
      layout(500, 740, 900),
      BOX_MAX_SIZE,
      740 - 64 - FIT_MARGIN,
    ],
    [
      'a short screen shrinks the box',
      layout(500, 500, 900),
      500 - 64 - FIT_MARGIN - 120 - 4 - 56 - FIT_MARGIN,
      500 - 64 - FIT_MARGIN,
    ],
    [
      'grade buttons near the top go down just enough for the smallest box',
      layout(0, 740, 100),
      BOX_MIN_SIZE,
      FIT_MARGIN + 56 + 4 + BOX_MIN_SIZE + 120,
    ],
    ['a narrow screen limits the box to its width', layout(300, 844, 700, 200), 200, 700],
  ])('%s', (_case, input, size, gradesTop) => {
    expect(fitBox(input)).toEqual({ size, gradesTop });
  });

  it('puts everything between the screen edges whenever the screen can hold the smallest box', () => {
    for (const viewportHeight of [600, 667, 740, 844, 915]) {
      for (const before of [50, 300, 600, 900, 1400]) {
        const input = layout(200, viewportHeight, before);
        const { size, gradesTop } = fitBox(input);
        const panelTop = gradesTop - 120 - 4 - size - 56;
        expect(panelTop).toBeGreaterThanOrEqual(FIT_MARGIN - 0.5);
        expect(gradesTop + 64).toBeLessThanOrEqual(viewportHeight - FIT_MARGIN + 0.5);
      }
    }
  });
});
