import { BOX_MAX_SIZE, BOX_MIN_SIZE } from '../../../lib/hanzi-writer';

/** Room kept free at the screen's top and bottom edges, in CSS pixels. */
export const FIT_MARGIN = 8;

interface Rect {
  top: number;
  bottom: number;
  height: number;
}

export interface FitInput {
  viewportHeight: number;
  /** The panel's width: the box is never wider. */
  width: number;
  /** Where the grade buttons' top was on the screen before the box showed. */
  gradesTopBefore: number;
  /** Measured with the box showing, at `boxSize`: */
  panelTop: number;
  box: Rect;
  boxSize: number;
  grades: Rect;
}

/**
 * The 田字格's size, and where the grade buttons' top should be on the screen, so that the
 * panel's buttons, the box, its status and suggestion, and the grade buttons are all on the
 * screen at once (issue 35: on a phone they ran off the bottom). The grade buttons stay where
 * they were when there is room above them; otherwise they come up to the bottom of the screen,
 * or go down only as far as a box of the smallest size needs.
 */
export function fitBox(input: FitInput): { size: number; gradesTop: number } {
  const above = input.box.top - input.panelTop;
  const border = input.box.height - input.boxSize;
  const between = input.grades.top - input.box.bottom;
  const largest = Math.min(BOX_MAX_SIZE, input.width);
  const lowest = input.viewportHeight - input.grades.height - FIT_MARGIN;
  const highest = FIT_MARGIN + above + border + Math.min(BOX_MIN_SIZE, largest) + between;
  const gradesTop = Math.max(Math.min(input.gradesTopBefore, lowest), Math.min(highest, lowest));
  const room = gradesTop - between - border - above - FIT_MARGIN;
  return { size: Math.round(Math.max(Math.min(BOX_MIN_SIZE, largest), Math.min(largest, room))), gradesTop };
}
