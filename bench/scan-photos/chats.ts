/**
 * Chat screenshots in the styles of the apps parents use (WhatsApp light and dark, WeChat,
 * Telegram, iMessage, LINE): the teacher's words one per bubble, or all in one bubble after a
 * lead ("Spelling words: a, b, c" / "听写词语：春天、夏天"), or numbered inside one bubble,
 * among the chat's own chrome: names, times, a date chip, replies and the input bar.
 */
import type { Language } from '@spellwell/shared';
import type { FontKey } from './fonts.js';
import { PHRASES } from './phrases.js';
import { text, width, wrap, type Random } from './svg.js';
import type { Entry } from './words.js';

export type ChatApp = 'whatsapp' | 'whatsapp-dark' | 'wechat' | 'telegram' | 'imessage' | 'line';
export type ChatMode = 'bubble-each' | 'one-line' | 'numbered-bubble';

interface Theme {
  bg: string;
  bar: string;
  barText: string;
  inBubble: string;
  outBubble: string;
  inText: string;
  outText: string;
  meta: string;
  chip: string;
  chipText: string;
  input: string;
  inputText: string;
  placeholder: string;
  timeInside: boolean;
}

const THEMES: Record<ChatApp, Theme> = {
  whatsapp: {
    bg: '#efe7de',
    bar: '#008069',
    barText: '#fff',
    inBubble: '#ffffff',
    outBubble: '#d9fdd3',
    inText: '#111b21',
    outText: '#111b21',
    meta: '#667781',
    chip: '#ffffff',
    chipText: '#54656f',
    input: '#ffffff',
    inputText: '#8696a0',
    placeholder: 'Message',
    timeInside: true,
  },
  'whatsapp-dark': {
    bg: '#0b141a',
    bar: '#1f2c34',
    barText: '#e9edef',
    inBubble: '#202c33',
    outBubble: '#005c4b',
    inText: '#e9edef',
    outText: '#e9edef',
    meta: '#8696a0',
    chip: '#182229',
    chipText: '#8696a0',
    input: '#1f2c34',
    inputText: '#8696a0',
    placeholder: 'Message',
    timeInside: true,
  },
  wechat: {
    bg: '#ededed',
    bar: '#ededed',
    barText: '#111',
    inBubble: '#ffffff',
    outBubble: '#95ec69',
    inText: '#111',
    outText: '#111',
    meta: '#9a9a9a',
    chip: '#dadada',
    chipText: '#fff',
    input: '#f7f7f7',
    inputText: '#aaa',
    placeholder: '',
    timeInside: false,
  },
  telegram: {
    bg: '#a7c78f',
    bar: '#517da2',
    barText: '#fff',
    inBubble: '#ffffff',
    outBubble: '#effedd',
    inText: '#000',
    outText: '#000',
    meta: '#6f9b5e',
    chip: '#6c9a5ccc',
    chipText: '#fff',
    input: '#ffffff',
    inputText: '#9aa',
    placeholder: 'Message',
    timeInside: true,
  },
  imessage: {
    bg: '#ffffff',
    bar: '#f6f6f6',
    barText: '#000',
    inBubble: '#e9e9eb',
    outBubble: '#0b84ff',
    inText: '#000',
    outText: '#fff',
    meta: '#8e8e93',
    chip: '#ffffff',
    chipText: '#8e8e93',
    input: '#ffffff',
    inputText: '#c4c4c6',
    placeholder: 'iMessage',
    timeInside: false,
  },
  line: {
    bg: '#8cabd9',
    bar: '#283444',
    barText: '#fff',
    inBubble: '#ffffff',
    outBubble: '#8de055',
    inText: '#111',
    outText: '#111',
    meta: '#324b6e',
    chip: '#6f8fbd',
    chipText: '#fff',
    input: '#ffffff',
    inputText: '#aaa',
    placeholder: 'Aa',
    timeInside: false,
  },
};

const TEACHERS = ['Mrs Tan (3B)', 'Cikgu Aminah', 'Ms Kavitha', '王老师', 'Mr Lee', 'Teacher Siti'];
const PARENTS = ['Jia Hui Mum', 'Rahman', 'Priya', 'Daniel’s Dad', '小明妈妈', 'Mei Ling'];
const GROUPS: Record<Language, string[]> = {
  English: ['P3 Parents 2025', 'Class 2 Rose', 'Spelling group'],
  Chinese: ['二年级三班家长群', '华文听写群', '三年级家长'],
  Malay: ['Ibu Bapa 2 Bestari', 'Kelas 3 Cemerlang'],
  Tamil: ['3ஆம் வகுப்பு பெற்றோர்', 'Tamil class parents'],
};

interface Message {
  from: 'in' | 'out';
  name?: string;
  lines: string[];
  /** The list's words this message shows (none for the chatter around the list). */
  words?: string[];
}

export interface ChatOptions {
  app: ChatApp;
  mode: ChatMode;
  language: Language;
  entries: Entry[];
  font: FontKey;
}

const time = (random: Random, app: ChatApp) => {
  const h = random.int(7, 21);
  const m = String(random.int(0, 59)).padStart(2, '0');
  return app === 'wechat' || app === 'telegram'
    ? `${h}:${m}`
    : `${((h + 11) % 12) + 1}:${m} ${h < 12 ? 'am' : 'pm'}`;
};

/** The messages: a greeting, the list as the mode says, and a couple of replies. */
function messages(o: ChatOptions, random: Random): Message[] {
  const p = PHRASES[o.language];
  const teacher = random.pick(TEACHERS);
  const lead = random.pick(p.chatListLead);
  const out: Message[] = [{ from: 'in', name: teacher, lines: [random.pick(p.chatIntro)] }];
  const words = o.entries.map((e) => e.word);
  if (o.mode === 'bubble-each') {
    out.push({ from: 'in', name: teacher, lines: [lead] });
    for (const w of words) out.push({ from: 'in', lines: [w], words: [w] });
  } else if (o.mode === 'one-line') {
    const sep = random.pick(p.separators);
    out.push({ from: 'in', name: teacher, lines: [`${lead} ${words.join(sep)}`], words });
  } else {
    out.push({
      from: 'in',
      name: teacher,
      lines: [lead, ...words.map((w, i) => `${i + 1}. ${w}`)],
      words,
    });
  }
  for (let i = random.int(1, 3); i > 0; i--) {
    out.push({
      from: random.chance(0.5) ? 'out' : 'in',
      name: random.pick(PARENTS),
      lines: [random.pick(p.chatReplies)],
    });
  }
  return out;
}

/**
 * A phone screenshot of the chat: its SVG, its size in pixels and the list's words it shows. A
 * message that does not fit above the input bar is not drawn (nor any after it), so a long list
 * may show only its first words, or none of them: `shown` is what a scan can find.
 */
export function chatScreenshot(
  o: ChatOptions,
  random: Random,
): { svg: string; width: number; height: number; shown: string[] } {
  const ios = o.app === 'imessage' || random.chance(0.3);
  const W = ios ? 1170 : 1080;
  const H = ios ? 2532 : 2340;
  const t = THEMES[o.app];
  const font = o.font;
  const size = ios ? 50 : 42;
  const meta = size * 0.66;
  const out: string[] = [`<rect width="${W}" height="${H}" fill="${t.bg}"/>`];
  if (o.app === 'telegram' || o.app === 'whatsapp') {
    // The faint doodle wallpaper.
    for (let i = 0; i < 140; i++) {
      out.push(
        `<circle cx="${random.int(0, W)}" cy="${random.int(0, H)}" r="${random.int(6, 22)}" fill="none" stroke="${o.app === 'telegram' ? '#98ba80' : '#e4dbd0'}" stroke-width="3"/>`,
      );
    }
  }
  // Status bar and the app's title bar.
  const statusH = ios ? 140 : 90;
  const barH = ios ? 150 : 170;
  out.push(`<rect width="${W}" height="${statusH + barH}" fill="${t.bar}"/>`);
  out.push(
    text(ios ? 110 : 50, statusH * 0.66, time(random, 'wechat'), {
      font: 'notoSans',
      size: 40,
      fill: t.barText,
    }),
  );
  out.push(
    `<rect x="${W - 150}" y="${statusH * 0.35}" width="80" height="38" rx="8" fill="none" stroke="${t.barText}" stroke-width="3"/><rect x="${W - 144}" y="${statusH * 0.35 + 6}" width="${random.int(30, 66)}" height="26" rx="4" fill="${t.barText}"/>`,
  );
  const group = random.pick(GROUPS[o.language]);
  const titleY = statusH + barH * 0.45;
  out.push(
    text(ios ? W / 2 : 190, titleY, group, {
      font,
      size: 48,
      fill: t.barText,
      anchor: ios ? 'middle' : 'start',
      bold: true,
    }),
  );
  out.push(
    text(
      ios ? W / 2 : 190,
      titleY + 52,
      random.pick(['Mrs Tan, You, +28', 'tap here for group info', '32 members', 'online']),
      { font: 'notoSans', size: 32, fill: t.barText, anchor: ios ? 'middle' : 'start', opacity: 0.8 },
    ),
  );
  out.push(text(40, titleY + 20, ios ? '‹' : '←', { font: 'notoSans', size: 70, fill: t.barText }));
  if (!ios) out.push(`<circle cx="130" cy="${titleY + 4}" r="40" fill="#cfd8dc"/>`);

  let y = statusH + barH + 60;
  const chipLabel = random.pick(
    o.language === 'Chinese'
      ? ['今天', '昨天 20:15', '星期三']
      : ['Today', 'Yesterday', 'TODAY', 'Wednesday'],
  );
  const chipW = width(chipLabel, meta, 'notoSans') + 60;
  out.push(
    `<rect x="${(W - chipW) / 2}" y="${y - meta - 10}" width="${chipW}" height="${meta + 36}" rx="18" fill="${t.chip}"/>`,
  );
  out.push(
    text(W / 2, y + 6, chipLabel, {
      font: o.language === 'Chinese' ? font : 'notoSans',
      size: meta,
      fill: t.chipText,
      anchor: 'middle',
    }),
  );
  y += 70;

  const maxText = W * 0.68;
  const avatar = o.app === 'wechat' || o.app === 'line';
  const shown: string[] = [];
  for (const m of messages(o, random)) {
    const lines = m.lines.flatMap((l) => wrap(l, size, font, maxText));
    const showName = m.from === 'in' && m.name !== undefined && o.app !== 'imessage';
    const stamp = time(random, o.app);
    const textW = Math.max(
      ...lines.map((l) => width(l, size, font)),
      showName ? width(m.name!, meta, font) : 0,
    );
    const stampW = t.timeInside ? width(stamp, meta, 'notoSans') + (m.from === 'out' ? 60 : 20) : 0;
    const bw = Math.min(
      W * 0.8,
      Math.max(textW + 64, lines.length === 1 ? textW + stampW + 80 : stampW + 60, 150),
    );
    const lineH = size * 1.36;
    const bh = (showName ? meta * 1.5 : 0) + lines.length * lineH + (t.timeInside ? meta * 1.1 : 0) + 40;
    if (y + bh > H - 260) break;
    shown.push(...(m.words ?? []));
    const x = m.from === 'in' ? (avatar ? 150 : 36) : W - 36 - bw - (avatar ? 114 : 0);
    if (avatar) {
      const ax = m.from === 'in' ? 30 : W - 130;
      out.push(
        `<rect x="${ax}" y="${y}" width="100" height="100" rx="12" fill="${random.pick(['#f4a261', '#2a9d8f', '#8ab17d', '#e76f51'])}"/>`,
      );
    }
    out.push(
      `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" rx="${o.app === 'imessage' ? 44 : 20}" fill="${m.from === 'in' ? t.inBubble : t.outBubble}"/>`,
    );
    let ty = y + 20;
    if (showName) {
      ty += meta * 1.1;
      out.push(
        text(x + 30, ty, m.name!, {
          font,
          size: meta,
          fill: random.pick(['#d45d79', '#1f7aec', '#c2703d', '#3ba55c']),
          bold: true,
        }),
      );
      ty += meta * 0.4;
    }
    for (const l of lines) {
      ty += lineH;
      out.push(
        text(x + 32, ty - size * 0.3, l, { font, size, fill: m.from === 'in' ? t.inText : t.outText }),
      );
    }
    if (t.timeInside) {
      out.push(
        text(x + bw - 24, y + bh - 18, stamp, { font: 'notoSans', size: meta, fill: t.meta, anchor: 'end' }),
      );
    } else if (o.app === 'line') {
      out.push(
        text(m.from === 'in' ? x + bw + 14 : x - 14, y + bh - 6, stamp, {
          font: 'notoSans',
          size: meta * 0.9,
          fill: t.meta,
          anchor: m.from === 'in' ? 'start' : 'end',
        }),
      );
    }
    y += bh + (lines.length === 1 && m.name === undefined ? 14 : 30);
  }
  if (o.app === 'imessage')
    out.push(
      text(W - 50, y + 20, 'Delivered', { font: 'notoSans', size: meta, fill: t.meta, anchor: 'end' }),
    );
  // The input bar.
  const barY = H - (ios ? 200 : 170);
  out.push(
    `<rect x="0" y="${barY}" width="${W}" height="${H - barY}" fill="${o.app === 'wechat' ? '#f7f7f7' : t.bg}"/>`,
  );
  out.push(
    `<rect x="30" y="${barY + 25}" width="${W - 190}" height="110" rx="55" fill="${t.input}" stroke="#ddd"/>`,
  );
  if (t.placeholder)
    out.push(text(110, barY + 96, t.placeholder, { font: 'notoSans', size: 42, fill: t.inputText }));
  out.push(
    `<circle cx="${W - 80}" cy="${barY + 80}" r="54" fill="${o.app === 'whatsapp' || o.app === 'whatsapp-dark' ? '#00a884' : '#3a86ff'}"/>`,
  );
  return { svg: out.join('\n'), width: W, height: H, shown };
}
