/**
 * Worksheets of issue 18's fifth round, made after PaddleOCR began re-reading Chinese lines, as
 * images nobody had seen or tuned on: words found in no earlier fixture, a 楷体 (Kai) 听写 list,
 * a textbook 词语表 with phrases spaced across the row and no numbers, 成语 in 田字格 set in a
 * Ming (Song) face, "(1)" items under 一、二、 sections with pinyin above and a steep keystone,
 * a WeChat-like chat in light mode, a 12 MP photo stored sideways (EXIF 6), an English list in
 * a bordered box under a cartoon header and a Malay table whose picture column is left blank.
 * Each was measured before any change made for it (docs/history/ocr-rounds.md, "5th round, unseen").
 */
import type { Language } from '@spellwell/shared';
import { esc, FONT, flat, formLine, page, phone, type Capture, type Desk, type Sheet } from './sheets.js';

const KAI = "'AR PL UKai CN', 'AR PL UKai TW', serif";
const MING = "'AR PL UMing CN', 'AR PL UMing TW', serif";

/** A phone photo with a steeper perspective or a darker shadow than chance would draw. */
const strongPhone = (
  seed: number,
  desk: Desk,
  extra: { keystone?: number; sideways?: number; shadow?: number },
): Capture => ({ kind: 'phone', seed, desk, megapixels: 3, ...extra });

/** One phrase a line under a title, the form line and an instruction; a signature line below. */
function tingxie(
  title: string,
  note: string,
  words: string[],
  numbering: (i: number) => string,
  css: string,
): string {
  const items = words.map((w, i) => `<li><span class="n">${numbering(i)}</span>${esc(w)}</li>`).join('');
  return page(
    'Chinese',
    `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div><p class="note">${esc(note)}</p><ol>${items}</ol><div class="sign">家长签名：______________</div>`,
    `.n { display: inline-block; min-width: 48px; } .sign { margin-top: 40px; font-size: 18px; } ${css}`,
  );
}

/** A textbook 词语表: phrases spaced across each row in even columns, no numbers, no rules. */
function wordTable(title: string, unit: string, rows: string[][]): string {
  const body = rows
    .map((row) => `<div class="row">${row.map((w) => `<span>${esc(w)}</span>`).join('')}</div>`)
    .join('');
  return page(
    'Chinese',
    `<h1 class="t">${esc(title)}</h1><h2 class="u">${esc(unit)}</h2>${body}`,
    `.page { font-family: 'Noto Serif CJK SC', serif; }
     .t { text-align: center; font-size: 30px; letter-spacing: 12px; margin-bottom: 4px; }
     .u { text-align: center; font-size: 19px; font-weight: 400; margin-bottom: 34px; }
     .row { display: grid; grid-template-columns: repeat(4, 1fr); font-size: 25px; margin: 0 20px 26px; }`,
  );
}

/** 成语 in 田字格: four characters a row, then four empty cells to copy them into. */
function idiomGrid(title: string, note: string, idioms: string[]): string {
  const line = '#3a9a8a';
  const cells = (text: string) =>
    [...text, ...Array(8 - [...text].length).fill('')].map((ch) => `<div class="c">${ch}</div>`).join('');
  const rows = idioms.map((w) => `<div class="row">${cells(w)}</div>`).join('');
  return page(
    'Chinese',
    `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div><p class="note">${esc(note)}</p>${rows}`,
    `.row { display: flex; margin: 0 0 18px 40px; }
     .c { width: 64px; height: 64px; border: 1.5px solid ${line}; margin-left: -1.5px;
          background: repeating-linear-gradient(90deg, #8cc7bc 0 5px, transparent 5px 9px) center / 100% 1px no-repeat,
                      repeating-linear-gradient(180deg, #8cc7bc 0 5px, transparent 5px 9px) center / 1px 100% no-repeat;
          font-family: ${MING}; font-size: 46px; line-height: 61px; text-align: center; }`,
  );
}

/** Sections 一、二、 with "(1)" items, hanyu pinyin above each phrase, two columns. */
function sectionsWithPinyin(
  title: string,
  sections: { heading: string; words: [string, string][] }[],
): string {
  const body = sections
    .map(
      (s) =>
        `<h2>${esc(s.heading)}</h2><div class="items">${s.words
          .map(
            ([w, py], i) =>
              `<div class="item"><div class="py">${esc(py)}</div><div class="zh">(${i + 1})&nbsp;${esc(w)}</div></div>`,
          )
          .join('')}</div>`,
    )
    .join('');
  return page(
    'Chinese',
    `<h1>${esc(title)}</h1><div class="form">${formLine.Chinese}</div>${body}`,
    `.items { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 48px; margin-bottom: 22px; }
     .py { font-family: 'Noto Sans', sans-serif; font-size: 17px; margin-left: 44px; letter-spacing: 1px; }
     .zh { font-size: 27px; } h2 { margin-top: 10px; }`,
  );
}

interface WeChatMessage {
  from: string;
  lines: string[];
  mine?: boolean;
  avatar: string;
}

/** A WeChat-like group chat in light mode: grey page, square avatars, names over white bubbles. */
function weChat(group: string, time: string, clock: string, messages: WeChatMessage[]): string {
  const bubbles = messages
    .map((m) => {
      const avatar = `<div class="av" style="background:${m.avatar}"></div>`;
      const bubble = `<div class="col">${m.mine ? '' : `<div class="name">${esc(m.from)}</div>`}<div class="b">${m.lines
        .map((l) => `<div>${esc(l)}</div>`)
        .join('')}</div></div>`;
      return `<div class="msg ${m.mine ? 'mine' : ''}">${m.mine ? bubble + avatar : avatar + bubble}</div>`;
    })
    .join('');
  const ui = "'Noto Sans CJK SC', 'Noto Sans', sans-serif";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; width: 412px; min-height: 892px; background: #ededed; color: #111; font-family: ${FONT.Chinese}, 'Noto Sans', 'Noto Color Emoji', sans-serif; font-size: 16px; }
    .status { display: flex; justify-content: space-between; padding: 6px 18px 2px; font-size: 13px; font-family: ${ui}; font-weight: 600; }
    .bar { display: flex; justify-content: space-between; align-items: center; padding: 8px 14px 10px; border-bottom: 1px solid #d6d6d6; font-family: ${ui}; }
    .bar .g { font-size: 17px; font-weight: 600; } .bar .x { font-size: 20px; width: 24px; }
    .time { text-align: center; color: #9a9a9a; font-size: 12px; margin: 14px 0 8px; font-family: ${ui}; }
    .msgs { padding: 0 12px 80px; }
    .msg { display: flex; align-items: flex-start; gap: 9px; margin: 12px 0; }
    .msg.mine { justify-content: flex-end; }
    .av { width: 40px; height: 40px; border-radius: 5px; flex: none; }
    .col { max-width: 72%; } .name { color: #8a8a8a; font-size: 12px; margin: 0 0 3px 2px; font-family: ${ui}; }
    .b { position: relative; background: #fff; border-radius: 5px; padding: 8px 11px; line-height: 1.5; }
    .b::before { content: ''; position: absolute; left: -5px; top: 13px; border: 5px solid transparent; border-left: 0; border-right-color: #fff; }
    .mine .b { background: #95ec69; } .mine .b::before { left: auto; right: -5px; border: 5px solid transparent; border-right: 0; border-left-color: #95ec69; }
    .input { position: fixed; bottom: 0; left: 0; right: 0; background: #f7f7f7; border-top: 1px solid #d6d6d6; padding: 10px 12px 18px; display: flex; gap: 10px; align-items: center; font-family: ${ui}; color: #555; }
    .input .box { flex: 1; height: 34px; background: #fff; border-radius: 5px; }
  </style></head><body>
    <div class="status"><span>${esc(clock)}</span><span>5G ▮▮▮ 76%</span></div>
    <div class="bar"><span class="x">‹</span><span class="g">${esc(group)}</span><span class="x">···</span></div>
    <div class="msgs"><div class="time">${esc(time)}</div>${bubbles}</div>
    <div class="input"><span>🔊</span><div class="box"></div><span>☺</span><span>⊕</span></div>
  </body></html>`;
}

/** A cartoon sun and a smiling pencil, as a worksheet's clip-art header. */
const CARTOON = `<svg width="650" height="150" viewBox="0 0 650 150" xmlns="http://www.w3.org/2000/svg">
  <g transform="translate(75 75)" stroke="#e08a00" stroke-width="5" stroke-linecap="round">
    ${Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<line x1="${(Math.cos(a) * 46).toFixed(1)}" y1="${(Math.sin(a) * 46).toFixed(1)}" x2="${(Math.cos(a) * 64).toFixed(1)}" y2="${(Math.sin(a) * 64).toFixed(1)}"/>`;
    }).join('')}
    <circle r="38" fill="#ffd23f" stroke-width="4"/>
    <circle cx="-13" cy="-8" r="5" fill="#333" stroke="none"/><circle cx="13" cy="-8" r="5" fill="#333" stroke="none"/>
    <path d="M -17 10 Q 0 28 17 10" fill="none" stroke="#333" stroke-width="4"/>
  </g>
  <g transform="translate(560 20) rotate(20)">
    <rect x="0" y="0" width="40" height="90" rx="4" fill="#f5a623" stroke="#333" stroke-width="3"/>
    <rect x="0" y="-16" width="40" height="18" rx="4" fill="#ff7aa8" stroke="#333" stroke-width="3"/>
    <path d="M 0 90 L 20 125 L 40 90 Z" fill="#f3d9b1" stroke="#333" stroke-width="3"/>
    <path d="M 14 114 L 20 125 L 26 114 Z" fill="#333"/>
    <circle cx="13" cy="38" r="4" fill="#333"/><circle cx="27" cy="38" r="4" fill="#333"/>
    <path d="M 11 52 Q 20 62 29 52" fill="none" stroke="#333" stroke-width="3"/>
  </g>
  <text x="325" y="70" text-anchor="middle" font-family="'Comic Neue', 'Comic Sans MS', cursive" font-weight="700" font-size="44" fill="#2a5db0">Spelling Stars</text>
  <text x="325" y="112" text-anchor="middle" font-family="'Comic Neue', cursive" font-size="22" fill="#c0392b">★ ★ ★ &#160;Week 9: words ending in -le&#160; ★ ★ ★</text>
</svg>`;

function boxedList(words: string[]): string {
  const items = words.map((w, i) => `<li><span class="n">${i + 1}.</span>${esc(w)}</li>`).join('');
  return page(
    'English',
    `<div class="head">${CARTOON}</div><div class="form">${formLine.English}</div><div class="box"><div class="tag">My words this week</div><ol>${items}</ol></div><p class="tip">Look, say, cover, write, check!</p>`,
    `.page { font-family: 'DejaVu Sans', sans-serif; font-size: 22px; }
     .head { text-align: center; margin-bottom: 6px; }
     .box { position: relative; border: 4px dashed #2a5db0; border-radius: 26px; background: #fffbe8; padding: 42px 60px 20px; margin: 26px 30px 0; }
     .tag { position: absolute; top: -20px; left: 40px; background: #2a5db0; color: #fff; font-size: 17px; padding: 5px 16px; border-radius: 14px; }
     .n { display: inline-block; width: 48px; } li { margin-bottom: 16px; }
     .tip { text-align: center; font-size: 17px; margin-top: 24px; font-style: italic; }`,
  );
}

function pictureTable(
  language: Language,
  title: string,
  note: string,
  headers: [string, string],
  words: string[],
) {
  const rows = words.map((w) => `<tr><td>${esc(w)}</td><td></td></tr>`).join('');
  return page(
    language,
    `<h1>${esc(title)}</h1><div class="form">${formLine[language]}</div><p class="note">${esc(note)}</p><table><tr><th>${esc(headers[0])}</th><th>${esc(headers[1])}</th></tr>${rows}</table>`,
    `table { border-collapse: collapse; width: 100%; }
     th, td { border: 2px solid #333; padding: 6px 16px; text-align: left; font-size: 22px; }
     th { background: #cfe8d4; font-size: 19px; } td:first-child { width: 44%; } td { height: 92px; }`,
  );
}

const ZH_KAI = ['蚂蚁', '蜗牛', '搬家', '池塘', '荷花', '露珠', '晚霞', '骄傲', '温暖', '勇敢'];
const ZH_TABLE = [
  ['清晨', '傍晚', '湖面', '波浪'],
  ['海鸥', '沙漠', '骆驼', '草原'],
  ['牧场', '羊群', '山坡', '泉水'],
  ['瀑布', '岩石', '山顶'],
];
const ZH_IDIOMS = [
  '井底之蛙',
  '守株待兔',
  '画蛇添足',
  '亡羊补牢',
  '拔苗助长',
  '对牛弹琴',
  '狐假虎威',
  '自相矛盾',
];
const ZH_SECTIONS: { heading: string; words: [string, string][] }[] = [
  {
    heading: '一、读一读，记一记。',
    words: [
      ['游戏', 'yóu xì'],
      ['故事', 'gù shi'],
      ['礼物', 'lǐ wù'],
      ['比赛', 'bǐ sài'],
      ['队伍', 'duì wu'],
      ['兴趣', 'xìng qù'],
    ],
  },
  {
    heading: '二、容易写错的词语',
    words: [
      ['节日', 'jié rì'],
      ['习惯', 'xí guàn'],
      ['安静', 'ān jìng'],
      ['整齐', 'zhěng qí'],
    ],
  },
];
const ZH_CHAT_LIGHT = ['端午节', '粽子', '划龙舟', '香包', '艾草', '糯米', '屈原', '热闹'];
const ZH_JOBS = [
  '医生',
  '护士',
  '警察',
  '司机',
  '厨师',
  '画家',
  '农夫',
  '邮递员',
  '消防员',
  '科学家',
  '工程师',
  '售货员',
];
const EN_LE = [
  'squeeze',
  'crumble',
  'gentle',
  'bottle',
  'puddle',
  'marble',
  'candle',
  'beetle',
  'tickle',
  'wobble',
];
const MS_FARM = ['itik', 'ayam jantan', 'kambing', 'lembu', 'arnab', 'kuda', 'biri-biri', 'angsa'];

const FIFTH = '(5th round, unseen)';

export const FIFTH_SHEETS: Sheet[] = [
  {
    name: 'zh-kai-tingxie-phone',
    language: 'Chinese',
    description: `听写 list in 楷体 (AR PL UKai), "1." to "10.", signature line, phone photo, dark shadow ${FIFTH}`,
    words: ZH_KAI,
    html: tingxie(
      '第四课 听写',
      '请认真复习下面的词语，星期三听写。',
      ZH_KAI,
      (i) => `${i + 1}.`,
      `.page { font-family: ${KAI}; font-size: 26px; } h1 { font-size: 32px; } .note, .form { font-size: 19px; }`,
    ),
    capture: strongPhone(201, 'light', { shadow: 0.62 }),
  },
  {
    name: 'zh-word-table-flat',
    language: 'Chinese',
    description: `textbook 词语表: four phrases a row in wide-spaced columns, no numbers, serif (flat) ${FIFTH}`,
    words: ZH_TABLE.flat(),
    html: wordTable('词语表', '第三单元', ZH_TABLE),
    capture: flat,
  },
  {
    name: 'zh-idiom-tianzige-phone',
    language: 'Chinese',
    description: `成语 in teal 田字格 with dashed middle lines, Ming face (AR PL UMing), no numbers, phone photo ${FIFTH}`,
    words: ZH_IDIOMS,
    html: idiomGrid('成语积累', '把成语工整地抄写一遍。', ZH_IDIOMS),
    capture: phone(203, 'grey'),
  },
  {
    name: 'zh-paren-pinyin-keystone-phone',
    language: 'Chinese',
    description: `一、二、 sections with "(1)" items, pinyin above, two columns, strong keystone on a dark desk ${FIFTH}`,
    words: ZH_SECTIONS.flatMap((s) => s.words.map(([w]) => w)),
    html: sectionsWithPinyin('第六单元 复习', ZH_SECTIONS),
    capture: strongPhone(204, 'dark', { keystone: 0.16 }),
  },
  {
    name: 'zh-chat-light',
    language: 'Chinese',
    description: `WeChat-like group chat in light mode, "1." list of 8 phrases in one message, replies ${FIFTH}`,
    words: ZH_CHAT_LIGHT,
    width: 412,
    html: weChat('二年级3班家长群(42)', '晚上8:12', '20:26', [
      {
        from: '李老师',
        avatar: '#7aa6d6',
        lines: [
          '各位家长晚上好！明天听写第六课，请孩子复习以下词语：',
          ...ZH_CHAT_LIGHT.map((w, i) => `${i + 1}. ${w}`),
          '听写本请家长签名，谢谢！',
        ],
      },
      { from: '欣怡妈妈', avatar: '#e8a87c', lines: ['收到，谢谢李老师！'] },
      { from: '俊杰爸爸', avatar: '#85c88a', lines: ['收到👌'] },
      { from: 'Me', avatar: '#c9a0dc', lines: ['好的，谢谢老师'], mine: true },
    ]),
    capture: { kind: 'screenshot' },
  },
  {
    name: 'zh-jobs-12mp-exif6',
    language: 'Chinese',
    description: `"1、" list of 12 phrases, school header, 12 MP stored sideways (EXIF 6) on a wooden desk ${FIFTH}`,
    words: ZH_JOBS,
    html: page(
      'Chinese',
      `<div class="school">南洋小学 · 二年级华文</div><h1>第八课 听写词语</h1><div class="form">${formLine.Chinese}</div><ol>${ZH_JOBS.map((w, i) => `<li>${i + 1}、${esc(w)}</li>`).join('')}</ol>`,
      `.school { font-size: 16px; color: #444; border-bottom: 1px solid #666; padding-bottom: 4px; margin-bottom: 14px; } li { font-size: 23px; margin-bottom: 12px; }`,
    ),
    capture: phone(206, 'wood', 12, 6),
  },
  {
    name: 'en-box-cartoon-phone',
    language: 'English',
    description: `-le words in a dashed rounded box on pale yellow, cartoon sun and pencil header, phone photo ${FIFTH}`,
    words: EN_LE,
    html: boxedList(EN_LE),
    capture: phone(207, 'wood'),
  },
  {
    name: 'ms-picture-table-phone',
    language: 'Malay',
    description: `two-column table Perkataan / Lukis gambar, picture column blank, no numbers, phone photo ${FIFTH}`,
    words: MS_FARM,
    html: pictureTable(
      'Malay',
      'Kosa Kata: Haiwan di Ladang',
      'Baca perkataan dan lukis gambarnya di dalam petak.',
      ['Perkataan', 'Lukis gambar'],
      MS_FARM,
    ),
    capture: strongPhone(208, 'grey', { sideways: 0.05 }),
  },
];
