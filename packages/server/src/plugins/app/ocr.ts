import fp from 'fastify-plugin';
import 'fastify';
import { instrumentOcr } from '../../modules/metrics/instrument.js';
import { createAdmission, type Admission } from '../../modules/scan-pool/admission.js';
import { createScanPool } from '../../modules/scan-pool/scan-pool.js';
import { OCR_DEFAULTS, type OcrService } from '../../modules/ocr/ocr-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    ocr: OcrService;
    /** How much scan work may be taken on at once (scan-pool/admission.ts). */
    scanAdmission: Admission;
  }
}

/**
 * `app.ocr`: worksheet scanning, run in the scan processes (scan-pool/), never on the event
 * loop. Processes start on first use, end when idle, and stop with the app.
 */
export default fp(
  async (app) => {
    const { scans } = app.config;
    const ocr = createScanPool({
      threads: scans.threads,
      timeoutMs: scans.timeoutMs,
      nice: scans.nice,
      idleMs: OCR_DEFAULTS.idleMs,
    });
    app.decorate('ocr', instrumentOcr(ocr, app.metrics));
    app.decorate('marker', { mark: ocr.mark }); // issue 39: sheets marked in the same processes
    app.decorate('scanAdmission', createAdmission(scans.admissionPixels));
    app.addHook('onClose', () => ocr.close());
  },
  { name: 'ocr' },
);
