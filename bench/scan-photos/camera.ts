/**
 * "Photographs" a rendered page or screen the way a phone does, written apart from the first
 * generator: the subject is mapped into the frame by a projective transform, then bent (a page
 * curling up at one edge, a booklet dipping into its gutter), lit (dim light with a colour
 * cast, a vignette, a hand's shadow), and for a screen sampled through its sub-pixel grid
 * without any filtering, which is where moiré comes from. Then glare, motion blur, sensor
 * noise, JPEG, and a rotation of the pixels themselves with no EXIF to undo it.
 */
import sharp from 'sharp';
import type { Raw } from './render.js';
import type { Random } from './svg.js';

export type Scene = 'linen' | 'gingham' | 'carpet' | 'laminate' | 'bedsheet' | 'dark-room' | 'granite';

export interface Shot {
  width: number;
  height: number;
  scene: Scene;
  /** Where the subject's corners land (TL, TR, BR, BL), in pixels of the frame. */
  corners: [number, number][];
  curl: { edge: 'right' | 'bottom' | 'left'; amount: number } | null;
  /** A booklet spread: how deep the pages dip into the gutter at the middle. */
  gutter: number;
  /** An emitting screen seen through its sub-pixels (moiré). */
  screen: boolean;
  light: {
    gain: number;
    cast: [number, number, number];
    vignette: number;
    gradient: number;
    handShadow: boolean;
  };
  glare: number;
  motion: { length: number; angle: number } | null;
  blur: number;
  noise: number;
  jpeg: number;
  rotate: 0 | 90 | 180 | 270;
}

type Mat = number[];

/** The projective map of the unit square onto four corners (Heckbert), as a 3×3 matrix. */
function squareToQuad(c: [number, number][]): Mat {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = c as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const dx1 = x1 - x2,
    dx2 = x3 - x2,
    dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2,
    dy2 = y3 - y2,
    dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / den;
  const h = (dx1 * dy3 - dx3 * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert(m: Mat): Mat {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ].map((v) => v / det);
}

/** Smooth random field in [0, 1]: bilinear over a coarse random grid. */
function field(random: Random, cells: number) {
  const n = cells + 2;
  const grid = Float32Array.from({ length: n * n }, () => random());
  return (fx: number, fy: number) => {
    const gx = Math.min(Math.max(fx, 0), 0.999) * cells,
      gy = Math.min(Math.max(fy, 0), 0.999) * cells;
    const ix = Math.floor(gx),
      iy = Math.floor(gy),
      tx = gx - ix,
      ty = gy - iy;
    const at = (x: number, y: number) => grid[y * n + x]!;
    return (
      (at(ix, iy) * (1 - tx) + at(ix + 1, iy) * tx) * (1 - ty) +
      (at(ix, iy + 1) * (1 - tx) + at(ix + 1, iy + 1) * tx) * ty
    );
  };
}

/** The surface under the subject, one pixel at a time (RGB 0–255). */
function sceneShader(scene: Scene, random: Random, w: number, h: number) {
  const low = field(random, 6);
  const fine = field(random, 180);
  const hue = random.range(-1, 1);
  const base: Record<Scene, [number, number, number]> = {
    linen: [200 + hue * 20, 190, 170 - hue * 15],
    gingham: [random.pick([190, 60, 200]), random.pick([60, 120, 190]), random.pick([70, 180, 90])],
    carpet: [110 + hue * 30, 95, 85],
    laminate: [178, 176, 170 + hue * 10],
    bedsheet: [170 + hue * 40, 185, 205 - hue * 30],
    'dark-room': [34, 32, 36],
    granite: [120, 118, 116],
  };
  const [r0, g0, b0] = base[scene];
  const angle = random.range(0, Math.PI);
  const ca = Math.cos(angle),
    sa = Math.sin(angle);
  const period = w / random.range(18, 30);
  return (x: number, y: number, out: Float32Array, o: number) => {
    const fx = x / w,
      fy = y / h;
    let k = 0.85 + 0.3 * low(fx, fy);
    const rx = x * ca + y * sa,
      ry = -x * sa + y * ca;
    if (scene === 'linen') k *= 0.93 + 0.07 * Math.sin(rx * 1.7) * Math.sin(ry * 1.7) + 0.05 * fine(fx, fy);
    else if (scene === 'gingham') {
      const a = Math.floor(rx / period) & 1,
        b = Math.floor(ry / period) & 1;
      k *= a && b ? 0.55 : a || b ? 0.8 : 1.15;
    } else if (scene === 'carpet') k *= 0.7 + 0.6 * fine(fx, fy) + 0.15 * Math.sin(rx * 2.3);
    else if (scene === 'bedsheet') k *= 0.85 + 0.15 * Math.sin(rx / (w * 0.05) + 3 * low(fy, fx));
    else if (scene === 'granite') k *= 0.6 + 0.8 * fine((fx * 3) % 1, (fy * 3) % 1);
    else if (scene === 'laminate') k *= 0.97 + 0.06 * fine(fx, fy);
    out[o] = r0 * k;
    out[o + 1] = g0 * k;
    out[o + 2] = b0 * k;
  };
}

function bilinear(src: Raw, sx: number, sy: number, out: Float32Array, o: number) {
  const x0 = Math.floor(sx),
    y0 = Math.floor(sy);
  const tx = sx - x0,
    ty = sy - y0;
  const x1 = Math.min(x0 + 1, src.width - 1),
    y1 = Math.min(y0 + 1, src.height - 1);
  const d = src.data;
  const i00 = (y0 * src.width + x0) * 3,
    i10 = (y0 * src.width + x1) * 3;
  const i01 = (y1 * src.width + x0) * 3,
    i11 = (y1 * src.width + x1) * 3;
  for (let c = 0; c < 3; c++) {
    out[o + c] =
      (d[i00 + c]! * (1 - tx) + d[i10 + c]! * tx) * (1 - ty) +
      (d[i01 + c]! * (1 - tx) + d[i11 + c]! * tx) * ty;
  }
}

/** Bends (u, v) on the subject: a curled edge, a booklet's gutter. Returns shading too. */
function bend(shot: Shot, u: number, v: number): [number, number, number] {
  let shade = 1;
  if (shot.curl) {
    const flip = shot.curl.edge === 'left';
    const alongU = shot.curl.edge !== 'bottom';
    let t = alongU ? (flip ? 1 - u : u) : v;
    let s = alongU ? v : u;
    const t0 = 0.62;
    if (t > t0) {
      const d = (t - t0) / (1 - t0);
      const a = shot.curl.amount;
      t = t0 + (1 - t0) * (d + 0.9 * a * d * d);
      s += d * d * a * (0.12 + 0.18 * (s - 0.5));
      shade = 1 - 0.28 * a * d + 0.12 * a * Math.sin(d * Math.PI);
    }
    if (alongU) {
      u = flip ? 1 - t : t;
      v = s;
    } else {
      v = t;
      u = s;
    }
  }
  if (shot.gutter > 0) {
    // Gentle enough that letters near the gutter bend with their line and do not twist.
    const g = Math.exp(-(((u - 0.5) / 0.1) ** 2));
    v = v + shot.gutter * g * (v - 0.5) * 0.12 + shot.gutter * 0.015 * Math.sin(Math.PI * ((u * 2) % 1));
    u = u + shot.gutter * 0.015 * Math.sign(u - 0.5) * g;
    shade *= 1 - 0.5 * shot.gutter * g;
  }
  return [u, v, shade];
}

function gauss(random: Random): number {
  return (random() + random() + random() - 1.5) * 2;
}

/** Photographs the subject; returns the JPEG bytes. */
export async function photograph(subject: Raw, shot: Shot, random: Random): Promise<Buffer> {
  const { width: W, height: H } = shot;
  const img = new Float32Array(W * H * 3);
  const inv = invert(squareToQuad(shot.corners));
  const bg = sceneShader(shot.scene, random, W, H);
  const light = shot.light;
  const gradAngle = random.range(0, 2 * Math.PI);
  const shadow = {
    x: random.range(0.2, 0.8) * W,
    y: random.range(0.75, 1.1) * H,
    rx: random.range(0.25, 0.45) * W,
    ry: random.range(0.2, 0.35) * H,
  };
  const glare = {
    x: random.range(0.25, 0.75) * W,
    y: random.range(0.2, 0.7) * H,
    rx: random.range(0.12, 0.3) * W,
    ry: random.range(0.08, 0.22) * H,
  };
  const px = new Float32Array(3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      const wx = inv[0]! * x + inv[1]! * y + inv[2]!;
      const wy = inv[3]! * x + inv[4]! * y + inv[5]!;
      const ww = inv[6]! * x + inv[7]! * y + inv[8]!;
      const [u, v, shade] = bend(shot, wx / ww, wy / ww);
      let lit = 1;
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const sx = u * (subject.width - 1),
          sy = v * (subject.height - 1);
        if (shot.screen) {
          // Nearest screen pixel through an RGB stripe mask, sampled unfiltered.
          const ix = Math.floor(sx),
            iy = Math.floor(sy);
          const i = (iy * subject.width + ix) * 3;
          const fx = sx - ix,
            fy = sy - iy;
          const row = 0.82 + 0.18 * Math.cos(2 * Math.PI * fy);
          for (let c = 0; c < 3; c++) {
            const stripe = 0.6 + 0.4 * Math.cos(2 * Math.PI * (fx - (2 * c + 1) / 6));
            img[o + c] = subject.data[i + c]! * stripe * row * 1.3;
          }
          lit = 0.35; // an emitting screen shrugs off most of the room's light
        } else {
          bilinear(subject, sx, sy, px, 0);
          img[o] = px[0]! * shade;
          img[o + 1] = px[1]! * shade;
          img[o + 2] = px[2]! * shade;
        }
      } else {
        bg(x, y, img, o);
        // The page's own soft shadow on the surface, down and to the right.
        const du = Math.max(-u, u - 1, 0),
          dv = Math.max(-v, v - 1, 0);
        const dist = Math.max(du, dv);
        if (!shot.screen && dist < 0.03 && u > -0.01 && v > -0.01) {
          const k = 0.6 + 0.4 * (dist / 0.03);
          img[o] = img[o]! * k;
          img[o + 1] = img[o + 1]! * k;
          img[o + 2] = img[o + 2]! * k;
        }
      }
      const nx = x / W - 0.5,
        ny = y / H - 0.5;
      let k =
        light.gain *
        (1 - light.vignette * (nx * nx + ny * ny) * 2) *
        (1 + light.gradient * (nx * Math.cos(gradAngle) + ny * Math.sin(gradAngle)));
      if (light.handShadow) {
        const e = ((x - shadow.x) / shadow.rx) ** 2 + ((y - shadow.y) / shadow.ry) ** 2;
        k *= 1 - 0.4 * Math.min(1, Math.max(0, (1.3 - e) / 0.7));
      }
      k = lit === 1 ? k : 1 - lit + lit * k;
      let add = 0;
      if (shot.glare > 0) {
        const e = ((x - glare.x) / glare.rx) ** 2 + ((y - glare.y) / glare.ry) ** 2;
        add =
          shot.glare * 235 * Math.exp(-e) +
          (shot.screen ? shot.glare * 40 * Math.exp(-(((nx + ny) * 3) ** 2)) : 0);
      }
      img[o] = img[o]! * k * light.cast[0] + add;
      img[o + 1] = img[o + 1]! * k * light.cast[1] + add;
      img[o + 2] = img[o + 2]! * k * light.cast[2] + add;
    }
  }
  const blurred = shot.motion ? motionBlur(img, W, H, shot.motion) : img;
  const bytes = new Uint8ClampedArray(W * H * 3);
  for (let i = 0; i < bytes.length; i += 3) {
    const luma = gauss(random) * shot.noise;
    for (let c = 0; c < 3; c++) bytes[i + c] = blurred[i + c]! + luma + gauss(random) * shot.noise * 0.6;
  }
  let pipeline = sharp(Buffer.from(bytes.buffer), { raw: { width: W, height: H, channels: 3 } });
  if (shot.blur >= 0.3) pipeline = pipeline.blur(shot.blur);
  if (shot.rotate !== 0) pipeline = pipeline.rotate(shot.rotate);
  return pipeline.jpeg({ quality: shot.jpeg }).toBuffer();
}

/** A straight streak: the mean of the pixels along the camera's path. */
function motionBlur(
  img: Float32Array,
  W: number,
  H: number,
  m: { length: number; angle: number },
): Float32Array {
  const taps: number[] = [];
  const n = Math.max(2, Math.round(m.length));
  for (let i = 0; i < n; i++) {
    const t = i - (n - 1) / 2;
    taps.push(Math.round(t * Math.cos(m.angle)), Math.round(t * Math.sin(m.angle)));
  }
  const out = new Float32Array(img.length);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (let k = 0; k < taps.length; k += 2) {
        const sx = Math.min(W - 1, Math.max(0, x + taps[k]!)),
          sy = Math.min(H - 1, Math.max(0, y + taps[k + 1]!));
        const i = (sy * W + sx) * 3;
        r += img[i]!;
        g += img[i + 1]!;
        b += img[i + 2]!;
      }
      const o = (y * W + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}
