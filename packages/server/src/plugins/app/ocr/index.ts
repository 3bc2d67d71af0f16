import fp from 'fastify-plugin';
import 'fastify';
import { instrumentOcr } from '../metrics/instrument.js';
import { createOcrService, type OcrService } from './ocr-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    ocr: OcrService;
  }
}

/** `app.ocr`: worksheet scanning. Its Tesseract workers start on first use and stop with the app. */
export default fp(
  async (app) => {
    const ocr = createOcrService();
    app.decorate('ocr', instrumentOcr(ocr, app.metrics));
    app.addHook('onClose', () => ocr.close());
  },
  { name: 'ocr' },
);
