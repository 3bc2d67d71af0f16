import { DE_MOIRE } from './thresholds.js';

/** Grey pixels, one byte each, row by row. */
export interface GreyPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A radix-2 complex FFT of one length, its bit reversal and twiddles computed once. */
class Fft {
  private readonly reversed: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(readonly size: number) {
    const bits = Math.log2(size);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
  }

  /** In place on `size` values `stride` apart from `offset`; unscaled either way. */
  run(re: Float64Array, im: Float64Array, offset: number, stride: number, inverse: boolean): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reversed[i]!;
      if (j <= i) continue;
      const a = offset + i * stride;
      const b = offset + j * stride;
      const r = re[a]!;
      re[a] = re[b]!;
      re[b] = r;
      const m = im[a]!;
      im[a] = im[b]!;
      im[b] = m;
    }
    const sign = inverse ? -1 : 1;
    for (let half = 1; half < n; half *= 2) {
      const step = n / (2 * half);
      for (let start = 0; start < n; start += 2 * half)
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step]!;
          const wi = sign * this.sin[k * step]!;
          const a = offset + (start + k) * stride;
          const b = a + half * stride;
          const br = re[b]!;
          const bi = im[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a]!;
          const ai = im[a]!;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
        }
    }
  }

  /** The 2-D transform of a `size` × `size` tile, rows then columns. */
  run2d(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const n = this.size;
    for (let row = 0; row < n; row++) this.run(re, im, row * n, 1, inverse);
    for (let col = 0; col < n; col++) this.run(re, im, col, n, inverse);
  }
}

/** A box mean of a square, periodic (wrapped) map, `radius` on each side, by running sums. */
function boxMean(
  map: Float64Array,
  n: number,
  radius: number,
  out: Float64Array,
  scratch: Float64Array,
): void {
  const width = 2 * radius + 1;
  for (let y = 0; y < n; y++) {
    let sum = 0;
    for (let d = -radius; d <= radius; d++) sum += map[y * n + ((d + n) % n)]!;
    for (let x = 0; x < n; x++) {
      scratch[y * n + x] = sum;
      sum += map[y * n + ((x + radius + 1) % n)]! - map[y * n + ((x - radius + n) % n)]!;
    }
  }
  for (let x = 0; x < n; x++) {
    let sum = 0;
    for (let d = -radius; d <= radius; d++) sum += scratch[((d + n) % n) * n + x]!;
    for (let y = 0; y < n; y++) {
      out[y * n + x] = sum / (width * width);
      sum += scratch[((y + radius + 1) % n) * n + x]! - scratch[((y - radius + n) % n) * n + x]!;
    }
  }
}

/**
 * Work space for one tile size: the transform, the window and the maps of one tile's spectrum,
 * allocated once per image.
 */
class TileFilter {
  readonly re: Float64Array;
  readonly im: Float64Array;
  private readonly fft: Fft;
  private readonly window: Float64Array;
  private readonly level: Float64Array;
  private readonly smooth: Float64Array;
  private readonly around: Float64Array;
  private readonly scratch: Float64Array;
  private readonly peak: Uint8Array;
  /** Whether each bin is far enough from the tile's mean to be a pattern, not shading. */
  private readonly fine: Uint8Array;

  constructor(readonly size: number) {
    const area = size * size;
    this.fft = new Fft(size);
    [this.re, this.im, this.level, this.smooth, this.around, this.scratch] = Array.from(
      { length: 6 },
      () => new Float64Array(area),
    ) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    this.peak = new Uint8Array(area);
    this.fine = new Uint8Array(area);
    // A periodic Hann window: tiles half a tile apart add up to one everywhere.
    this.window = new Float64Array(size);
    for (let i = 0; i < size; i++) this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const [fy, fx] = [Math.min(y, size - y) / size, Math.min(x, size - x) / size];
        this.fine[y * size + x] = Math.hypot(fx, fy) > DE_MOIRE.minFrequency ? 1 : 0;
      }
  }

  /** The tile of `grey` whose corner is at (x0, y0), windowed (outside the image: its nearest edge). */
  load(grey: GreyPixels, x0: number, y0: number): void {
    const { size, re, im, window } = this;
    for (let y = 0; y < size; y++) {
      const sy = Math.min(grey.height - 1, Math.max(0, y0 + y));
      for (let x = 0; x < size; x++) {
        const sx = Math.min(grey.width - 1, Math.max(0, x0 + x));
        re[y * size + x] = grey.data[sy * grey.width + sx]! * window[y]! * window[x]!;
        im[y * size + x] = 0;
      }
    }
  }

  /**
   * The loaded tile's periodic peaks (a screen's pixel grid, its moiré) brought down to the
   * spectrum around them. Returns the energy of the fine bins and of the peaks among them.
   */
  flattenPeaks(apply: boolean, peakLevel: number): { fine: number; peaks: number } {
    const { size, re, im, level, smooth, around, scratch, peak, fine } = this;
    const area = size * size;
    this.fft.run2d(re, im, false);
    for (let i = 0; i < area; i++) level[i] = Math.log1p(Math.sqrt(re[i]! * re[i]! + im[i]! * im[i]!));
    boxMean(level, size, DE_MOIRE.peakRadius, smooth, scratch);
    boxMean(level, size, DE_MOIRE.aroundRadius, around, scratch);
    peak.fill(0);
    for (let i = 0; i < area; i++)
      if (fine[i] && smooth[i]! - around[i]! > peakLevel) {
        // The peak's bin and its neighbours: a window spreads a pure period over three bins.
        const [y, x] = [Math.floor(i / size), i % size];
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++)
            peak[((y + dy + size) % size) * size + ((x + dx + size) % size)] = 1;
      }
    let fineEnergy = 0;
    let peakEnergy = 0;
    for (let i = 0; i < area; i++) {
      if (!fine[i]) continue;
      const energy = re[i]! * re[i]! + im[i]! * im[i]!;
      fineEnergy += energy;
      if (!peak[i]) continue;
      peakEnergy += energy;
      if (!apply) continue;
      const factor = Math.exp(Math.min(0, around[i]! - level[i]!));
      re[i] = re[i]! * factor;
      im[i] = im[i]! * factor;
    }
    if (apply) this.fft.run2d(re, im, true);
    return { fine: fineEnergy, peaks: peakEnergy };
  }
}

/** Corners of tiles half a tile apart covering the image, so that their windows add up to one. */
function corners(length: number, size: number): number[] {
  const out: number[] = [];
  for (let at = -size / 2; at < length; at += size / 2) out.push(at);
  return out;
}

/**
 * How much of the fine detail of `grey` is a strong regular pattern (0 to 1): the share of the
 * energy above `DE_MOIRE.minFrequency` in peaks `DE_MOIRE.testLevel` above the spectrum around
 * them, over tiles spread across the image. A photographed screen's pixel grid and its moiré are such peaks; print,
 * paper, cloth and sensor noise spread their energy.
 */
export function moireShare(grey: GreyPixels): number {
  const { tile, sampleTiles } = DE_MOIRE;
  const filter = new TileFilter(tile);
  let fine = 0;
  let peaks = 0;
  const across = Math.max(1, Math.min(sampleTiles, Math.floor(grey.width / tile)));
  const down = Math.max(1, Math.min(sampleTiles, Math.floor(grey.height / tile)));
  for (let j = 0; j < down; j++)
    for (let i = 0; i < across; i++) {
      const x0 = Math.round(((i + 0.5) * grey.width) / across - tile / 2);
      const y0 = Math.round(((j + 0.5) * grey.height) / down - tile / 2);
      filter.load(grey, x0, y0);
      const energy = filter.flattenPeaks(false, DE_MOIRE.testLevel);
      fine += energy.fine;
      peaks += energy.peaks;
    }
  return fine === 0 ? 0 : peaks / fine;
}

/**
 * `grey` without its regular patterns: each tile's spectrum has its sharp peaks brought down
 * to the level around them (a notch filter that finds its own notches, tile by tile, as a
 * screen's moiré changes its period across a photo taken at a slant), and the tiles are added
 * back under their windows. Print has no such peaks and is kept sharp, where a blur that
 * removed the moiré would take the strokes with it.
 */
export function removeMoire(grey: GreyPixels): GreyPixels {
  const { tile } = DE_MOIRE;
  const filter = new TileFilter(tile);
  const sum = new Float64Array(grey.width * grey.height);
  const scale = 1 / (tile * tile);
  for (const y0 of corners(grey.height, tile))
    for (const x0 of corners(grey.width, tile)) {
      filter.load(grey, x0, y0);
      filter.flattenPeaks(true, DE_MOIRE.peakLevel);
      for (let y = Math.max(0, -y0); y < tile && y0 + y < grey.height; y++)
        for (let x = Math.max(0, -x0); x < tile && x0 + x < grey.width; x++) {
          const at = (y0 + y) * grey.width + x0 + x;
          sum[at] = sum[at]! + filter.re[y * tile + x]! * scale;
        }
    }
  const data = new Uint8Array(sum.length);
  for (let i = 0; i < sum.length; i++) data[i] = Math.min(255, Math.max(0, Math.round(sum[i]!)));
  return { data, width: grey.width, height: grey.height };
}
