import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Security headers. Google's sign-in needs its script, frame, styles and XHR from
 * accounts.google.com/gsi/, and a popup-friendly opener policy; everything else is this
 * origin only, with no inline script.
 */
export default fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", GOOGLE_GSI],
        frameSrc: ["'self'", GOOGLE_GSI],
        connectSrc: ["'self'", GOOGLE_GSI],
        styleSrc: ["'self'", GOOGLE_GSI],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; a plain-http local install must not send it.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
});
