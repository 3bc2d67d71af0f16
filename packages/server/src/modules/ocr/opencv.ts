import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';
import type { Mat } from '@techstark/opencv-js';
import { runGlue } from './opencv-glue.js';

export type OpenCv = typeof OpenCvModule;

const require = createRequire(import.meta.url);
let loading: Promise<{ cv: OpenCv }> | undefined;

type Pending = OpenCv & { onRuntimeInitialized?: () => void };

/**
 * OpenCV's WebAssembly build, loaded with the first scan (it costs memory and a few hundred
 * ms to start) and kept. Its module object is an Emscripten "thenable" that never settles
 * when awaited, returned from an async function or handed to `resolve`, so it always
 * travels inside a plain object: `const { cv } = await loadOpenCv()`.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise((resolve, reject) => {
    // Emscripten's Node glue installs process-wide handlers that rethrow any uncaught
    // exception and abort on any unhandled rejection; the server has its own (graceful close).
    const before = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    const cv = runGlue(require.resolve('@techstark/opencv-js'), require, reject) as Pending;
    for (const listener of process.listeners('uncaughtException'))
      if (!before.uncaughtException.includes(listener)) process.removeListener('uncaughtException', listener);
    for (const listener of process.listeners('unhandledRejection'))
      if (!before.unhandledRejection.includes(listener))
        process.removeListener('unhandledRejection', listener);
    if (typeof cv.Mat === 'function') resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return loading;
}

/**
 * Runs `work`, then frees every OpenCV matrix it kept (WebAssembly memory is not collected).
 * `free` lets a matrix go as soon as it is no longer needed: the heap grows to the most
 * matrices alive at once and never shrinks.
 */
export function withMats<T>(
  work: (keep: (m: Mat) => Mat, free: (...mats: (Mat | undefined)[]) => void) => T,
): T {
  const mats = new Set<Mat>();
  try {
    return work(
      (m) => {
        mats.add(m);
        return m;
      },
      (...done) => {
        for (const m of done) if (m && mats.delete(m)) m.delete();
      },
    );
  } finally {
    for (const m of mats) m.delete();
  }
}
