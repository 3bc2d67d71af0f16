import { BUDGET } from './thresholds.js';

/** The page reader spent its budget (`BUDGET`) and was stopped. */
export class BudgetSpent extends Error {
  constructor(readonly cpuSeconds: number) {
    super(`The page reader spent ${cpuSeconds.toFixed(1)} CPU-seconds and was stopped`);
    this.name = 'BudgetSpent';
  }
}

/**
 * CPU-seconds this process spends from now on, against a limit: `check()` at a step's end
 * throws `BudgetSpent` once the limit is passed, and `stop` rejects with it while a step that
 * runs on another thread (Tesseract) is waited for, so that step can be abandoned.
 */
export class CpuBudget {
  private readonly start = process.cpuUsage();
  private timer: NodeJS.Timeout | undefined;
  private rejectStop: ((err: BudgetSpent) => void) | undefined;
  /** Rejects with `BudgetSpent` once the limit is passed (looked at every `BUDGET.pollMs`). */
  readonly stop: Promise<never>;

  constructor(readonly limitSeconds: number = BUDGET.pageReaderCpuSeconds) {
    this.stop = new Promise<never>((_, reject) => (this.rejectStop = reject));
    this.stop.catch(() => {});
    this.timer = setInterval(() => {
      if (this.spent() > this.limitSeconds) this.fire();
    }, BUDGET.pollMs).unref();
  }

  /** CPU-seconds spent since the budget was opened. */
  spent(): number {
    const used = process.cpuUsage(this.start);
    return (used.user + used.system) / 1e6;
  }

  /** Throws `BudgetSpent` when the limit is passed. */
  check(): void {
    const spent = this.spent();
    if (spent > this.limitSeconds) {
      this.fire();
      throw new BudgetSpent(spent);
    }
  }

  /** Stops watching: the page reader finished within its budget. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private fire(): void {
    this.close();
    this.rejectStop?.(new BudgetSpent(this.spent()));
    this.rejectStop = undefined;
  }
}
