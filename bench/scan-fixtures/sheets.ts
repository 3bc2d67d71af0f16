/**
 * The worksheets of the scan fixture set, as HTML: the kinds parents really photograph (plain
 * numbered lists, word tables with rules, dotted and underscore answer lines, 田字格 and 米字格
 * grids, 听写 with pinyin above each phrase, class-chat screenshots, two-column lists, a Malay
 * sheet with its school header and footer) in English, Chinese, Malay and Tamil.
 * `words` is what a parent wants from each image: the manifest's expected lines.
 */
import type { Language } from '@spellwell/shared';

/** What the sheet lies on: wood grain, grey laminate, a dark table or a pale (beech) desk. */
export type Desk = 'wood' | 'grey' | 'dark' | 'light';

export type Capture =
  /** The page as a scanner or a "save as image" makes it. */
  | { kind: 'flat' }
  /** A phone photo of the page lying on a desk. */
  | {
      kind: 'phone';
      seed: number;
      desk: Desk;
      exif?: 6 | 8 | 3;
      megapixels: number;
      /** How much narrower the far (top) edge is than the near one; drawn at random when absent. */
      keystone?: number;
      /** How much narrower the right edge is than the left: the phone held off to one side. */
      sideways?: number;
      /** How much light the shadow takes away where it is darkest (0 to 1); random when absent. */
      shadow?: number;
      /** Which way the shadow deepens, in degrees (0: to the right, 90: downwards); random when absent. */
      shadowAngle?: number;
    }
  /** A phone screenshot, as saved from a chat app. */
  | { kind: 'screenshot' };

export interface Sheet {
  name: string;
  language: Language;
  /** What the image shows, for the table in docs/ocr.md. */
  description: string;
  words: string[];
  html: string;
  capture: Capture;
  /** CSS width of the page; A4 at 96 dpi unless a screenshot. */
  width?: number;
}

export const FONT: Record<Language, string> = {
  English: "'Liberation Sans', 'Noto Sans', sans-serif",
  Malay: "'Noto Sans', sans-serif",
  Chinese: "'Noto Sans CJK SC', sans-serif",
  Tamil: "'Noto Sans Tamil', sans-serif",
};

export const esc = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function page(language: Language, body: string, extraCss = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; }
    body { margin: 0; background: #fff; color: #111; font-family: ${FONT[language]}; }
    .page { width: 794px; min-height: 1123px; padding: 64px 72px; font-size: 19px; line-height: 1.5; }
    h1 { font-size: 26px; margin: 0 0 6px; } h2 { font-size: 20px; margin: 0 0 14px; font-weight: 600; }
    .form { margin: 6px 0 22px; font-size: 17px; }
    .note { font-size: 16px; margin: 0 0 18px; }
    ol, ul { list-style: none; padding: 0; margin: 0; }
    li { margin: 0 0 14px; }
    ${extraCss}
  </style></head><body><div class="page">${body}</div></body></html>`;
}

export const formLine: Record<Language, string> = {
  English: 'Name: ____________________ &nbsp; Class: ________ &nbsp; Date: ____________',
  Malay: 'Nama: ____________________ &nbsp; Kelas: ________ &nbsp; Tarikh: ____________',
  Chinese: '姓名：______________ &nbsp; 班级：________ &nbsp; 日期：__________',
  Tamil: 'பெயர்: ________________ &nbsp; வகுப்பு: ________ &nbsp; தேதி: __________',
};

export type Numbering = (i: number) => string;
export const dot: Numbering = (i) => `${i + 1}.`;
export const paren: Numbering = (i) => `${i + 1})`;
const both: Numbering = (i) => `(${i + 1})`;
const circled: Numbering = (i) => String.fromCodePoint(0x2460 + i);
export const chinese: Numbering = (i) => `${'一二三四五六七八九十'[i] ?? i + 1}、`;

function numberedList(
  language: Language,
  title: string,
  words: string[],
  numbering: Numbering,
  note = '',
): string {
  const items = words.map((w, i) => `<li>${numbering(i)}&nbsp; ${esc(w)}</li>`).join('');
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div>${note ? `<p class="note">${esc(note)}</p>` : ''}<ol>${items}</ol>`,
  );
}

export function answerLines(
  language: Language,
  title: string,
  note: string,
  words: string[],
  fill: 'dots' | 'underscore',
  numbering: Numbering = dot,
): string {
  const css = `
    li { display: flex; align-items: baseline; gap: 12px; margin-bottom: 22px; }
    .blank { flex: 1; border-bottom: ${fill === 'dots' ? '2px dotted #333' : '1.5px solid #222'}; height: 1em; }
    .blank.text { border: none; overflow: hidden; white-space: nowrap; color: #333; letter-spacing: 2px; }`;
  const blank =
    fill === 'dots'
      ? '<span class="blank text">' + '.'.repeat(160) + '</span>'
      : '<span class="blank"></span>';
  const items = words.map((w, i) => `<li><span>${numbering(i)} ${esc(w)}</span>${blank}</li>`).join('');
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div><p class="note">${esc(note)}</p><ol>${items}</ol>`,
    css,
  );
}

function table(
  language: Language,
  title: string,
  headers: [string, string, string],
  rows: [string, string][],
): string {
  const css = `
    table { border-collapse: collapse; width: 100%; margin-top: 8px; }
    th, td { border: 2px solid #222; padding: 9px 12px; text-align: left; font-size: 19px; }
    th { background: #e6e6e6; } td:first-child, th:first-child { width: 70px; text-align: center; }`;
  const body = rows
    .map(([word, meaning], i) => `<tr><td>${i + 1}</td><td>${esc(word)}</td><td>${esc(meaning)}</td></tr>`)
    .join('');
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div><table><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${body}</table>`,
    css,
  );
}

function twoColumns(language: Language, title: string, words: string[]): string {
  const half = Math.ceil(words.length / 2);
  const col = (list: string[], from: number) =>
    `<ol>${list.map((w, i) => `<li>${from + i + 1}. &nbsp;${esc(w)}</li>`).join('')}</ol>`;
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div><div class="cols"><div>${col(words.slice(0, half), 0)}</div><div>${col(words.slice(half), half)}</div></div>`,
    `.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 40px; } li { margin-bottom: 20px; }`,
  );
}

/**
 * Characters in 田字格 (or 米字格) cells: one row per phrase, empty cells after it to practise in.
 * A space in a row leaves a cell empty (two phrases in one row); `dashed` draws the middle lines
 * dashed, as many printed 田字格 are.
 */
function gridSheet(
  title: string,
  words: string[],
  style: 'tian' | 'mi',
  pinyin?: string[],
  grid: { border: string; line: string; cell: number; font: number; dashed?: boolean } = {
    border: '#c33',
    line: '#e99',
    cell: 58,
    font: 40,
  },
): string {
  const { cell } = grid;
  const middle = grid.dashed
    ? `repeating-linear-gradient(90deg, ${grid.line} 0 4px, transparent 4px 8px) center / 100% 1px no-repeat,
           repeating-linear-gradient(180deg, ${grid.line} 0 4px, transparent 4px 8px) center / 1px 100% no-repeat;`
    : `linear-gradient(${grid.line}, ${grid.line}) center / 100% 1px no-repeat,
           linear-gradient(${grid.line}, ${grid.line}) center / 1px 100% no-repeat;`;
  const diagonals =
    style === 'mi'
      ? `linear-gradient(45deg, transparent calc(50% - 0.6px), ${grid.line} calc(50% - 0.6px), ${grid.line} calc(50% + 0.6px), transparent calc(50% + 0.6px)),
         linear-gradient(-45deg, transparent calc(50% - 0.6px), ${grid.line} calc(50% - 0.6px), ${grid.line} calc(50% + 0.6px), transparent calc(50% + 0.6px)),`
      : '';
  const css = `
    .row { display: flex; align-items: flex-end; gap: 18px; margin-bottom: 16px; }
    .num { width: 36px; font-size: 19px; padding-bottom: 14px; }
    .py { font-size: 15px; height: 20px; color: #222; margin-left: 54px; letter-spacing: 1px; }
    .cells { display: flex; }
    .c { width: ${cell}px; height: ${cell}px; border: 1.5px solid ${grid.border}; margin-left: -1.5px;
         background: ${diagonals}
           ${middle}
         font-size: ${grid.font}px; line-height: ${cell - 3}px; text-align: center; font-family: 'Noto Serif CJK SC', serif; }`;
  const rows = words
    .map((w, i) => {
      const chars = [...w].map((ch) => ch.trim());
      const cells = [...chars, ...Array(8 - chars.length).fill('')]
        .map((ch) => `<div class="c">${ch}</div>`)
        .join('');
      const py = pinyin ? `<div class="py">${esc(pinyin[i]!)}</div>` : '';
      return `${py}<div class="row"><div class="num">${i + 1}.</div><div class="cells">${cells}</div></div>`;
    })
    .join('');
  return page('Chinese', `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div>${rows}`, css);
}

/** 听写 list: hanyu pinyin printed above each phrase. */
function pinyinList(title: string, words: string[], pinyin: string[], numbering: Numbering): string {
  const css = `
    .items { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 40px; }
    .item { margin-bottom: 14px; } .py { font-size: 16px; color: #222; margin-left: 38px; font-family: 'Noto Sans', sans-serif; }
    .zh { font-size: 26px; }`;
  const items = words
    .map(
      (w, i) =>
        `<div class="item"><div class="py">${esc(pinyin[i]!)}</div><div class="zh">${numbering(i)} ${esc(w)}</div></div>`,
    )
    .join('');
  return page(
    'Chinese',
    `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div><div class="items">${items}</div>`,
    css,
  );
}

interface ChatMessage {
  from: string;
  time: string;
  lines: string[];
  mine?: boolean;
  reaction?: string;
}

/** A class-chat screenshot on a phone: status bar, group name, bubbles with names and times. */
function chat(language: Language, group: string, messages: ChatMessage[]): string {
  const bubbles = messages
    .map(
      (m) =>
        `<div class="msg ${m.mine ? 'mine' : ''}"><div class="b">${m.mine ? '' : `<div class="from">${esc(m.from)}</div>`}${m.lines
          .map((l) => `<div>${esc(l)}</div>`)
          .join(
            '',
          )}<div class="t">${esc(m.time)}${m.mine ? ' ✓✓' : ''}</div></div>${m.reaction ? `<div class="r">${esc(m.reaction)}</div>` : ''}</div>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; width: 412px; font-family: ${FONT[language]}, 'Noto Sans', sans-serif; background: #ece5dd; font-size: 16px; }
    .status { background: #075e54; color: #fff; display: flex; justify-content: space-between; padding: 4px 14px; font-size: 13px; font-family: 'Noto Sans'; }
    .bar { background: #075e54; color: #fff; padding: 10px 14px 12px; font-family: 'Noto Sans'; }
    .bar .g { font-size: 18px; font-weight: 600; } .bar .s { font-size: 12px; opacity: .8; }
    .day { text-align: center; margin: 10px; } .day span { background: #d8eefa; padding: 3px 10px; border-radius: 6px; font-size: 12px; font-family: 'Noto Sans'; }
    .msgs { padding: 6px 10px 70px; min-height: 780px; }
    .msg { display: flex; flex-direction: column; align-items: flex-start; margin: 6px 0; }
    .msg.mine { align-items: flex-end; }
    .b { background: #fff; border-radius: 8px; padding: 6px 10px 4px; max-width: 82%; line-height: 1.45; }
    .mine .b { background: #dcf8c6; }
    .from { color: #c2185b; font-size: 13px; font-weight: 600; font-family: 'Noto Sans'; }
    .t { text-align: right; color: #777; font-size: 11px; font-family: 'Noto Sans'; }
    .r { background: #fff; border-radius: 10px; padding: 0 6px; font-size: 12px; margin: -4px 0 0 12px; font-family: 'Noto Sans'; }
    .input { position: fixed; bottom: 0; left: 0; right: 0; background: #f0f0f0; padding: 10px; color: #888; font-family: 'Noto Sans'; }
  </style></head><body>
    <div class="status"><span>9:41</span><span>4G &nbsp;▮▮▮ &nbsp;87%</span></div>
    <div class="bar"><div class="g">${esc(group)}</div><div class="s">Mrs Tan, Jia Hui's Mum, Arjun's Dad, +31</div></div>
    <div class="msgs"><div class="day"><span>TODAY</span></div>${bubbles}</div>
    <div class="input">Type a message</div>
  </body></html>`;
}

const EN_A = [
  'necessary',
  'beautiful',
  'environment',
  'February',
  'neighbour',
  'restaurant',
  'thoroughly',
  'library',
  'government',
  'science',
  'knowledge',
  'separate',
  'occasion',
  'definitely',
  'tomorrow',
];
const EN_B = [
  'adventure',
  'calendar',
  'dangerous',
  'exercise',
  'favourite',
  'grateful',
  'history',
  'important',
  'journey',
  'kitchen',
  'language',
  'medicine',
];
const EN_C = [
  'breakfast',
  'chocolate',
  'daughter',
  'elephant',
  'forest',
  'giraffe',
  'holiday',
  'island',
  'jacket',
  'kangaroo',
  'lemonade',
  'mountain',
];
const EN_D = [
  'accident',
  'believe',
  'bicycle',
  'certain',
  'different',
  'difficult',
  'early',
  'enough',
  'experience',
  'famous',
];
const EN_E = [
  'through',
  'though',
  'thought',
  'caught',
  'taught',
  'bought',
  'brought',
  'naughty',
  'laughter',
  'enormous',
];
const EN_PHRASES = [
  'a piece of cake',
  'ice cream',
  'science experiment',
  'rainy season',
  'school bus',
  'birthday party',
  'swimming pool',
  'under the weather',
  'fire station',
  'post office',
];
const EN_CHAT = [
  'whisper',
  'wonderful',
  'yesterday',
  'unusual',
  'surprise',
  'strength',
  'straight',
  'special',
  'sentence',
  'remember',
];

const ZH_A = [
  '学校',
  '图书馆',
  '老师',
  '春天来了',
  '公园',
  '快乐',
  '下雨了',
  '做功课',
  '好朋友',
  '小猫',
  '星期天',
  '我们一起玩',
];
const ZH_TIAN = ['美丽', '认真', '帮助', '妈妈', '朋友', '花园', '太阳', '月亮', '高兴', '漂亮'];
const ZH_MI = ['大海', '白云', '红花', '绿叶', '天空', '草地', '田野', '树林'];
const ZH_MI2 = ['小河', '青蛙', '荷叶', '雨点', '彩虹', '山羊', '公鸡', '鸭子', '火车'];
const ZH_TIAN2 = ['书包', '铅笔', '尺子', '作业', '老师', '同学', '教室', '黑板'];
// Added after the 田字格/米字格 fixes, as images those fixes were not made on: other grid
// colours, cell sizes, phrases and desks.
const ZH_TIAN3 = ['西瓜', '苹果', '香蕉', '葡萄', '草莓', '菠萝', '桃子', '橙子'];
const ZH_TIAN3_PINYIN = [
  'xī guā',
  'píng guǒ',
  'xiāng jiāo',
  'pú tao',
  'cǎo méi',
  'bō luó',
  'táo zi',
  'chéng zi',
];
const ZH_MI3 = ['眼睛', '耳朵', '鼻子', '嘴巴', '头发', '手指', '肩膀', '脚趾'];
const ZH_TIAN4 = ['星星', '太空', '地球', '森林', '沙滩', '小溪', '花朵', '大树', '蜻蜓'];
const ZH_TIAN4_PINYIN = [
  'xīng xing',
  'tài kōng',
  'dì qiú',
  'sēn lín',
  'shā tān',
  'xiǎo xī',
  'huā duǒ',
  'dà shù',
  'qīng tíng',
];
// Added after the cell-by-cell reading of grid sheets, as images it was not tuned on: purple,
// orange and black grids, dashed middle lines, three-character phrases, two phrases in a row.
const ZH_TIAN5 = ['图书馆', '运动会', '小朋友', '向日葵', '动物园', '长颈鹿', '大熊猫'];
const ZH_MI4 = ['春风', '夏雨', '秋叶', '冬雪', '白鹅', '金鱼', '松鼠', '蘑菇'];
const ZH_MI4_PINYIN = ['chūn fēng', 'xià yǔ', 'qiū yè', 'dōng xuě', 'bái é', 'jīn yú', 'sōng shǔ', 'mó gu'];
const ZH_TIAN6_ROWS = ['电脑 手机', '桌子 椅子', '窗户 门口', '牙刷 毛巾', '雨伞 帽子'];
const ZH_PY = ['春天', '小鸟', '唱歌', '河水', '青草', '柳树', '桃花', '燕子', '蝴蝶', '蜜蜂'];
const ZH_PY_PINYIN = [
  'chūn tiān',
  'xiǎo niǎo',
  'chàng gē',
  'hé shuǐ',
  'qīng cǎo',
  'liǔ shù',
  'táo huā',
  'yàn zi',
  'hú dié',
  'mì fēng',
];
const ZH_PY2 = ['早上', '起床', '刷牙', '洗脸', '吃早饭', '上学', '放学', '回家', '写字', '睡觉'];
const ZH_PY2_PINYIN = [
  'zǎo shang',
  'qǐ chuáng',
  'shuā yá',
  'xǐ liǎn',
  'chī zǎo fàn',
  'shàng xué',
  'fàng xué',
  'huí jiā',
  'xiě zì',
  'shuì jiào',
];
const ZH_TIAN_PINYIN = [
  'měi lì',
  'rèn zhēn',
  'bāng zhù',
  'mā ma',
  'péng you',
  'huā yuán',
  'tài yáng',
  'yuè liang',
  'gāo xìng',
  'piào liang',
];
const ZH_CHAT = ['学习', '努力', '认识', '同学', '跑步', '游泳', '画画', '唱歌', '跳舞', '看书'];

const MS_A = [
  'sekolah',
  'perpustakaan',
  'kawan baik',
  'hujan lebat',
  'kereta api',
  'buku cerita',
  'menolong ibu',
  'cantik',
  'guru besar',
  'makan malam',
  'taman permainan',
  'bermain bola',
];
const MS_B = [
  'rajin',
  'bersih',
  'pokok',
  'kucing',
  'burung',
  'sungai',
  'gunung',
  'pantai',
  'pasar',
  'kedai',
  'jalan raya',
  'bilik darjah',
];
const MS_TABLE: [string, string][] = [
  ['rumah', 'house'],
  ['bendera', 'flag'],
  ['merdeka', 'independence'],
  ['jiran', 'neighbour'],
  ['negara', 'country'],
  ['rakyat', 'people'],
  ['lagu', 'song'],
  ['gembira', 'happy'],
  ['belajar', 'to study'],
  ['cikgu', 'teacher'],
];
const MS_D = [
  'gotong-royong',
  'berjiran',
  'kebersihan',
  'bertanggungjawab',
  'hormat',
  'bersatu',
  'musim hujan',
  'pelangi',
  'kilat',
  'guruh',
];

const TA_A = [
  'பள்ளி',
  'ஆசிரியர்',
  'தண்ணீர்',
  'புத்தகம்',
  'அம்மா',
  'நண்பன்',
  'மழை',
  'பூனை',
  'வீடு',
  'மரம்',
  'பழம்',
  'விளையாட்டு',
];
const TA_B = [
  'கடல்',
  'வானம்',
  'நிலா',
  'சூரியன்',
  'பறவை',
  'யானை',
  'குதிரை',
  'மலை',
  'காடு',
  'இலை',
  'மேகம்',
  'தோட்டம்',
];
const TA_TABLE: [string, string][] = [
  ['அப்பா', 'father'],
  ['தம்பி', 'younger brother'],
  ['அக்கா', 'elder sister'],
  ['பாட்டி', 'grandmother'],
  ['தாத்தா', 'grandfather'],
  ['கதை', 'story'],
  ['பாடல்', 'song'],
  ['வண்ணம்', 'colour'],
];
const TA_D = ['கண்', 'காது', 'மூக்கு', 'கை', 'கால்', 'தலை', 'வாய்', 'பல்', 'முகம்', 'உடல்'];

export const phone = (seed: number, desk: Desk, megapixels = 3, exif?: 6 | 8 | 3): Capture => ({
  kind: 'phone',
  seed,
  desk,
  megapixels,
  ...(exif ? { exif } : {}),
});
export const flat: Capture = { kind: 'flat' };

export const SHEETS: Sheet[] = [
  // English
  {
    name: 'en-plain-flat',
    language: 'English',
    description: 'numbered list "1." (flat)',
    words: EN_B,
    html: numberedList('English', 'Spelling List (Week 7)', EN_B, dot),
    capture: flat,
  },
  {
    name: 'en-phone-desk',
    language: 'English',
    description: 'phone photo on a wooden desk, tilted, shadow',
    words: EN_A,
    html: numberedList(
      'English',
      'Spelling Words – Term 3 Week 2',
      EN_A,
      dot,
      'Learn these words for the spelling test on Friday.',
    ),
    capture: phone(11, 'wood'),
  },
  {
    name: 'en-phone-12mp-exif',
    language: 'English',
    description: '12 MP phone photo, stored sideways with EXIF rotation',
    words: EN_A,
    html: numberedList(
      'English',
      'Spelling Words – Term 3 Week 2',
      EN_A,
      dot,
      'Learn these words for the spelling test on Friday.',
    ),
    capture: phone(12, 'grey', 12, 6),
  },
  {
    name: 'en-table-flat',
    language: 'English',
    description: 'table No./Word/Meaning with grid lines (flat)',
    words: EN_C,
    html: table(
      'English',
      'Spelling Words',
      ['No.', 'Word', 'Meaning'],
      EN_C.map((w, i) => [
        w,
        [
          'the first meal of the day',
          'a sweet brown food',
          'a female child',
          'a very large animal',
          'land with many trees',
          'an animal with a long neck',
          'a day off',
          'land in the sea',
          'a short coat',
          'an animal that hops',
          'a lemon drink',
          'a very high hill',
        ][i]!,
      ]),
    ),
    capture: flat,
  },
  {
    name: 'en-table-phone',
    language: 'English',
    description: 'table No./Word/Meaning, phone photo',
    words: EN_D,
    html: table(
      'English',
      'Spelling Words',
      ['No.', 'Word', 'Meaning'],
      EN_D.map((w, i) => [
        w,
        [
          'something that happens by chance',
          'to think something is true',
          'a two-wheeled cycle',
          'completely sure',
          'not the same',
          'not easy',
          'near the start',
          'as much as needed',
          'what you have done',
          'known by many people',
        ][i]!,
      ]),
    ),
    capture: phone(21, 'grey'),
  },
  {
    name: 'en-dotted-flat',
    language: 'English',
    description: 'words followed by dotted answer lines (flat)',
    words: EN_E,
    html: answerLines('English', 'Dictation 4', 'Read each word and copy it on the line.', EN_E, 'dots'),
    capture: flat,
  },
  {
    name: 'en-underscore-phone',
    language: 'English',
    description: 'words with underscore answer lines, phone photo',
    words: EN_PHRASES,
    html: answerLines(
      'English',
      'Spelling Practice',
      'Write each word three times.',
      EN_PHRASES,
      'underscore',
    ),
    capture: phone(31, 'wood'),
  },
  {
    name: 'en-numbering-forms',
    language: 'English',
    description: 'numbering "1)" "(1)" "①" mixed',
    words: [...EN_D.slice(0, 4), ...EN_C.slice(0, 4), ...EN_B.slice(0, 4)],
    html: page(
      'English',
      `<h1>Spelling Test 2</h1><div class="form">${formLine.English}</div><ol>${EN_D.slice(0, 4)
        .map((w, i) => `<li>${paren(i)} ${w}</li>`)
        .join('')}${EN_C.slice(0, 4)
        .map((w, i) => `<li>${both(i + 4)} ${w}</li>`)
        .join('')}${EN_B.slice(0, 4)
        .map((w, i) => `<li>${circled(i + 8)} ${w}</li>`)
        .join('')}</ol>`,
    ),
    capture: flat,
  },
  {
    name: 'en-chat',
    language: 'English',
    description: 'class chat screenshot',
    words: EN_CHAT,
    width: 412,
    html: chat('English', 'P3 Merlion Parents 2026', [
      {
        from: 'Mrs Tan',
        time: '7:58 pm',
        lines: [
          'Good evening parents, here are the spelling words for next Monday:',
          ...EN_CHAT.map((w, i) => `${i + 1}. ${w}`),
          'Please practise with your child. Thank you!',
        ],
        reaction: '👍 12',
      },
      { from: "Jia Hui's Mum", time: '8:03 pm', lines: ['Thanks Mrs Tan!'] },
      { from: 'Me', time: '8:05 pm', lines: ['Noted with thanks 🙏'], mine: true },
      { from: "Arjun's Dad", time: '8:11 pm', lines: ['Thank you teacher'] },
    ]),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'en-two-column-phone',
    language: 'English',
    description: 'two-column list, phone photo on a dark desk',
    words: [...EN_C.slice(0, 6), ...EN_E.slice(0, 6)],
    html: twoColumns('English', 'Spelling List (Week 9)', [...EN_C.slice(0, 6), ...EN_E.slice(0, 6)]),
    capture: phone(41, 'dark'),
  },
  {
    name: 'en-phone-faded',
    language: 'English',
    description: 'phone photo, one word faded where the printer ran dry',
    words: EN_D,
    html: page(
      'English',
      `<h1>Spelling List (Week 11)</h1><div class="form">${formLine.English}</div><ol>${EN_D.map(
        (w, i) =>
          `<li>${i + 1}.&nbsp; ${i === 3 ? `<span style="color:#b8b8b8;filter:blur(0.9px)">${w}</span>` : w}</li>`,
      ).join('')}</ol>`,
    ),
    capture: phone(91, 'grey'),
  },
  // Chinese
  {
    name: 'zh-plain-flat',
    language: 'Chinese',
    description: '一、 numbered list (flat)',
    words: ZH_A.slice(0, 10),
    html: numberedList('Chinese', '第三课 词语', ZH_A.slice(0, 10), chinese),
    capture: flat,
  },
  {
    name: 'zh-tianzige-flat',
    language: 'Chinese',
    description: 'phrases in 田字格 with pinyin (flat)',
    words: ZH_TIAN,
    html: gridSheet('第六课 生字练习', ZH_TIAN, 'tian', ZH_TIAN_PINYIN),
    capture: flat,
  },
  {
    name: 'zh-mizige-phone',
    language: 'Chinese',
    description: 'phrases in 米字格, phone photo',
    words: ZH_MI,
    html: gridSheet('写一写', ZH_MI, 'mi'),
    capture: phone(51, 'wood'),
  },
  {
    name: 'zh-mizige-green-phone',
    language: 'Chinese',
    description: 'phrases in green 米字格 (smaller cells), phone photo on a grey desk',
    words: ZH_MI2,
    html: gridSheet('读一读 写一写', ZH_MI2, 'mi', undefined, {
      border: '#2a8a3a',
      line: '#5bb36a',
      cell: 50,
      font: 34,
    }),
    capture: phone(52, 'grey'),
  },
  {
    name: 'zh-tianzige-grey-phone',
    language: 'Chinese',
    description: 'phrases in grey 田字格 with pinyin, phone photo on a dark desk',
    words: ZH_TIAN2,
    html: gridSheet(
      '第八课 生字',
      ZH_TIAN2,
      'tian',
      ['shū bāo', 'qiān bǐ', 'chǐ zi', 'zuò yè', 'lǎo shī', 'tóng xué', 'jiào shì', 'hēi bǎn'],
      {
        border: '#777',
        line: '#aaa',
        cell: 62,
        font: 42,
      },
    ),
    capture: phone(53, 'dark'),
  },
  {
    name: 'zh-tianzige-red-phone',
    language: 'Chinese',
    description: 'red 田字格 (large cells) with pinyin, phone photo on a wooden desk (unseen by the fixes)',
    words: ZH_TIAN3,
    html: gridSheet('第九课 水果', ZH_TIAN3, 'tian', ZH_TIAN3_PINYIN, {
      border: '#d22',
      line: '#e88',
      cell: 70,
      font: 48,
    }),
    capture: phone(54, 'wood'),
  },
  {
    name: 'zh-mizige-blue-phone',
    language: 'Chinese',
    description: 'blue 米字格, phone photo on a dark desk (unseen by the fixes)',
    words: ZH_MI3,
    html: gridSheet('写一写', ZH_MI3, 'mi', undefined, {
      border: '#2250b0',
      line: '#7a9be0',
      cell: 56,
      font: 38,
    }),
    capture: phone(55, 'dark'),
  },
  {
    name: 'zh-tianzige-pinyin-flat',
    language: 'Chinese',
    description: 'grey 田字格 with pinyin, other cell size (flat, unseen by the fixes)',
    words: ZH_TIAN4,
    html: gridSheet('第十课 生字', ZH_TIAN4, 'tian', ZH_TIAN4_PINYIN, {
      border: '#888',
      line: '#bbb',
      cell: 64,
      font: 44,
    }),
    capture: flat,
  },
  {
    name: 'zh-tianzige-purple-phone',
    language: 'Chinese',
    description:
      'purple 田字格, three-character phrases, phone photo on a wooden desk (unseen by the cell reading)',
    words: ZH_TIAN5,
    html: gridSheet('第十一课 词语', ZH_TIAN5, 'tian', undefined, {
      border: '#7b3fa0',
      line: '#b894d4',
      cell: 60,
      font: 40,
    }),
    capture: phone(56, 'wood'),
  },
  {
    name: 'zh-mizige-orange-pinyin-flat',
    language: 'Chinese',
    description: 'orange 米字格 with pinyin, 54 px cells (flat, unseen by the cell reading)',
    words: ZH_MI4,
    html: gridSheet('第十二课 生字', ZH_MI4, 'mi', ZH_MI4_PINYIN, {
      border: '#e07a10',
      line: '#f0b070',
      cell: 54,
      font: 36,
    }),
    capture: flat,
  },
  {
    name: 'zh-tianzige-dashed-phone',
    language: 'Chinese',
    description:
      'black 田字格 with dashed middle lines, two phrases a row, phone photo on a grey desk (unseen by the cell reading)',
    words: ZH_TIAN6_ROWS.flatMap((row) => row.split(' ')),
    html: gridSheet('写一写', ZH_TIAN6_ROWS, 'tian', undefined, {
      border: '#222',
      line: '#999',
      cell: 66,
      font: 44,
      dashed: true,
    }),
    capture: phone(57, 'grey'),
  },
  {
    name: 'zh-pinyin-flat',
    language: 'Chinese',
    description: '听写 list, pinyin above each phrase, two columns (flat)',
    words: ZH_PY,
    html: pinyinList('第七课 听写', ZH_PY, ZH_PY_PINYIN, dot),
    capture: flat,
  },
  {
    name: 'zh-pinyin-phone',
    language: 'Chinese',
    description: '听写 list with pinyin, ① numbering, phone photo',
    words: ZH_PY2,
    html: pinyinList('听写（十）', ZH_PY2, ZH_PY2_PINYIN, circled),
    capture: phone(61, 'grey'),
  },
  {
    name: 'zh-phone-desk',
    language: 'Chinese',
    description: 'numbered list, phone photo, EXIF rotated',
    words: ZH_A,
    html: numberedList('Chinese', '第五课 听写', ZH_A, dot),
    capture: phone(62, 'wood', 3, 8),
  },
  {
    name: 'zh-chat',
    language: 'Chinese',
    description: 'class chat screenshot (Chinese)',
    words: ZH_CHAT,
    width: 412,
    html: chat('Chinese', '三年级华文家长群', [
      {
        from: '陈老师',
        time: '8:15 pm',
        lines: [
          '各位家长好，明天听写：',
          ...ZH_CHAT.map((w, i) => `${i + 1}. ${w}`),
          '请督促孩子复习，谢谢！',
        ],
        reaction: '👍 8',
      },
      { from: '家明妈妈', time: '8:20 pm', lines: ['谢谢陈老师！'] },
      { from: 'Me', time: '8:22 pm', lines: ['收到，谢谢'], mine: true },
    ]),
    capture: { kind: 'screenshot' },
  },
  // Malay
  {
    name: 'ms-header-footer-flat',
    language: 'Malay',
    description: 'school header and footer (flat)',
    words: MS_A,
    html: page(
      'Malay',
      `<div style="text-align:center;border-bottom:2px solid #000;padding-bottom:8px;margin-bottom:14px"><div style="font-size:22px;font-weight:700">SEKOLAH RENDAH SERI BUDIMAN</div><div style="font-size:15px">Jalan Bukit Merah, Singapura 150123 · Tel: 6273 1234</div></div><h2>Ejaan Minggu 5 – Bahasa Melayu Darjah 3</h2><div class="form">${formLine.Malay}</div><ol>${MS_A.map((w, i) => `<li>${i + 1}. &nbsp;${w}</li>`).join('')}</ol><div style="margin-top:40px;border-top:1px solid #000;padding-top:6px;font-size:14px;display:flex;justify-content:space-between"><span>Tandatangan ibu bapa: ______________</span><span>Muka surat 1</span></div>`,
    ),
    capture: flat,
  },
  {
    name: 'ms-phone-desk',
    language: 'Malay',
    description: 'numbered list, phone photo on a wooden desk',
    words: MS_B,
    html: numberedList(
      'Malay',
      'Senarai Ejaan Penggal 2',
      MS_B,
      dot,
      'Hafalkan perkataan di bawah untuk ujian ejaan.',
    ),
    capture: phone(71, 'wood'),
  },
  {
    name: 'ms-table-phone',
    language: 'Malay',
    description: 'table Bil./Perkataan/Maksud, phone photo',
    words: MS_TABLE.map(([w]) => w),
    html: table('Malay', 'Ejaan Minggu 8', ['Bil.', 'Perkataan', 'Maksud'], MS_TABLE),
    capture: phone(72, 'grey'),
  },
  {
    name: 'ms-dotted-flat',
    language: 'Malay',
    description: 'words with dotted lines (flat)',
    words: MS_D,
    html: answerLines('Malay', 'Imlak 3', 'Salin perkataan di bawah dengan kemas.', MS_D, 'dots'),
    capture: flat,
  },
  // Tamil
  {
    name: 'ta-two-column-flat',
    language: 'Tamil',
    description: 'two-column list (flat)',
    words: TA_B,
    html: twoColumns('Tamil', 'சொல்வதெழுதுதல் 4', TA_B),
    capture: flat,
  },
  {
    name: 'ta-phone-desk',
    language: 'Tamil',
    description: 'numbered list, phone photo, shadow',
    words: TA_A,
    html: numberedList('Tamil', 'சொல்வதெழுதுதல் 5', TA_A, dot),
    capture: phone(81, 'wood'),
  },
  {
    name: 'ta-table-flat',
    language: 'Tamil',
    description: 'table எண்/சொல்/பொருள் with grid lines (flat)',
    words: TA_TABLE.map(([w]) => w),
    html: table('Tamil', 'சொற்கள்', ['எண்', 'சொல்', 'பொருள்'], TA_TABLE),
    capture: flat,
  },
  {
    name: 'ta-underscore-phone',
    language: 'Tamil',
    description: 'words with underscore lines, phone photo',
    words: TA_D,
    html: answerLines('Tamil', 'சொல்வதெழுதுதல் 6', 'ஒவ்வொரு சொல்லையும் மூன்று முறை எழுது.', TA_D, 'underscore'),
    capture: phone(82, 'dark'),
  },
];
