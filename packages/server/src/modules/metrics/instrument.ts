import type { Histogram, Gauge } from 'prom-client';
import type { OcrService } from '../ocr/ocr-service.js';
import type { SpeechEngine } from '../speech/speech-engine.js';
import type { Metrics } from './registry.js';

/** Times one unit of work and counts it as in progress meanwhile, whatever its outcome. */
async function timed<T, L extends string>(
  histogram: Histogram<L>,
  inProgress: Gauge,
  labels: Record<Exclude<L, 'outcome'>, string>,
  work: () => Promise<T>,
): Promise<T> {
  inProgress.inc();
  const end = histogram.startTimer(labels as never);
  try {
    const result = await work();
    end({ outcome: 'ok' } as never);
    return result;
  } catch (error) {
    end({ outcome: 'error' } as never);
    throw error;
  } finally {
    inProgress.dec();
  }
}

/** The same service, timing each scan. Without metrics the service is returned untouched. */
export function instrumentOcr(ocr: OcrService, metrics: Metrics | undefined): OcrService {
  if (!metrics) return ocr;
  return {
    ...ocr,
    scan: (language, image) =>
      timed(metrics.scanSeconds, metrics.scansInProgress, { language }, () => ocr.scan(language, image)),
  };
}

/** The same engine, timing each synthesis (the speech service calls it on cache misses only). */
export function instrumentSpeechEngine(engine: SpeechEngine, metrics: Metrics | undefined): SpeechEngine {
  if (!metrics) return engine;
  return {
    id: engine.id,
    settingsVersion: engine.settingsVersion,
    contentType: engine.contentType,
    voice: (language) => engine.voice(language),
    // Every argument passes through: slow speech (issue 22) and a word's reading (issue 21).
    synthesize: (word, language, speed, reading) =>
      timed(metrics.speechSeconds, metrics.speechInProgress, { engine: engine.id }, () =>
        engine.synthesize(word, language, speed, reading),
      ),
    ...(engine.close ? { close: () => engine.close!() } : {}),
  };
}
