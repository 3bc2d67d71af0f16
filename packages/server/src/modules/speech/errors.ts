/** Every synthesis slot is busy and the queue is full: try again in a moment (503). */
export class SpeechBusyError extends Error {
  constructor() {
    super('Speech is busy right now. Please try again in a moment.');
    this.name = 'SpeechBusyError';
  }
}

/** Synthesis did not finish in time (504). */
export class SpeechTimeoutError extends Error {
  constructor() {
    super('Reading the word took too long. Please try again.');
    this.name = 'SpeechTimeoutError';
  }
}
