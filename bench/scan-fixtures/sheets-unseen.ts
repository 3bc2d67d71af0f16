/**
 * Worksheets made in issue 18's fourth round, after its fixes, to see whether they hold on
 * images nobody tuned for: other words and lengths, other fonts and sizes (a Comic-like school
 * font, serif, 12 to 20 pt), stronger perspective and darker shadows, a pale desk, EXIF
 * orientations 3 and 8, a four-column table, lettered numbering, an unnumbered list with an
 * instruction at its top, a dark-mode chat with reactions and quoted replies, a Malay chat.
 * Each was measured before any change made for it (docs/history/ocr-rounds.md, "4th round, unseen").
 */
import type { Language } from '@spellwell/shared';
import {
  answerLines,
  chinese,
  dot,
  esc,
  FONT,
  flat,
  formLine,
  page,
  paren,
  phone,
  type Capture,
  type Desk,
  type Numbering,
  type Sheet,
} from './sheets.js';

const spaced: Numbering = (i) => `${i + 1} )`;
const lettered: Numbering = (i) => `(${'abcdefghijklmnopqrstuvwxyz'[i]})`;
const letterDot: Numbering = (i) => `${'abcdefghijklmnopqrstuvwxyz'[i]}.`;

/** The page's font and size, over page()'s defaults. */
const typeface = (family: string, px: number) => `.page { font-family: ${family}; font-size: ${px}px; }`;

function list(
  language: Language,
  parts: { title: string; note?: string; words: string[]; numbering?: Numbering; footer?: string },
  css: string,
): string {
  const items = parts.words
    .map((w, i) => `<li>${parts.numbering ? `${parts.numbering(i)}&nbsp; ` : ''}${esc(w)}</li>`)
    .join('');
  return page(
    language,
    `<h1>${esc(parts.title)}</h1><div class="form">${formLine[language]}</div>${
      parts.note ? `<p class="note">${esc(parts.note)}</p>` : ''
    }<ol>${items}</ol>${parts.footer ? `<div class="foot">${esc(parts.footer)}</div>` : ''}`,
    `${css} .foot { margin-top: 36px; font-size: 0.85em; }`,
  );
}

/** A word table with any number of columns; `rows` hold the cells after the row number. */
function wideTable(language: Language, title: string, headers: string[], rows: string[][], css = ''): string {
  const style = `
    table { border-collapse: collapse; width: 100%; margin-top: 8px; }
    th, td { border: 1.5px solid #333; padding: 8px 10px; text-align: left; }
    th { background: #ddd; } td:first-child, th:first-child { width: 64px; text-align: center; }
    ${css}`;
  const body = rows
    .map((cells, i) => `<tr><td>${i + 1}</td>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('');
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div><table><tr>${headers
      .map((h) => `<th>${esc(h)}</th>`)
      .join('')}</tr>${body}</table>`,
    style,
  );
}

/** Chinese phrases in one column, hanyu pinyin above each. */
function pinyinColumn(title: string, note: string, words: string[], pinyin: string[], numbering: Numbering) {
  const items = words
    .map(
      (w, i) =>
        `<div class="item"><div class="py">${esc(pinyin[i]!)}</div><div class="zh">${numbering(i)}${esc(w)}</div></div>`,
    )
    .join('');
  return page(
    'Chinese',
    `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div><p class="note">${esc(note)}</p>${items}`,
    `.page { font-family: 'Noto Serif CJK SC', serif; }
     .item { margin-bottom: 10px; } .py { font-size: 17px; margin-left: 60px; font-family: 'Noto Sans', sans-serif; letter-spacing: 1px; }
     .zh { font-size: 28px; }`,
  );
}

interface Message {
  from: string;
  time: string;
  lines: string[];
  mine?: boolean;
  reaction?: string;
  /** A quoted earlier message this one replies to. */
  quote?: { from: string; text: string };
}

interface ChatTheme {
  page: string;
  bar: string;
  barText: string;
  bubble: string;
  mine: string;
  text: string;
  muted: string;
  name: string;
  quote: string;
  chip: string;
}

const WHATSAPP_DARK: ChatTheme = {
  page: '#0b141a',
  bar: '#1f2c34',
  barText: '#e9edef',
  bubble: '#202c33',
  mine: '#005c4b',
  text: '#e9edef',
  muted: '#8696a0',
  name: '#53bdeb',
  quote: '#1a2328',
  chip: '#182229',
};

const TELEGRAM_LIGHT: ChatTheme = {
  page: '#d5e4c8',
  bar: '#517da2',
  barText: '#ffffff',
  bubble: '#ffffff',
  mine: '#effdde',
  text: '#000000',
  muted: '#8a9aa8',
  name: '#3a8ac8',
  quote: '#eef4f9',
  chip: 'rgba(0,0,0,0.25)',
};

/** A chat screenshot in a given app's colours: status bar, group bar, bubbles, quotes, reactions. */
function chatScreen(
  language: Language,
  theme: ChatTheme,
  chrome: { status: [string, string]; group: string; members: string; day: string; input: string },
  messages: Message[],
): string {
  const bubbles = messages
    .map((m) => {
      const quote = m.quote
        ? `<div class="q"><div class="qn">${esc(m.quote.from)}</div><div class="qt">${esc(m.quote.text)}</div></div>`
        : '';
      const from = m.mine ? '' : `<div class="from">${esc(m.from)}</div>`;
      const lines = m.lines.map((l) => `<div>${esc(l)}</div>`).join('');
      const reaction = m.reaction ? `<div class="r">${esc(m.reaction)}</div>` : '';
      return `<div class="msg ${m.mine ? 'mine' : ''}"><div class="b">${from}${quote}${lines}<div class="t">${esc(m.time)}${m.mine ? ' ✓✓' : ''}</div></div>${reaction}</div>`;
    })
    .join('');
  const chromeFont = "'Noto Sans', sans-serif";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; width: 412px; font-family: ${FONT[language]}, 'Noto Sans', 'Noto Color Emoji', sans-serif; background: ${theme.page}; color: ${theme.text}; font-size: 15.5px; }
    .status { background: ${theme.bar}; color: ${theme.barText}; display: flex; justify-content: space-between; padding: 4px 14px; font-size: 13px; font-family: ${chromeFont}; }
    .bar { background: ${theme.bar}; color: ${theme.barText}; padding: 8px 14px 10px; font-family: ${chromeFont}; display: flex; gap: 10px; align-items: center; }
    .avatar { width: 36px; height: 36px; border-radius: 50%; background: #6b8e9f; }
    .bar .g { font-size: 17px; font-weight: 600; } .bar .s { font-size: 12px; opacity: .75; }
    .day { text-align: center; margin: 10px; } .day span { background: ${theme.chip}; color: ${theme.muted}; padding: 3px 10px; border-radius: 6px; font-size: 12px; font-family: ${chromeFont}; }
    .msgs { padding: 6px 10px 70px; }
    .msg { display: flex; flex-direction: column; align-items: flex-start; margin: 6px 0; }
    .msg.mine { align-items: flex-end; }
    .b { background: ${theme.bubble}; border-radius: 8px; padding: 6px 9px 4px; max-width: 84%; line-height: 1.42; }
    .mine .b { background: ${theme.mine}; }
    .from { color: ${theme.name}; font-size: 13px; font-weight: 600; font-family: ${chromeFont}; }
    .q { background: ${theme.quote}; border-left: 4px solid ${theme.name}; border-radius: 5px; padding: 3px 8px; margin: 2px 0 4px; font-size: 13px; }
    .qn { color: ${theme.name}; font-weight: 600; font-family: ${chromeFont}; }
    .qt { color: ${theme.muted}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 270px; }
    .t { text-align: right; color: ${theme.muted}; font-size: 11px; font-family: ${chromeFont}; }
    .r { background: ${theme.bubble}; border: 1px solid ${theme.page}; border-radius: 12px; padding: 1px 7px; font-size: 13px; margin: -6px 0 0 14px; }
    .input { position: fixed; bottom: 0; left: 0; right: 0; background: ${theme.bar}; padding: 12px 16px; color: ${theme.muted}; font-family: ${chromeFont}; display: flex; justify-content: space-between; }
  </style></head><body>
    <div class="status"><span>${esc(chrome.status[0])}</span><span>${esc(chrome.status[1])}</span></div>
    <div class="bar"><div class="avatar"></div><div><div class="g">${esc(chrome.group)}</div><div class="s">${esc(chrome.members)}</div></div></div>
    <div class="msgs"><div class="day"><span>${esc(chrome.day)}</span></div>${bubbles}</div>
    <div class="input"><span>☺ &nbsp;${esc(chrome.input)}</span><span>📎 📷 🎤</span></div>
  </body></html>`;
}

const EN_SERIF = [
  'accommodate',
  'rhythm',
  'conscience',
  'embarrass',
  'Wednesday',
  'pronunciation',
  'mischievous',
  'committee',
  'questionnaire',
  'parallel',
  'vacuum',
  'millennium',
];
const EN_SHORT = [
  'cat',
  'ship',
  'frog',
  'jump',
  'swim',
  'green',
  'lunch',
  'sleep',
  'the',
  'was',
  'said',
  'they',
];
const EN_LONG = [
  'answer',
  'appear',
  'arrive',
  'breathe',
  'build',
  'business',
  'centre',
  'circle',
  'complete',
  'consider',
  'continue',
  'decide',
  'describe',
  'disappear',
  'eighth',
  'experiment',
];
const EN_TABLE4: [string, string, string][] = [
  ['adj.', 'anxious', 'feeling worried'],
  ['verb', 'borrow', 'to take and give back later'],
  ['noun', 'courage', 'being brave'],
  ['adj.', 'delicious', 'tasting very good'],
  ['verb', 'explore', 'to travel to find out about a place'],
  ['adj.', 'fragile', 'easily broken'],
  ['verb', 'gather', 'to come together'],
  ['noun', 'harvest', 'crops that are picked'],
  ['verb', 'invent', 'to make something new'],
  ['noun', 'lantern', 'a lamp you can carry'],
];
const EN_DARK = [
  'octopus',
  'penguin',
  'squirrel',
  'tortoise',
  'dolphin',
  'butterfly',
  'crocodile',
  'hedgehog',
  'ostrich',
  'peacock',
];
const EN_DOTTED_PHRASES = [
  'hot chocolate',
  'traffic light',
  'summer holiday',
  'best friend',
  'thunderstorm',
  'rubbish bin',
  'playground',
  'toothbrush',
  'pencil case',
  'rainbow',
];
const EN_UNNUMBERED = [
  'whale',
  'shark',
  'seaweed',
  'coral',
  'starfish',
  'jellyfish',
  'lobster',
  'seahorse',
  'oyster',
  'crab',
];
const MS_CHAT = [
  'kapal terbang',
  'sayur-sayuran',
  'buah-buahan',
  'lebah',
  'semut',
  'rama-rama',
  'kolam',
  'padi',
  'sawah',
  'kerbau',
];
const MS_SERIF = [
  'bertanding',
  'kemerdekaan',
  'perpaduan',
  'kebudayaan',
  'pelancong',
  'persekitaran',
  'sukarelawan',
  'jambatan',
  'pelabuhan',
  'bangunan',
  'ketua darjah',
  'pengawas sekolah',
];
const TA_DOTTED = ['கோழி', 'ஆடு', 'மாடு', 'பசு', 'எலி', 'நாய்', 'குரங்கு', 'முயல்', 'கிளி', 'மயில்'];
const TA_TABLE: [string, string][] = [
  ['பேருந்து', 'bus'],
  ['மிதிவண்டி', 'bicycle'],
  ['கப்பல்', 'ship'],
  ['விமானம்', 'aeroplane'],
  ['தொடர்வண்டி', 'train'],
  ['மகிழுந்து', 'car'],
  ['படகு', 'boat'],
  ['சாலை', 'road'],
];
const ZH_CHAT_DARK = ['秋天', '树叶', '月饼', '灯笼', '苹果', '葡萄', '丰收', '农民', '稻田', '果园'];
const TA_CHAT = ['அன்பு', 'பண்பு', 'உதவி', 'நன்றி', 'மகிழ்ச்சி', 'கல்வி', 'ஒற்றுமை', 'பொறுமை', 'நேர்மை', 'கடமை'];
const ZH_ZOO = ['动物园', '长颈鹿', '大象', '熊猫', '老虎', '狮子', '猴子', '斑马', '孔雀', '企鹅'];
const ZH_ZOO_PINYIN = [
  'dòng wù yuán',
  'cháng jǐng lù',
  'dà xiàng',
  'xióng māo',
  'lǎo hǔ',
  'shī zi',
  'hóu zi',
  'bān mǎ',
  'kǒng què',
  'qǐ é',
];

/** A phone photo with a steeper perspective or a darker shadow than chance would draw. */
const strongPhone = (
  seed: number,
  desk: Desk,
  extra: { keystone?: number; sideways?: number; shadow?: number },
): Capture => ({ kind: 'phone', seed, desk, megapixels: 3, ...extra });

const UNSEEN = '(4th round, unseen)';

export const UNSEEN_SHEETS: Sheet[] = [
  {
    name: 'en-serif-lettered-flat',
    language: 'English',
    description: `serif 16 pt, "(a)" lettering, instruction and signature line (flat) ${UNSEEN}`,
    words: EN_SERIF,
    html: list(
      'English',
      {
        title: 'Spelling List Term 2 Week 5',
        note: 'Learn to spell these words. There will be a test on Friday, 9 May.',
        words: EN_SERIF,
        numbering: lettered,
        footer: "Parent's signature: ____________________",
      },
      typeface("'Liberation Serif', 'DejaVu Serif', serif", 22),
    ),
    capture: flat,
  },
  {
    name: 'en-comic-phone',
    language: 'English',
    description: `Comic-like 20 pt, "a." lettering, short words, steep perspective, dark shadow, pale desk ${UNSEEN}`,
    words: EN_SHORT,
    html: list(
      'English',
      {
        title: 'My Spelling Words',
        note: 'Practise these words every day.',
        words: EN_SHORT,
        numbering: letterDot,
      },
      typeface("'Comic Neue', 'Comic Sans MS', cursive", 27),
    ),
    capture: strongPhone(101, 'light', { keystone: 0.14, shadow: 0.7 }),
  },
  {
    name: 'en-small-12mp-exif3',
    language: 'English',
    description: `12 pt print, "1 )" numbering, 16 words, 12 MP upside down (EXIF 3) ${UNSEEN}`,
    words: EN_LONG,
    html: list(
      'English',
      {
        title: 'Spelling Words – Term 2 Week 5',
        words: EN_LONG,
        numbering: spaced,
        footer: "Parent's signature: ____________________",
      },
      typeface("'Noto Sans', sans-serif", 16),
    ),
    capture: { kind: 'phone', seed: 102, desk: 'grey', megapixels: 12, exif: 3 },
  },
  {
    name: 'en-table4-phone',
    language: 'English',
    description: `table No./Type/Word/Meaning, words in column 3, phone held to one side ${UNSEEN}`,
    words: EN_TABLE4.map(([, word]) => word),
    html: wideTable(
      'English',
      'Vocabulary – Unit 6',
      ['No.', 'Type', 'Word', 'Meaning'],
      EN_TABLE4,
      `.page { font-family: 'DejaVu Sans', sans-serif; font-size: 18px; }`,
    ),
    capture: strongPhone(103, 'dark', { sideways: 0.08 }),
  },
  {
    name: 'en-chat-dark',
    language: 'English',
    description: `chat screenshot in dark mode, emoji reactions, quoted replies ${UNSEEN}`,
    words: EN_DARK,
    width: 412,
    html: chatScreen(
      'English',
      WHATSAPP_DARK,
      {
        status: ['10:24', '5G ▮▮▮ 62%'],
        group: '2 Kindness Parents',
        members: 'Mrs Lim, Priya’s Mum, Wei Jie’s Dad, +28',
        day: 'Yesterday',
        input: 'Message',
      },
      [
        {
          from: 'Mrs Lim',
          time: '6:47 pm',
          lines: [
            'Hi parents! 😊 Spelling list for Term 2 Week 5 (test on Thursday):',
            ...EN_DARK.map((w, i) => paren(i) + ' ' + w),
          ],
          reaction: '👍 ❤️ 9',
        },
        {
          from: 'Priya’s Mum',
          time: '7:02 pm',
          quote: { from: 'Mrs Lim', text: 'Hi parents! 😊 Spelling list for Term 2 Week 5 (test on…' },
          lines: ['Is the test on Thursday or Friday?'],
        },
        {
          from: 'Mrs Lim',
          time: '7:05 pm',
          quote: { from: 'Priya’s Mum', text: 'Is the test on Thursday or Friday?' },
          lines: ['Thursday 🙂'],
          reaction: '🙏 3',
        },
        { from: 'Me', time: '7:10 pm', lines: ['Thank you Mrs Lim 🙏'], mine: true },
      ],
    ),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'ms-chat',
    language: 'Malay',
    description: `Malay class chat screenshot (another app's colours), times "ptg" ${UNSEEN}`,
    words: MS_CHAT,
    width: 412,
    html: chatScreen(
      'Malay',
      TELEGRAM_LIGHT,
      {
        status: ['4:40', '4G ▮▮▮ 55%'],
        group: 'Ibu Bapa 2 Cempaka',
        members: '38 ahli',
        day: 'Hari ini',
        input: 'Mesej',
      },
      [
        {
          from: 'Cikgu Aminah',
          time: '4:32 ptg',
          lines: [
            'Assalamualaikum dan selamat petang ibu bapa. Berikut ialah ejaan untuk minggu depan:',
            ...MS_CHAT.map((w, i) => `${dot(i)} ${w}`),
            'Sila bantu anak-anak berlatih di rumah. Terima kasih.',
          ],
          reaction: '👍 14',
        },
        { from: 'Ibu Hafiz', time: '4:35 ptg', lines: ['Terima kasih cikgu!'] },
        { from: 'Me', time: '4:38 ptg', lines: ['Baik cikgu 👍'], mine: true },
      ],
    ),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'zh-chat-dark',
    language: 'Chinese',
    description: `Chinese chat screenshot in dark mode, reactions, a quoted reply ${UNSEEN}`,
    words: ZH_CHAT_DARK,
    width: 412,
    html: chatScreen(
      'Chinese',
      WHATSAPP_DARK,
      {
        status: ['21:05', '4G ▮▮▮ 48%'],
        group: '二年级华文家长群',
        members: '王老师、小明妈妈、+35',
        day: '今天',
        input: '消息',
      },
      [
        {
          from: '王老师',
          time: '20:31',
          lines: [
            '各位家长好！本周五听写第九课：',
            ...ZH_CHAT_DARK.map((w, i) => `${i + 1}、${w}`),
            '谢谢配合！',
          ],
          reaction: '👍 ❤️ 11',
        },
        {
          from: '小明妈妈',
          time: '20:40',
          quote: { from: '王老师', text: '各位家长好！本周五听写第九课：' },
          lines: ['收到，谢谢王老师！'],
        },
        { from: 'Me', time: '20:45', lines: ['好的 🙏'], mine: true },
      ],
    ),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'ta-chat',
    language: 'Tamil',
    description: `Tamil class chat screenshot (another app's colours) ${UNSEEN}`,
    words: TA_CHAT,
    width: 412,
    html: chatScreen(
      'Tamil',
      TELEGRAM_LIGHT,
      {
        status: ['7:12', '5G ▮▮▮ 71%'],
        group: 'Tamil P4 Parents',
        members: '29 members',
        day: 'Today',
        input: 'Message',
      },
      [
        {
          from: 'Mrs Devi',
          time: '6:58 pm',
          lines: ['வணக்கம் பெற்றோர்களே. இந்த வாரச் சொற்கள்:', ...TA_CHAT.map((w, i) => `${dot(i)} ${w}`), 'நன்றி!'],
          reaction: '🙏 6',
        },
        { from: "Kavin's Mum", time: '7:03 pm', lines: ['நன்றி டீச்சர்!'] },
        { from: 'Me', time: '7:05 pm', lines: ['Thank you 🙏'], mine: true },
      ],
    ),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'ta-dotted-phone',
    language: 'Tamil',
    description: `Tamil words with dotted lines, "1)" numbering, serif, dark shadow ${UNSEEN}`,
    words: TA_DOTTED,
    html: answerLines(
      'Tamil',
      'எழுதிப் பழகுவோம்',
      'கீழ்க்காணும் சொற்களைப் புள்ளிக்கோட்டில் எழுதுக.',
      TA_DOTTED,
      'dots',
      paren,
    ).replace('</style>', `${typeface("'Noto Serif Tamil', 'Noto Sans Tamil', serif", 22)}</style>`),
    capture: strongPhone(104, 'wood', { shadow: 0.7 }),
  },
  {
    name: 'ta-table-phone',
    language: 'Tamil',
    description: `table வ. எண்/சொல்/பொருள், thin rules, phone photo ${UNSEEN}`,
    words: TA_TABLE.map(([w]) => w),
    html: wideTable(
      'Tamil',
      'சொற்கள் – வாரம் 3',
      ['வ. எண்', 'சொல்', 'பொருள்'],
      TA_TABLE,
      'th, td { border-width: 1px; }',
    ),
    capture: phone(105, 'grey'),
  },
  {
    name: 'zh-list-pinyin-phone',
    language: 'Chinese',
    description: `一、 list, one column, pinyin above, serif, instruction, steep perspective ${UNSEEN}`,
    words: ZH_ZOO,
    html: pinyinColumn('第十二课 词语', '请把下面的词语抄写两遍。', ZH_ZOO, ZH_ZOO_PINYIN, chinese),
    capture: strongPhone(106, 'wood', { keystone: 0.12 }),
  },
  {
    name: 'ms-serif-shadow-phone',
    language: 'Malay',
    description: `Malay serif, "1 )" numbering, instruction, signature line, very dark shadow, pale desk ${UNSEEN}`,
    words: MS_SERIF,
    html: list(
      'Malay',
      {
        title: 'Ejaan Tahun 3 – Minggu 12',
        note: 'Sila hafal perkataan-perkataan di bawah.',
        words: MS_SERIF,
        numbering: spaced,
        footer: 'Tandatangan ibu bapa: ____________________',
      },
      typeface("'Noto Serif', serif", 22),
    ),
    capture: strongPhone(107, 'light', { shadow: 0.75 }),
  },
  {
    name: 'en-dotted-12mp-exif8',
    language: 'English',
    description: `phrases with dotted lines, serif 18 pt, 12 MP sideways (EXIF 8) ${UNSEEN}`,
    words: EN_DOTTED_PHRASES,
    html: answerLines(
      'English',
      'Dictation Practice 6',
      'Copy each word neatly on the dotted line.',
      EN_DOTTED_PHRASES,
      'dots',
    ).replace('</style>', `${typeface("'Liberation Serif', serif", 24)}</style>`),
    capture: { kind: 'phone', seed: 108, desk: 'wood', megapixels: 12, exif: 8 },
  },
  {
    name: 'en-unnumbered-flat',
    language: 'English',
    description: `unnumbered list under an instruction sentence, signature line (flat) ${UNSEEN}`,
    words: EN_UNNUMBERED,
    html: list(
      'English',
      {
        title: 'Weekly Words',
        note: 'Practise these words every night and ask a parent to test you.',
        words: EN_UNNUMBERED,
        footer: "Parent's signature: ____________________",
      },
      typeface("'DejaVu Sans', sans-serif", 20),
    ),
    capture: flat,
  },
];
