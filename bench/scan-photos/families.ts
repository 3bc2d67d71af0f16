/**
 * The families of photos: what is on the subject (a printed list, a handwritten one, a chat,
 * a screen, a booklet spread) and how it is photographed. Each draw takes its style from the
 * random source, so two splits made with two seeds share families but not looks or words.
 */
import type { Language } from '@spellwell/shared';
import type { Scene, Shot } from './camera.js';
import { docScreenshot, whiteboard } from './boards.js';
import { chatScreenshot, type ChatApp, type ChatMode } from './chats.js';
import type { FontKey } from './fonts.js';
import {
  listPage,
  PAGE_H,
  PAGE_W,
  storyPage,
  svgDoc,
  type ListStyle,
  type PageOptions,
  type Paper,
} from './pages.js';
import { text, type Random } from './svg.js';
import type { Entry } from './words.js';

export type Family =
  | 'curl'
  | 'laptop-screen'
  | 'phone-screen'
  | 'rotated'
  | 'motion-8mp'
  | 'low-light'
  | 'handwriting'
  | 'chat'
  | 'meaning'
  | 'blanks'
  | 'booklet'
  | 'whiteboard'
  | 'doc-screenshot';

export interface Draw {
  svg: string;
  fonts: FontKey[];
  /** Pixel width to render the subject at. */
  renderWidth: number;
  /** Missing: the screenshot itself is the image. */
  shot: Shot | null;
  kind: 'flat' | 'phone' | 'screenshot';
  description: string;
  /** The list's words the image shows, when not all of them (a chat cut by its input bar). */
  words?: string[];
}

const PRINT: Record<Language, FontKey[]> = {
  English: ['notoSans', 'notoSerif', 'roboto'],
  Malay: ['notoSans', 'notoSerif', 'roboto'],
  Chinese: ['notoSansSc', 'notoSerifSc'],
  Tamil: ['notoSansTamil', 'catamaran'],
};
const HAND: Record<Language, FontKey[]> = {
  English: ['caveat', 'patrickHand', 'schoolbell', 'indieFlower', 'kalam'],
  Malay: ['caveat', 'patrickHand', 'schoolbell', 'indieFlower', 'kalam'],
  Chinese: ['maShanZheng', 'longCang'],
  Tamil: ['kavivanar'],
};
const CHAT_FONT: Record<Language, FontKey> = {
  English: 'roboto',
  Malay: 'roboto',
  Chinese: 'notoSansSc',
  Tamil: 'notoSansTamil',
};

const ALL_STYLES: ListStyle[] = [
  'numbered',
  'numbered',
  'dash',
  'colon-sentence',
  'pipe',
  'table',
  'copy-blanks',
  'inline',
];

function page(
  language: Language,
  entries: Entry[],
  random: Random,
  over: Partial<PageOptions> = {},
): PageOptions {
  const hand = over.hand ?? false;
  const style = over.style ?? random.pick(language === 'Chinese' ? [...ALL_STYLES, 'inline'] : ALL_STYLES);
  return {
    language,
    entries,
    style,
    hand,
    font: random.pick(hand ? HAND[language] : PRINT[language]),
    paper: random.pick<Paper>(
      hand ? ['lined', 'lined', 'squared', 'white'] : ['white', 'white', 'cream', 'grey'],
    ),
    ink: hand
      ? random.pick(['#1f3a93', '#222222', '#4a4a4a', '#0d47a1'])
      : random.pick(['#111111', '#1a1a1a', '#0b3d91']),
    header: !hand && random.chance(0.6),
    footer: !hand && random.chance(0.5),
    columns: style === 'numbered' && entries.length > 10 && random.chance(0.4) ? 2 : 1,
    ...over,
  };
}

const fontsOf = (o: PageOptions): FontKey[] => [o.font, 'notoSans'];

/** Corners of a subject of aspect h/w placed in a frame, turned and in perspective. */
function place(
  random: Random,
  W: number,
  H: number,
  aspect: number,
  fill: number,
  tilt: number,
): [number, number][] {
  let ph = H * fill;
  let pw = ph / aspect;
  if (pw > W * fill) {
    pw = W * fill;
    ph = pw * aspect;
  }
  const cx = W / 2 + random.range(-0.04, 0.04) * W,
    cy = H / 2 + random.range(-0.04, 0.04) * H;
  const a = (random.range(-tilt, tilt) * Math.PI) / 180;
  const key = random.range(-0.06, 0.06);
  const base: [number, number][] = [
    [(-pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 + key), ph / 2],
    [(-pw / 2) * (1 + key), ph / 2],
  ];
  return base.map(([x, y]) => {
    const jx = random.range(-0.025, 0.025) * pw,
      jy = random.range(-0.025, 0.025) * ph;
    return [
      cx + (x + jx) * Math.cos(a) - (y + jy) * Math.sin(a),
      cy + (x + jx) * Math.sin(a) + (y + jy) * Math.cos(a),
    ];
  });
}

interface Camera {
  W: number;
  H: number;
  jpeg: number;
}
const PHONE_SIZES: Camera[] = [
  { W: 1512, H: 2016, jpeg: 80 },
  { W: 1536, H: 2048, jpeg: 84 },
  { W: 1200, H: 1600, jpeg: 78 },
  { W: 1836, H: 2448, jpeg: 72 },
];

function shotFor(random: Random, cam: Camera, aspect: number, over: Partial<Shot> = {}): Shot {
  return {
    width: cam.W,
    height: cam.H,
    scene: random.pick<Scene>(['linen', 'gingham', 'carpet', 'laminate', 'bedsheet', 'granite']),
    corners: place(random, cam.W, cam.H, aspect, random.range(0.74, 0.9), 9),
    curl: random.chance(0.35)
      ? { edge: random.pick(['right', 'bottom', 'left'] as const), amount: random.range(0.2, 0.5) }
      : null,
    gutter: 0,
    screen: false,
    light: {
      gain: random.range(0.92, 1.08),
      cast: [1, random.range(0.97, 1), random.range(0.9, 0.98)],
      vignette: random.range(0.05, 0.25),
      gradient: random.range(0, 0.25),
      handShadow: random.chance(0.25),
    },
    glare: 0,
    motion: null,
    blur: random.range(0.4, 0.9),
    noise: random.range(2, 5),
    jpeg: cam.jpeg,
    rotate: 0,
    ...over,
  };
}

const styleName = (o: PageOptions) =>
  `${o.hand ? `handwritten (${o.font})` : o.font} ${o.style} list on ${o.paper} paper${o.header ? ', school header' : ''}${o.footer ? ', footer' : ''}${o.columns === 2 ? ', two columns' : ''}`;
const shotName = (s: Shot) =>
  [
    `${((s.width * s.height) / 1e6).toFixed(1)} MP q${s.jpeg}`,
    s.scene,
    s.curl ? `page curl (${s.curl.edge})` : '',
    s.rotate ? `turned ${s.rotate}° without EXIF` : '',
    s.motion ? `motion blur ${Math.round(s.motion.length)} px` : '',
    s.glare ? 'glare' : '',
    s.light.gain < 0.7 ? 'low light with a colour cast' : '',
  ]
    .filter(Boolean)
    .join(', ');

/** One image of a family: what to render and how to photograph it. */
export function drawFamily(family: Family, language: Language, entries: Entry[], random: Random): Draw {
  const pageDraw = (o: PageOptions, shot: Shot, width = 1500): Draw => ({
    svg: svgDoc(listPage(o, random), PAGE_W, PAGE_H),
    fonts: fontsOf(o),
    renderWidth: width,
    shot,
    kind: 'phone',
    description: `${styleName(o)}; ${shotName(shot)}`,
  });
  const aspect = PAGE_H / PAGE_W;
  switch (family) {
    case 'curl': {
      const big = random.chance(0.3);
      const cam = big ? { W: 3024, H: 4032, jpeg: 80 } : random.pick(PHONE_SIZES);
      const shot = shotFor(random, cam, aspect, {
        curl: { edge: random.pick(['right', 'bottom', 'left'] as const), amount: random.range(0.5, 0.9) },
      });
      return pageDraw(page(language, entries, random), shot, cam.W);
    }
    case 'rotated': {
      const cam = random.chance(0.25) ? { W: 3024, H: 4032, jpeg: 85 } : random.pick(PHONE_SIZES);
      const shot = shotFor(random, cam, aspect, { rotate: random.pick([90, 180, 270] as const) });
      return pageDraw(page(language, entries, random), shot, cam.W);
    }
    case 'motion-8mp': {
      const cam = { W: 2448, H: 3264, jpeg: 55 };
      const shot = shotFor(random, cam, aspect, {
        motion: { length: random.range(9, 18), angle: random.range(0, Math.PI) },
        noise: random.range(4, 7),
      });
      return pageDraw(page(language, entries, random), shot, cam.W);
    }
    case 'low-light': {
      const cast = random.pick<[number, number, number]>([
        [1.18, 0.95, 0.62],
        [0.88, 1.06, 0.84],
        [0.82, 0.92, 1.2],
      ]);
      const shot = shotFor(random, random.pick(PHONE_SIZES), aspect, {
        light: {
          gain: random.range(0.42, 0.58),
          cast,
          vignette: random.range(0.3, 0.5),
          gradient: random.range(0.2, 0.45),
          handShadow: random.chance(0.4),
        },
        noise: random.range(9, 14),
        blur: random.range(0.8, 1.3),
      });
      return pageDraw(page(language, entries, random), shot, shot.width);
    }
    case 'handwriting': {
      const o = page(language, entries, random, {
        hand: true,
        style: random.pick<ListStyle>(['numbered', 'numbered', 'dash', 'copy-blanks', 'inline']),
      });
      return pageDraw(o, shotFor(random, random.pick(PHONE_SIZES), aspect), 1600);
    }
    case 'meaning': {
      const o = page(language, entries, random, {
        style: random.pick<ListStyle>(['dash', 'colon-sentence', 'pipe', 'table']),
      });
      if (random.chance(0.3))
        return {
          ...pageDraw(o, shotFor(random, PHONE_SIZES[0]!, aspect)),
          shot: null,
          kind: 'flat',
          renderWidth: 1240,
          description: `${styleName(o)}; saved flat`,
        };
      return pageDraw(o, shotFor(random, random.pick(PHONE_SIZES), aspect));
    }
    case 'blanks': {
      const o = page(language, entries, random, {
        style: random.pick<ListStyle>(['copy-blanks', 'word-bank']),
      });
      return pageDraw(o, shotFor(random, random.pick(PHONE_SIZES), aspect));
    }
    case 'booklet': {
      const o = page(language, entries, random, {
        header: false,
        footer: random.chance(0.5),
        style: random.pick<ListStyle>(['numbered', 'dash', 'table', 'word-bank']),
      });
      const story = storyPage(language, o.font, o.paper, random);
      const svg = svgDoc(
        `${story}<g transform="translate(${PAGE_W} 0)">${listPage(o, random)}</g>`,
        PAGE_W * 2,
        PAGE_H,
      );
      const cam = { W: 3264, H: 2448, jpeg: 82 };
      const shot = shotFor(random, cam, PAGE_H / (2 * PAGE_W), {
        gutter: random.range(0.6, 1),
        curl: null,
        corners: place(random, cam.W, cam.H, PAGE_H / (2 * PAGE_W), 0.92, 5),
      });
      return {
        svg,
        fonts: fontsOf(o),
        renderWidth: 3000,
        shot,
        kind: 'phone',
        description: `booklet spread: a story page beside a ${styleName(o)}; ${shotName(shot)}`,
      };
    }
    case 'chat':
    case 'phone-screen': {
      const app = random.pick<ChatApp>([
        'whatsapp',
        'whatsapp-dark',
        'wechat',
        'telegram',
        'imessage',
        'line',
      ]);
      const mode = random.pick<ChatMode>(['bubble-each', 'one-line', 'one-line', 'numbered-bubble']);
      const chat = chatScreenshot({ app, mode, language, entries, font: CHAT_FONT[language] }, random);
      const what = `${app} chat, words ${mode === 'bubble-each' ? 'one per bubble' : mode === 'one-line' ? 'in one bubble on one line' : 'numbered in one bubble'}`;
      if (family === 'chat') {
        return {
          svg: svgDoc(chat.svg, chat.width, chat.height),
          fonts: [CHAT_FONT[language], 'notoSans'],
          renderWidth: chat.width,
          shot: null,
          kind: 'screenshot',
          description: `${what}; screenshot`,
          words: chat.shown,
        };
      }
      // The chat on a phone, photographed by another phone: bezel, moiré, glare.
      const b = 60;
      const svg = svgDoc(
        `<rect width="${chat.width + 2 * b}" height="${chat.height + 2 * b}" rx="28" fill="#0c0c0c"/><g transform="translate(${b} ${b})">${chat.svg}</g>`,
        chat.width + 2 * b,
        chat.height + 2 * b,
      );
      const cam = random.pick(PHONE_SIZES);
      const shot = shotFor(random, cam, (chat.height + 2 * b) / (chat.width + 2 * b), {
        screen: true,
        glare: random.range(0.25, 0.5),
        curl: null,
        scene: random.pick<Scene>(['dark-room', 'laminate', 'linen']),
        corners: place(
          random,
          cam.W,
          cam.H,
          (chat.height + 2 * b) / (chat.width + 2 * b),
          random.range(0.8, 0.92),
          7,
        ),
      });
      return {
        svg,
        fonts: [CHAT_FONT[language], 'notoSans'],
        renderWidth: chat.width + 2 * b,
        shot,
        kind: 'phone',
        description: `${what}; on a phone screen photographed (moiré); ${shotName(shot)}`,
        words: chat.shown,
      };
    }
    case 'whiteboard': {
      const board = whiteboard(language, entries, random);
      const cam = random.pick([
        { W: 2560, H: 1920, jpeg: 80 },
        { W: 2016, H: 1512, jpeg: 84 },
      ]);
      const aspectBoard = board.height / board.width;
      const shot = shotFor(random, cam, aspectBoard, {
        scene: 'laminate',
        curl: null,
        glare: random.range(0.25, 0.45),
        corners: place(random, cam.W, cam.H, aspectBoard, random.range(0.8, 0.95), 5),
      });
      return {
        svg: svgDoc(board.svg, board.width, board.height),
        fonts: [board.font, 'notoSans'],
        renderWidth: cam.W,
        shot,
        kind: 'phone',
        description: `whiteboard in marker (${board.font}), a date and a note beside the list; ${shotName(shot)}`,
      };
    }
    case 'doc-screenshot': {
      const o = page(language, entries, random);
      const shot = docScreenshot(o, random);
      return {
        svg: svgDoc(shot.svg, shot.width, shot.height),
        fonts: fontsOf(o),
        renderWidth: shot.width,
        shot: null,
        kind: 'screenshot',
        description: `${styleName(o)} in a phone's PDF viewer; screenshot`,
      };
    }
    case 'laptop-screen': {
      const o = page(language, entries, random, {
        style: random.pick<ListStyle>(['numbered', 'dash', 'table', 'inline']),
      });
      const SW = 1440,
        SH = 900;
      const scale = (SH - 150) / PAGE_H;
      const px = (SW - PAGE_W * scale) / 2;
      const chrome = [
        `<rect width="${SW}" height="${SH}" fill="#5f6368"/>`,
        `<rect width="${SW}" height="80" fill="#dee1e6"/>`,
        `<rect x="10" y="8" width="320" height="34" rx="8" fill="#fff"/>`,
        text(24, 32, random.pick(['Spelling list.pdf', 'Week 7 words - Docs', 'Class portal']), {
          font: 'notoSans',
          size: 15,
          fill: '#333',
        }),
        `<rect x="80" y="46" width="900" height="28" rx="14" fill="#fff"/>`,
        text(100, 66, random.pick(['school-portal.edu/files/spelling-list.pdf', 'drive/file/d/1x9Qw/view']), {
          font: 'notoSans',
          size: 14,
          fill: '#555',
        }),
        `<rect y="80" width="${SW}" height="40" fill="#323639"/>`,
        text(20, 106, `1 / 1     ${Math.round(scale * 100)}%`, { font: 'notoSans', size: 15, fill: '#eee' }),
        `<g transform="translate(${px} 130) scale(${scale})">${listPage(o, random)}</g>`,
      ].join('\n');
      const b = 40;
      const svg = svgDoc(
        `<rect width="${SW + 2 * b}" height="${SH + 2 * b}" rx="20" fill="#111"/><g transform="translate(${b} ${b})">${chrome}</g>`,
        SW + 2 * b,
        SH + 2 * b,
      );
      const cam = random.pick([
        { W: 2016, H: 1512, jpeg: 82 },
        { W: 2560, H: 1920, jpeg: 78 },
      ]);
      const aspectScreen = (SH + 2 * b) / (SW + 2 * b);
      const shot = shotFor(random, cam, aspectScreen, {
        screen: true,
        glare: random.range(0.3, 0.6),
        curl: null,
        scene: 'dark-room',
        corners: place(random, cam.W, cam.H, aspectScreen, random.range(0.82, 0.95), 6),
      });
      return {
        svg,
        fonts: fontsOf(o),
        renderWidth: SW + 2 * b,
        shot,
        kind: 'phone',
        description: `laptop screen showing a ${styleName(o)} in a PDF viewer, photographed (moiré, glare); ${shotName(shot)}`,
      };
    }
  }
}
