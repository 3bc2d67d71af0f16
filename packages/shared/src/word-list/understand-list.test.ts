import { describe, expect, it } from 'vitest';
import type { Language } from '../languages.js';
import type { RecognisedLine } from './types.js';
import { numberingGap, understandList } from './understand-list.js';

/*
 * The tuning cases of the list stage: written from issue 33's rules and invented examples.
 * The held-out corpus (held-out/) is measured apart and never tuned on.
 */

interface Case {
  name: string;
  text: string;
  language?: Language;
  expected: string[];
}

const words = (text: string, language?: Language) =>
  understandList(
    text.split('\n').map((line) => ({ text: line })),
    language,
  ).entries.map((entry) => entry.text);

/**
 * A line read at `x0`, `y` with a box as wide as its characters at `charWidth` each and
 * `height` tall: a screenshot's lines, where the box's left edge says which side a bubble is.
 */
const boxedLine =
  (charWidth: number, height: number) =>
  (text: string, x0: number, y: number): RecognisedLine => ({
    text,
    box: { x0, y0: y, x1: x0 + charWidth * [...text].length, y1: y + height },
  });

const run = (cases: Case[]) =>
  it.each(cases)('$name', ({ text, language, expected }) => expect(words(text, language)).toEqual(expected));

describe('understandList: numbering and letter markers', () => {
  run([
    { name: '"1."', text: '1. orbit\n2. planet\n3. comet', expected: ['orbit', 'planet', 'comet'] },
    { name: '"1)"', text: '1) orbit\n2) planet\n3) comet', expected: ['orbit', 'planet', 'comet'] },
    { name: '"(1)"', text: '(1) orbit\n(2) planet\n(3) comet', expected: ['orbit', 'planet', 'comet'] },
    {
      name: '"11" with its digits read apart',
      text: '9 favourite\n10 peculiar\n1 1 grammar',
      expected: ['favourite', 'peculiar', 'grammar'],
    },
    {
      name: 'a Chinese header row read without spaces',
      text: '序号词语\n1 礼物\n2 老师\n3 姐姐',
      language: 'Chinese',
      expected: ['礼物', '老师', '姐姐'],
    },
    {
      name: 'the look-say-cover routine above the list',
      text: 'Look, say, cover, write, check.\norbit\ncomet\ncrater',
      language: 'English',
      expected: ['orbit', 'comet', 'crater'],
    },
    {
      name: 'a number run into Chinese',
      text: '9 干净\n10声音\n11 寒冷',
      language: 'Chinese',
      expected: ['干净', '声音', '寒冷'],
    },
    {
      name: '"1.", "11." and "13." with a 1 read as a stroke',
      text: '|. century\n2. pressure\n10. difficult\nIl suppose\n12. experience\nI3. imagine',
      language: 'English',
      expected: ['century', 'pressure', 'difficult', 'suppose', 'experience', 'imagine'],
    },
    {
      name: 'a number misread as a letter or as marks, between its neighbours',
      text: '4. planet\nS.guard\n6. century\n7. recent\n+) popular\n9. history\nqq.durian\n11. bicycle',
      language: 'English',
      expected: ['planet', 'guard', 'century', 'recent', 'popular', 'history', 'durian', 'bicycle'],
    },
    {
      name: 'an opening bracket read as a letter glued to its number',
      text: 'Imlak\n1) gembira\n2) sungai\n3) kerusi\nb6) murid\n7) pintu',
      language: 'Malay',
      expected: ['gembira', 'sungai', 'kerusi', 'murid', 'pintu'],
    },
    {
      name: 'marks before a word are no number where the numbers around say none is missing',
      text: '1. orbit\n2. planet\ne.g. comet\n3. crater',
      language: 'English',
      expected: ['orbit', 'planet', 'crater'],
    },
    {
      name: "a table's first number cells not read, the third on",
      text: 'Sekolah Rendah Bukit Jalil\nImlak\nkerusi\nbintang\n3 roti\nrumah\n5 durian\npisang',
      language: 'Malay',
      expected: ['kerusi', 'bintang', 'roti', 'rumah', 'durian', 'pisang'],
    },
    {
      name: 'two "Q" items on one line, a full-width stop, a lost number',
      text: 'Q1. pantai\nQ2. gembira\nQ4. roti Q5. bermain\nQ6. kucing\n) pintu\nQ8． rendah',
      language: 'Malay',
      expected: ['pantai', 'gembira', 'roti', 'bermain', 'kucing', 'pintu', 'rendah'],
    },
    {
      name: '"11." with its second 1 read as a letter',
      text: '9. semut\n10. kereta\n1l. gembira\n12. rendah',
      language: 'Malay',
      expected: ['semut', 'kereta', 'gembira', 'rendah'],
    },
    { name: '①②③', text: '① orbit\n② planet\n③ comet', expected: ['orbit', 'planet', 'comet'] },
    {
      name: 'up to ⑳',
      text: '⑱ orbit\n⑲ planet\n⑳ comet',
      expected: ['orbit', 'planet', 'comet'],
    },
    { name: '"a."', text: 'a. orbit\nb. planet\nc. comet', expected: ['orbit', 'planet', 'comet'] },
    { name: '"A)"', text: 'A) orbit\nB) planet\nC) comet', expected: ['orbit', 'planet', 'comet'] },
    {
      name: '"一、"',
      text: '一、星星\n二、月亮\n三、太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'a comma read for the 、 after a Chinese numeral, and "一、" read as a stroke',
      text: '第三课词语\nl、 学校\n二、 图书馆\n三、 老师\n四、 春天来了\n五, 下雨了\n六、 做功课',
      language: 'Chinese',
      expected: ['学校', '图书馆', '老师', '春天来了', '下雨了', '做功课'],
    },
    {
      name: 'a Chinese sentence after a numeral and a comma is not numbered',
      text: '星星\n月亮\n七，八个人一起去',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
    {
      name: 'two circled columns on one line',
      text: '① orbit   ④ rocket\n② planet   ⑤ galaxy',
      language: 'English',
      expected: ['orbit', 'rocket', 'planet', 'galaxy'],
    },
    {
      name: 'a table number cell is the row number',
      text: '| 1 | orbit |\n| 2 | planet |\n| 3 | comet |',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
  ]);
});

describe('understandList: titles, headers and footers', () => {
  run([
    {
      name: "a Chinese panel's credit in the footer and a date OCR spaced",
      text: '3 月14日星期五\n听写词语\n香蕉\n白云\n快乐\n华文组 编',
      language: 'Chinese',
      expected: ['香蕉', '白云', '快乐'],
    },
    {
      name: 'a school name, a form line, a list title, a page number',
      text: 'Hillview Primary School\nName: ______ Class: ___ Date: ____\nSpelling List 5\n1. orbit\n2. planet\n3. comet\nPage 2',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: '"Week 3" and "Term 1"',
      text: 'Term 1 Week 3\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'a grade line',
      text: 'Primary 4 English\n1. orbit\n2. planet\n3. comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a Chinese school and unit title',
      text: '光明小学 三年级\n第二单元\n1. 星星\n2. 月亮\n3. 太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: '小学 alone is a word',
      text: '1. 小学\n2. 中学\n3. 学校',
      language: 'Chinese',
      expected: ['小学', '中学', '学校'],
    },
    {
      name: 'a Malay school, its subject panel and a page number',
      text: 'Sekolah Rendah Bukit Indah\nPanitia Bahasa Melayu\n1. bintang\n2. bulan\n3. awan\nMuka surat 7',
      language: 'Malay',
      expected: ['bintang', 'bulan', 'awan'],
    },
    {
      name: 'a Tamil week title',
      text: 'வாரம் 6\n1. நிலா\n2. சூரியன்\n3. வானம்',
      language: 'Tamil',
      expected: ['நிலா', 'சூரியன்', 'வானம்'],
    },
    {
      name: 'a heading word numbered on its own is an entry',
      text: '1. vocabulary\n2. dictation\n3. revision',
      language: 'English',
      expected: ['vocabulary', 'dictation', 'revision'],
    },
    {
      name: 'a title with a colon',
      text: 'Unit 7: Space\n1. orbit\n2. planet\n3. comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a screen: an address and a menu bar',
      text: 'File Edit View Insert Format\nhttps://docs.example.com/d/abc\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: "an address bar's path read through a photo's blur, and a word's two spellings kept",
      text: 'schooponaedues/speng-st\nkucing\nrealise/realize\nharimau',
      language: 'Malay',
      expected: ['kucing', 'realise/realize', 'harimau'],
    },
    {
      name: 'an instruction',
      text: 'Copy each word twice.\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'a school named without "School" and a department footer',
      text: 'Maple Hill Primary\n1. orbit\n2. planet\n3. comet\n© Greenfield Primary · English Dept',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: '"primary" as a word',
      text: 'primary\nsecondary\nprimary colours',
      language: 'English',
      expected: ['primary', 'secondary', 'primary colours'],
    },
    {
      name: 'a Chinese word box and how often to write each word',
      text: '每个词语写三遍。\n词语盒子\n星星\n月亮',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
  ]);
});

describe('understandList: an inline list numbered in brackets', () => {
  it.each([
    ['Chinese', ['(1)金鱼(2)彩虹 (3)下雨(4)游泳'], ['金鱼', '彩虹', '下雨', '游泳']],
    [
      'Chinese',
      ['金鱼(2)彩虹 (3)下雨(4)游泳', '森林（6)奶奶（7)明天'],
      ['金鱼', '彩虹', '下雨', '游泳', '森林', '奶奶', '明天'],
    ],
    ['English', ['(1) rain (2) cloud (3) thunder'], ['rain', 'cloud', 'thunder']],
  ] as const)('%s: %j', (language, texts, words) => {
    const lines = texts.map((text) => ({ text }));
    expect(understandList(lines, language).entries.map((e) => e.text)).toEqual(words);
  });

  it('keeps one bracketed number in a line as part of it', () => {
    expect(
      understandList(
        [{ text: 'Week (3) words' }, { text: 'orbit' }, { text: 'comet' }],
        'English',
      ).entries.map((e) => e.text),
    ).not.toContain('Week');
  });
});

describe('understandList: replies in a chat of one word per bubble', () => {
  it('drops the bubbles that ask or exclaim', () => {
    const texts = [
      '王老师',
      '下午3:20',
      '熊猫',
      '下午3:20',
      '蜜蜂',
      '下午3:21',
      '明天几点？',
      '下午3:22',
      '谢谢老师！',
      '下午3:22',
      '身体',
    ];
    const lines = texts.map((text) => ({ text }));
    expect(understandList(lines, 'Chinese').entries.map((e) => e.text)).toEqual(['熊猫', '蜜蜂', '身体']);
  });
});

describe('understandList: a word bank above numbered fill-in sentences', () => {
  it('keeps the word bank, not the numbered sentences, whether the blanks were read or not', () => {
    const bank = ['Word bank', 'different', 'adventure', 'early', 'decide', 'actually'];
    const withBlanks = [
      '1. I found ________ in the dictionary.',
      '2. The teacher said ______ twice.',
      '3. We talked about _____ in class today.',
    ];
    const blanksLost = [
      '1. I found in the dictionary.',
      '2. The teacher said twice.',
      '3. We talked about in class today.',
    ];
    for (const sentences of [withBlanks, blanksLost]) {
      const lines = [...bank, ...sentences].map((text) => ({ text }));
      expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual(bank.slice(1));
    }
  });

  it('trusts the words its heading introduces, though a line of prose closes the page', () => {
    const page = ['Spelling Practice', 'Word bank', 'material', 'courage', 'grammar'];
    const sentences = ['1. The teacher said ____ twice.', '2. Please use ____ in a sentence.'];
    const lines = [...page, ...sentences, 'Keep this sheet in your folder'].map((text) => ({ text }));
    expect(understandList(lines, 'English').entries).toEqual([
      { text: 'material', source: 2, doubtful: false },
      { text: 'courage', source: 3, doubtful: false },
      { text: 'grammar', source: 4, doubtful: false },
    ]);
    // Without its headings the page said nothing of where its list is: the review asks.
    const unheaded = lines.filter((line) => !['Spelling Practice', 'Word bank'].includes(line.text));
    expect(understandList(unheaded, 'English').entries.every((entry) => entry.doubtful)).toBe(true);
  });
});

describe('understandList: a fill-in sentence cut at its blank', () => {
  /** A piece of a row as a text detector boxes it: `x0` to `x1`, on the row at `y`, slightly tilted. */
  const piece = (text: string, x0: number, x1: number, y: number): RecognisedLine => ({
    text,
    box: { x0, y0: y - x0 / 50, x1, y1: y + 40 - x0 / 50 },
  });
  const bank = ['寒冷', '弟弟', '唱歌', '兔子'].map((word, i) =>
    piece(word, 100 + 200 * i, 180 + 200 * i, 0),
  );
  const texts = (lines: RecognisedLine[], language: Language) =>
    understandList(lines, language).entries.map((e) => e.text);

  it('keeps the word bank when each sentence is cut at its wide brackets', () => {
    const sentences = [
      piece('1.请用', 100, 220, 100),
      piece(') 造句。', 390, 530, 100),
      piece('2.今天我们学了 (', 100, 400, 160),
      piece('）。', 560, 610, 160),
      // The brackets apart, and the tail read before the head (sorted by the top of its box).
      piece('） 很重要。', 420, 560, 220),
      piece('3.老师说 (', 100, 300, 220),
      piece('4.今天我们学了', 100, 330, 280),
      piece('（', 320, 350, 280),
      piece('）', 470, 500, 280),
      piece('。', 500, 530, 280),
    ];
    expect(texts([piece('词语盒子', 100, 220, -60), ...bank, ...sentences], 'Chinese')).toEqual([
      '寒冷',
      '弟弟',
      '唱歌',
      '兔子',
    ]);
  });

  it('keeps the word bank when a sentence is cut at its rule, in any language', () => {
    const words = ['early', 'decide', 'actually'].map((word, i) =>
      piece(word, 100 + 200 * i, 200 + 200 * i, 0),
    );
    const sentences = [
      piece('1. I found', 100, 240, 100),
      piece('______ in the dictionary.', 260, 600, 100),
      piece('2. The teacher said ______', 100, 420, 160),
      piece('twice.', 440, 520, 160),
      piece('3. We talked about', 100, 350, 220),
      piece('( ) in class today.', 500, 760, 220),
    ];
    expect(texts([...words, ...sentences], 'English')).toEqual(['early', 'decide', 'actually']);
  });

  it('keeps the word bank when a sentence is cut at a blank nobody read (a thin rule)', () => {
    const words = ['centre', 'difficult', 'height'].map((word, i) =>
      piece(word, 100 + 200 * i, 200 + 200 * i, 0),
    );
    const sentences = [
      piece('1. Please use', 100, 260, 100),
      piece('in a sentence.', 380, 560, 100),
      piece('2. The teacher said', 100, 330, 160),
      piece('twice.', 450, 530, 160),
      piece('3. We talked about', 100, 330, 220),
      piece('in class today.', 450, 640, 220),
    ];
    expect(texts([piece('Word bank', 100, 220, -60), ...words, ...sentences], 'English')).toEqual([
      'centre',
      'difficult',
      'height',
    ]);
  });

  it('never takes a numbered word and its meaning for a sentence cut at a blank', () => {
    const rows = [
      [piece('1. cat', 100, 180, 0), piece('a small animal.', 400, 600, 0)],
      [piece('2. river', 100, 200, 60), piece('water that flows.', 400, 620, 60)],
      [piece('3. kind', 100, 190, 120), piece('nice to others.', 400, 590, 120)],
    ];
    expect(texts(rows.flat(), 'English')).toEqual(['cat', 'river', 'kind']);
  });

  it('gives the first piece of a joined row as its source', () => {
    const lines = [
      piece('orbit', 100, 180, 0),
      piece(') is round.', 400, 520, 60),
      piece('1. The (', 100, 230, 60),
    ];
    expect(understandList(lines, 'English').entries.map((e) => [e.text, e.source])).toEqual([['orbit', 0]]);
  });

  it('measures an unread blank by the lower piece: a long piece tilted on a photo boxes taller', () => {
    const bank = ['early', 'decide', 'actually'].map((word, i) =>
      piece(word, 100 + 200 * i, 200 + 200 * i, 0),
    );
    const boxed = (text: string, x0: number, x1: number, y: number, height: number): RecognisedLine => ({
      text,
      box: { x0, y0: y, x1, y1: y + height },
    });
    const sentences = [
      // 100 px on: 2.4 of the tail's height, 1.25 of the long head's.
      boxed('1. The teacher said', 100, 360, 100, 80),
      boxed('twice.', 460, 540, 90, 42),
      // 110 px on: 1.96 of the lower piece's height, more than any word space.
      boxed('2. Can you spell', 100, 330, 200, 56),
      boxed('without looking?', 440, 660, 190, 60),
      boxed('3. Please use', 100, 290, 300, 54),
      boxed('in a sentence.', 400, 590, 290, 56),
    ];
    expect(texts([...bank, ...sentences], 'English')).toEqual(['early', 'decide', 'actually']);
  });

  it("keeps entries side by side: answer brackets, copy lines, a list's second column", () => {
    const rows = [
      [piece('星星（ ）', 100, 260, 0), piece('月亮（ ）', 400, 560, 0)],
      [piece('1. 太空', 100, 220, 60), piece('（ ）', 240, 300, 60), piece('2. 火箭', 400, 520, 60)],
    ];
    expect(texts(rows.flat(), 'Chinese')).toEqual(['星星', '月亮', '太空', '火箭']);
    const copy = [
      [piece('apple ______', 100, 300, 0), piece('banana ______', 400, 620, 0)],
      [piece('cherry ______', 100, 300, 60), piece('grape ______', 400, 620, 60)],
    ];
    expect(texts(copy.flat(), 'English')).toEqual(['apple', 'banana', 'cherry', 'grape']);
  });
});

describe('understandList: a word and its meaning or sentence', () => {
  run([
    {
      name: 'a Chinese word and its English meaning, the dash read as 一',
      text: '3. 图书馆 一 library\n4. 彩虹 - rainbow\n5. 明天 一 tomorrow\n6. 第一 一 first',
      language: 'Chinese',
      expected: ['图书馆', '彩虹', '明天', '第一'],
    },
    {
      name: 'a Chinese word and its English meaning, the border read as 丨',
      text: '牛奶 丨 milk\n兔子丨 rabbit\n月亮丨',
      language: 'Chinese',
      expected: ['牛奶', '兔子', '月亮'],
    },
    {
      name: '"word — meaning"',
      text: '1. orbit — the path round a planet\n2. comet — a ball of ice in space\n3. crater — a hole in the ground',
      language: 'English',
      expected: ['orbit', 'comet', 'crater'],
    },
    {
      name: '"word - meaning" and "word – meaning"',
      text: 'orbit - path\ncomet – ice ball',
      language: 'English',
      expected: ['orbit', 'comet'],
    },
    {
      name: 'a hyphen inside a word is not a dash',
      text: 'well-known\nself-control',
      language: 'English',
      expected: ['well-known', 'self-control'],
    },
    {
      name: '"word: sentence"',
      text: 'orbit: The moon is in orbit around the Earth.\ncomet: We saw a comet in the night sky.',
      language: 'English',
      expected: ['orbit', 'comet'],
    },
    {
      name: '"word -meaning", a space lost on one side of the dash',
      text: '1.naughty -badly behaved\n2.minute -- sixty seconds\n3.bicycle- a two-wheeled vehicle',
      expected: ['naughty', 'minute', 'bicycle'],
    },
    {
      name: '"word: meaning"',
      text: 'orbit: a path\ncomet: an icy body',
      language: 'English',
      expected: ['orbit', 'comet'],
    },
    {
      name: "a word that asks for practice is a pair's word when no list follows it",
      text: 'revise: to look over again\npractise: to do again and again\nreview: to look back at',
      language: 'English',
      expected: ['revise', 'practise', 'review'],
    },
    {
      name: 'a note with a colon is not a word',
      text: 'Reminder: bring your storybook and water bottle to school tomorrow please\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: '"word | meaning"',
      text: 'orbit | the path of a planet\ncomet | an icy body',
      language: 'English',
      expected: ['orbit', 'comet'],
    },
    {
      name: 'a table header row',
      text: 'No. | Word | Meaning\n1 | orbit | path\n2 | comet | ice ball\n3 | crater | hole',
      language: 'English',
      expected: ['orbit', 'comet', 'crater'],
    },
    {
      name: '"word (meaning)"',
      text: '1. vast (very big)\n2. dim (not bright)\n3. swift (fast)',
      language: 'English',
      expected: ['vast', 'dim', 'swift'],
    },
    {
      name: 'Chinese with pinyin before and after',
      text: '1. xīng xing 星星\n2. 月亮 yuè liang\n3. 太空（tài kōng）',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'Chinese with English glosses',
      text: '星星 star\n月亮 moon\n火箭 rocket',
      language: 'Chinese',
      expected: ['星星', '月亮', '火箭'],
    },
    {
      name: 'an English list with Chinese meanings keeps the English',
      text: '1. star 星星\n2. moon 月亮\n3. rocket 火箭',
      language: 'English',
      expected: ['star', 'moon', 'rocket'],
    },
    {
      name: 'an English list with Chinese meanings scanned for Chinese keeps the Chinese',
      text: '1. star 星星\n2. moon 月亮\n3. rocket 火箭',
      language: 'Chinese',
      expected: ['星星', '月亮', '火箭'],
    },
    {
      name: 'Malay word - English meaning',
      text: 'bintang - star\nbulan - moon',
      language: 'Malay',
      expected: ['bintang', 'bulan'],
    },
    {
      name: 'Tamil word with its English meaning',
      text: 'நிலா - moon\nவானம் sky',
      language: 'Tamil',
      expected: ['நிலா', 'வானம்'],
    },
    {
      name: 'English meaning before the Tamil word',
      text: 'moon நிலா\nsky வானம்',
      language: 'Tamil',
      expected: ['நிலா', 'வானம்'],
    },
    {
      name: 'a Chinese word with its example sentence',
      text: '星星：天上有很多星星。\n月亮：今晚的月亮很圆。',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
  ]);

  it('keeps an unnumbered list of words and meanings without the header above it, surely', () => {
    const lines = [
      'SK Seri Indah',
      'Latihan Ejaan',
      'Nama:',
      'Hafal perkataan ini untuk ujian hari Jumaat.',
      'rendah - short',
      'bunga - flower',
      'bintang - star',
      'pemadam eraser',
      'kucing - cat',
    ].map((text) => ({ text, confidence: 97 }));
    expect(understandList(lines, 'Malay').entries).toEqual([
      { text: 'rendah', source: 4, doubtful: false },
      { text: 'bunga', source: 5, doubtful: false },
      { text: 'bintang', source: 6, doubtful: false },
      { text: 'pemadam eraser', source: 7, doubtful: true },
      { text: 'kucing', source: 8, doubtful: false },
    ]);
  });

  it("keeps the word of a pair whose spaces around the dash were lost, not Malay's doubled words", () => {
    const text = 'bunga - flower\nikan-fsh\nsedih - sad\nkanak-kanak\nharimau-tiger\nbintang - star';
    expect(words(text, 'Malay')).toEqual(['bunga', 'ikan', 'sedih', 'kanak-kanak', 'harimau', 'bintang']);
    // Not among words without meanings: a hyphen there is the word's own.
    expect(words('orbit\nwell-known\ncomet', 'English')).toEqual(['orbit', 'well-known', 'comet']);
  });

  it('keeps the word of each row whose border the recogniser read as a letter', () => {
    const text = [
      'Spelling Test - Term 2',
      'Practise each word three times.',
      'pressure I a pushing force',
      'different l not the same',
      'business Ibuying and selling',
      'perhaps | maybe',
      'address I where someone lives',
    ].join('\n');
    expect(words(text, 'English')).toEqual(['pressure', 'different', 'business', 'perhaps', 'address']);
    // Not a sentence or two that start with a word and "I".
    expect(words('Today I went home\nThen I slept\norbit\ncomet', 'English')).not.toContain('Today');
  });

  it('keeps the word of a numbered line whose dash was lost, among words and meanings', () => {
    const text = [
      '1. naughty — badly behaved',
      '2. minute — sixty seconds',
      '3. bicycle — a two-wheeled vehicle',
      '4. favourite liked the most',
      '5. probably — most likely',
    ].join('\n');
    const found = understandList(
      text.split('\n').map((line) => ({ text: line })),
      'English',
    ).entries;
    expect(found.map((e) => [e.text, e.doubtful])).toEqual([
      ['naughty', false],
      ['minute', false],
      ['bicycle', false],
      ['favourite', true],
      ['probably', false],
    ]);
    // Without meanings on the other lines, a numbered phrase is an entry.
    expect(words('1. a piece of cake\n2. orbit\n3. planet — a world\n4. comet', 'English')).toEqual([
      'a piece of cake',
      'orbit',
      'planet',
      'comet',
    ]);
  });
});

describe('understandList: several words on one line', () => {
  run([
    {
      name: "a list over several lines of items, the form's labels above it misread",
      text: 'SKSeri Indah\nImlak\nNam\nkolas\nIbu bepa sha bartuanak bert\npisang, kelas, kereta\nroti, murid, kawan\nsemut, pemadam, hospital\nbuku\nTandatangan ibu bapa',
      language: 'Malay',
      expected: [
        'pisang',
        'kelas',
        'kereta',
        'roti',
        'murid',
        'kawan',
        'semut',
        'pemadam',
        'hospital',
        'buku',
      ],
    },
    {
      name: 'Chinese words side by side, the list wrapped to a line of two',
      text: '本周词语： 生日 美丽 妹妹 中午\n彩虹 面条 小鸟 蜜蜂 快乐 香蕉\n公园 白云',
      language: 'Chinese',
      expected: [
        '生日',
        '美丽',
        '妹妹',
        '中午',
        '彩虹',
        '面条',
        '小鸟',
        '蜜蜂',
        '快乐',
        '香蕉',
        '公园',
        '白云',
      ],
    },
    {
      name: 'commas',
      text: 'orbit, planet, comet, rocket',
      language: 'English',
      expected: ['orbit', 'planet', 'comet', 'rocket'],
    },
    {
      name: 'semicolons',
      text: 'orbit; planet; comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    { name: '、', text: '星星、月亮、太空', language: 'Chinese', expected: ['星星', '月亮', '太空'] },
    {
      name: '，',
      text: '星星，月亮，太空，火箭',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空', '火箭'],
    },
    {
      name: 'groups of characters side by side',
      text: '星星 月亮 太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'a label and the list',
      text: 'Spelling words: orbit, planet, comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a label and two words',
      text: 'Words: orbit, planet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: '"and" before the last',
      text: 'orbit, planet and comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'phrases between the commas',
      text: 'shooting star, full moon, outer space',
      language: 'English',
      expected: ['shooting star', 'full moon', 'outer space'],
    },
    {
      name: 'a list running on to the next line',
      text: 'Words: orbit, planet, comet,\nrocket, galaxy',
      language: 'English',
      expected: ['orbit', 'planet', 'comet', 'rocket', 'galaxy'],
    },
    {
      name: 'a sentence with commas is not a list',
      text: 'After dinner, we looked at the stars, the moon and the planets.\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'two words and a comma are a reply',
      text: 'orbit\nplanet\nOk, thanks',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'a Malay label',
      text: 'Perkataan: bintang, bulan, awan',
      language: 'Malay',
      expected: ['bintang', 'bulan', 'awan'],
    },
    {
      name: 'a Chinese label with a full-width colon',
      text: '明天听写：星星，月亮，太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
  ]);
});

describe('understandList: fill-in blanks, prose and a story page', () => {
  run([
    {
      name: "a story page's lines read row by row into the numbered list beside it",
      text: [
        '小兔子找朋友',
        '本周听写',
        '春天来了，小兔子在森林里散步。它看见一只小鸟在树上唱歌。 1.弟弟',
        '小兔子问：“你愿意做我的朋友吗？”小鸟高兴地说：“愿意！” 2.身体',
        '它们一起来到河边，看见一只小乌龟慢慢地爬着。',
        '小乌龟说：“我也想和你们做朋友。”',
        '从此，三个好朋友每天一起玩，一起学习，过得非常快乐。',
        '3.兔子',
        '4.温暖',
      ].join('\n'),
      language: 'Chinese',
      expected: ['弟弟', '身体', '兔子', '温暖'],
    },
    {
      name: "an English story's lines between a numbered list's",
      text: [
        'Maya ran to the top of the hill with her new kite. 1. courage',
        'The wind was strong and the sky was clear. 2. grammar',
        'She let the string out slowly, and the kite climbed higher.',
        '3. perhaps',
        '4. material',
      ].join('\n'),
      language: 'English',
      expected: ['courage', 'grammar', 'perhaps', 'material'],
    },
    {
      name: 'fill-in sentences are not words',
      text: 'orbit\nplanet\nThe moon ______ the Earth.\nMars is a red ______ in space',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'numbered fill-in sentences do not make a list',
      text: 'orbit, planet, comet\n1. The ______ has a long tail.\n2. Earth is a ______.\n3. The moon is in ______.',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a Chinese fill-in',
      text: '星星\n月亮\n天上的（ ）一闪一闪。',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
    {
      name: 'an answer bracket whose end was not read',
      text: '(4) difficult (5) continue  (\n(6) various',
      language: 'English',
      expected: ['difficult', 'continue', 'various'],
    },
    {
      name: 'a Tamil sheet: its school, form fields with dots, brackets and dashes half read',
      text: 'தேசிய வகை தமிழ்ப் பள்ளி\nவகுப்பு...\n(பயணம் -\n(3மகிழ்ச்சி - ॥மழறர6538\n(6) காற்று- ரா\nபள்ளி\nபெற்றோர் கையொப்பம்:----',
      language: 'Tamil',
      expected: ['பயணம்', 'மகிழ்ச்சி', 'காற்று', 'பள்ளி'],
    },
    {
      name: "a Tamil list's numbers misread: brackets unclosed, Tamil letters, Tamil digits",
      text: '(1) தண்ணீர்\n(2 வீடு\nஇ குரங்கு\n(க நகரம்\n(5) மலை\n(௦2 விதை\nரெ. முட்டை\n1௦. வானம்\n(௦) எழுதுகோல்',
      language: 'Tamil',
      expected: ['தண்ணீர்', 'வீடு', 'குரங்கு', 'நகரம்', 'மலை', 'விதை', 'முட்டை', 'வானம்', 'எழுதுகோல்'],
    },
    {
      name: 'a Tamil one-letter word stays whole; an unnumbered list is not renumbered',
      text: 'பூ\nகை\nக நகரம்\nமலை',
      language: 'Tamil',
      expected: ['பூ', 'கை', 'க நகரம்', 'மலை'],
    },
    {
      name: 'a table row whose meaning cell was read as digits, or its border as a danda',
      text: 'கிராமம் | ௦௦6\nமுட்டை । egg\nபூனை | ௮',
      language: 'Tamil',
      expected: ['கிராமம்', 'முட்டை', 'பூனை'],
    },
    {
      name: 'a blank after the word is for the answer',
      text: '星星（ ）\n月亮（ ）',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
    {
      name: 'story lines before an unnumbered list',
      text: 'Last night Sam and his dad climbed the hill behind their house.\nThey lay on the grass and counted shooting stars.\nSam saw a comet.\norbit\nplanet\ncomet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'story lines between numbered entries',
      text: '1. orbit\nLast night Sam and his dad climbed the hill.\n2. planet\nThey lay on the grass and counted the stars.\n3. comet',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a Chinese story line',
      text: '晚上，我和爸爸一起去山上看星星，天上的星星真多啊。\n1. 星星\n2. 月亮\n3. 太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'a short Chinese exclamation is an entry',
      text: '1. 下雪了！\n2. 真美丽\n3. 看星星',
      language: 'Chinese',
      expected: ['下雪了！', '真美丽', '看星星'],
    },
  ]);

  it('drops the story column beside the list, title and page number too', () => {
    const lines: RecognisedLine[] = [
      { text: 'A Night Out', box: { x0: 100, y0: 50, x1: 300, y1: 80 } },
      {
        text: 'Sam and his dad walked up the hill after dinner,',
        box: { x0: 50, y0: 100, x1: 460, y1: 130 },
      },
      { text: '1. orbit', box: { x0: 600, y0: 100, x1: 700, y1: 130 } },
      { text: 'and they lay down on the grass to look up.', box: { x0: 50, y0: 140, x1: 450, y1: 170 } },
      { text: '2. planet', box: { x0: 600, y0: 140, x1: 720, y1: 170 } },
      { text: 'Above them the sky was full of tiny stars.', box: { x0: 50, y0: 180, x1: 455, y1: 210 } },
      { text: '3. comet', box: { x0: 600, y0: 180, x1: 710, y1: 210 } },
      { text: 'Sam', box: { x0: 50, y0: 220, x1: 90, y1: 250 } },
      { text: '4. rocket', box: { x0: 600, y0: 220, x1: 715, y1: 250 } },
      { text: '21', box: { x0: 250, y0: 900, x1: 270, y1: 920 } },
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'orbit',
      'planet',
      'comet',
      'rocket',
    ]);
  });

  it('keeps a column of words separated by commas beside a column of chrome: a list, not a story', () => {
    // A PDF viewer on a laptop photographed: the viewer's labels down the left, the inline
    // list's rows (their words joined with commas by the reader) on the page beside them.
    const line = (text: string, x0: number, y0: number, x1: number): RecognisedLine => ({
      text,
      box: { x0, y0, x1, y1: y0 + 50 },
    });
    const lines = [
      line('Class portal', 216, 454, 351),
      line('school-portal.edu/files/spelling-list.pdf', 323, 479, 704),
      line('66%', 224, 559, 359),
      line('certain, kitchen, particular', 930, 690, 1315),
      line('exercise, grammar, naughty', 938, 750, 1342),
      line('various, material, perhaps', 943, 811, 1327),
      line('quarter', 951, 893, 1052),
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'certain',
      'kitchen',
      'particular',
      'exercise',
      'grammar',
      'naughty',
      'various',
      'material',
      'perhaps',
      'quarter',
    ]);
  });

  it('drops a column of meanings beside a column of words', () => {
    const row = (y: number, word: string, meaning: string): RecognisedLine[] => [
      { text: word, box: { x0: 50, y0: y, x1: 150, y1: y + 30 } },
      { text: meaning, box: { x0: 400, y0: y, x1: 800, y1: y + 30 } },
    ];
    const lines = [
      ...row(100, 'orbit', 'the path round a planet'),
      ...row(150, 'comet', 'a ball of ice and dust'),
      ...row(200, 'crater', 'a round hole in the ground'),
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual(['orbit', 'comet', 'crater']);
  });

  it('drops the column under a "Meaning" header when both columns are in one script', () => {
    // A Malay list glossed in English: only the header row tells the columns apart.
    const cell = (x: number, y: number, text: string): RecognisedLine => ({
      text,
      box: { x0: x, y0: y, x1: x + 120, y1: y + 30 },
    });
    const lines = [
      cell(40, 50, 'Bil.'),
      cell(100, 50, 'Perkataan'),
      cell(400, 52, 'Maksud'),
      cell(40, 100, '1'),
      cell(104, 100, 'kawan'),
      cell(396, 102, 'friend'),
      cell(40, 150, '2'),
      cell(108, 150, 'pintu'),
      cell(392, 152, 'door'),
    ];
    expect(understandList(lines, 'Malay').entries.map((e) => e.text)).toEqual(['kawan', 'pintu']);
  });

  it("drops a table's header cells beside a header word, and the sheet's topic after a label", () => {
    const cell = (x: number, y: number, text: string): RecognisedLine => ({
      text,
      box: { x0: x, y0: y, x1: x + 150, y1: y + 30 },
    });
    const lines = [
      cell(40, 0, 'Kosa Kata:Haiwan di Ladang'),
      cell(40, 50, 'Perkataan'),
      cell(400, 52, 'Lukis gambar'),
      cell(40, 100, 'itik'),
      cell(40, 150, 'ayam jantan'),
      cell(40, 200, 'kambing'),
    ];
    expect(understandList(lines, 'Malay').entries.map((e) => e.text)).toEqual([
      'itik',
      'ayam jantan',
      'kambing',
    ]);
  });

  it('drops the story page beside a numbered list of words and their meanings', () => {
    // The list's lines are long too ("word — meaning"), but numbered: they are not a story.
    const story = [
      'The Lost Kite',
      'Maya ran to the top of the hill with her new kite.',
      'The wind was strong and the sky was clear.',
      'She let the string out slowly,',
      'and the kite climbed higher above the trees.',
      'way home.',
    ];
    const list = [
      'Q1. describe — to say what something is like',
      'Q2. imagine — to picture in the mind',
      'Q3. quarter — one of four equal parts',
      'Q4. group — a number of people together',
      'Q5. certain — sure',
      'Q6. minute — sixty seconds',
    ];
    const lines = story.flatMap((text, i): RecognisedLine[] => [
      { text, box: { x0: 50, y0: 50 * i, x1: 450, y1: 50 * i + 30 } },
      { text: list[i]!, box: { x0: 600, y0: 50 * i + 10, x1: 1000, y1: 50 * i + 40 } },
    ]);
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'describe',
      'imagine',
      'quarter',
      'group',
      'certain',
      'minute',
    ]);
  });

  it('keeps a numbered entry whose word is also a header word', () => {
    const lines = ['1. whisper', '2. sentence', '3. meaning'].map((text, i) => ({
      text,
      box: { x0: 40, y0: 50 * i, x1: 200, y1: 50 * i + 30 },
    }));
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'whisper',
      'sentence',
      'meaning',
    ]);
  });

  it('keeps a column headed "Meaning" when no "Word" header stands beside it', () => {
    const lines: RecognisedLine[] = [
      { text: 'Meaning', box: { x0: 400, y0: 50, x1: 520, y1: 80 } },
      { text: 'orbit', box: { x0: 400, y0: 100, x1: 520, y1: 130 } },
      { text: 'comet', box: { x0: 400, y0: 150, x1: 520, y1: 180 } },
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual(['orbit', 'comet']);
  });

  it('keeps both columns of a two-column word list', () => {
    const lines: RecognisedLine[] = [
      { text: '1. orbit', box: { x0: 50, y0: 100, x1: 150, y1: 130 } },
      { text: '4. rocket', box: { x0: 400, y0: 100, x1: 520, y1: 130 } },
      { text: '2. planet', box: { x0: 50, y0: 150, x1: 160, y1: 180 } },
      { text: '5. galaxy', box: { x0: 400, y0: 150, x1: 520, y1: 180 } },
      { text: '3. comet', box: { x0: 50, y0: 200, x1: 150, y1: 230 } },
      { text: '6. meteor', box: { x0: 400, y0: 200, x1: 520, y1: 230 } },
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'orbit',
      'rocket',
      'planet',
      'galaxy',
      'comet',
      'meteor',
    ]);
  });

  it("reads in the detector's column order when it gives one", () => {
    const lines: RecognisedLine[] = [
      { text: '4. rocket', column: 1, order: 0 },
      { text: '1. orbit', column: 0, order: 0 },
      { text: '5. galaxy', column: 1, order: 1 },
      { text: '2. planet', column: 0, order: 1 },
    ];
    const found = understandList(lines, 'English').entries;
    expect(found.map((e) => [e.text, e.source])).toEqual([
      ['orbit', 1],
      ['planet', 3],
      ['rocket', 0],
      ['galaxy', 2],
    ]);
  });
});

describe('understandList: chat screenshots', () => {
  run([
    {
      name: 'words on one line in a bubble, chrome all round',
      text: "10:02 4G 64%\n< Class 2C Parents\nYesterday\nMr Lim\nHello! Spelling words for Friday: orbit, planet, comet, rocket\n9:15 PM\nMaya's Mum\nThank you Mr Lim\n9:20 PM ✓✓\nType a message",
      language: 'English',
      expected: ['orbit', 'planet', 'comet', 'rocket'],
    },
    {
      name: "a list's items go on in a group's chat, where 'group' is a word too",
      text: '16:00\nSpelling group\n32 members.\nTeacher Siti\nSpelling words: favourite,\nharvest, group, different,\ngrammar, weight\nThanks Mrs Lim\n9:55 pm',
      language: 'English',
      expected: ['favourite', 'harvest', 'group', 'different', 'grammar', 'weight'],
    },
    {
      name: 'a label, then a word a line, to the end of the message',
      text: '11:30\nMs Chua\nDictation words:\norbit\nplanet\ncomet\n11:02 AM\nThanks\nsee you\n11:05 AM\nonline',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a Chinese chat with 下午 times',
      text: '下午3:20\n李老师\n明天听写：星星，月亮，太空\n小红妈妈\n收到，谢谢老师！\n下午3:25\n输入消息',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'a Malay chat with "Hari ini" and "sedang menaip"',
      text: 'Hari ini\nCikgu Salmah\nEjaan: bintang, bulan, awan\n5:10 ptg\nsedang menaip...\nTaip mesej',
      language: 'Malay',
      expected: ['bintang', 'bulan', 'awan'],
    },
    {
      name: 'a bubble of words without a label, between replies',
      text: "8:30\nMrs Ong\nGood morning\n9:02 AM\nMrs Ong\norbit\nplanet\ncomet\nrocket\n9:03 AM\nNoted\n9:10 AM\nZara's Dad\nThank you teacher\n9:12 AM",
      language: 'English',
      expected: ['orbit', 'planet', 'comet', 'rocket'],
    },
    {
      name: "WhatsApp's senders who are not contacts, and someone typing",
      text: '8:00 PM\n~ Priya\norbit\nplanet\ncomet\nMrs Ong is typing…\n8:01 PM\n~ Ahmad Ali\nThanks!',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'dates on their own lines',
      text: 'Spelling\n12 March 2025\n1. orbit\n2. planet\n3. comet\n4. March\n5. May\nFriday, 3 May',
      language: 'English',
      expected: ['orbit', 'planet', 'comet', 'March', 'May'],
    },
    {
      name: "WeChat's weekday between messages",
      text: '星期三\n王老师\n明天听写：星星，月亮，太空\n下午3:20',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
    {
      name: 'a Chinese date',
      text: '2025年3月12日\n星星\n月亮\n3月14日',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
    {
      name: '"today" in a list on paper is a word',
      text: '1. today\n2. tomorrow\n3. yesterday',
      language: 'English',
      expected: ['today', 'tomorrow', 'yesterday'],
    },
    {
      name: '"Today" in a chat is a day separator',
      text: 'Today\nMrs Ong\nWords: orbit, planet, comet\n7:41 PM',
      language: 'English',
      expected: ['orbit', 'planet', 'comet'],
    },
    {
      name: 'a greeting to the group before the label keeps the message a message',
      text: 'Mrs Tan\nHi parents! Spelling words: favourite,\nbeautiful, necessary, island\n9:41 AM\nType a message',
      language: 'English',
      expected: ['favourite', 'beautiful', 'necessary', 'island'],
    },
    {
      name: 'a group named after parents is still the chat title',
      text: 'P3 Merlion Parents 2026\nMrs Tan\norbit\nplanet\n9:41 AM',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
    {
      name: 'Chinese words spaced after a label',
      text: '王老师\n明天听写： 火车 勇敢 美丽\n上午 9:41\n输入消息',
      language: 'Chinese',
      expected: ['火车', '勇敢', '美丽'],
    },
    {
      name: 'Chinese words spaced after "please revise", the list wrapped in its bubble',
      text: 'Mr Lee\n各位家长好：\nMr Lee\n请复习： 寒冷 手指 蜜蜂 礼物 写字\n游泳 明天 河流\n21:45\n收到，谢谢老师\n8:58',
      language: 'Chinese',
      expected: ['寒冷', '手指', '蜜蜂', '礼物', '写字', '游泳', '明天', '河流'],
    },
    {
      name: 'Chinese words spaced, two of them cut where the bubble wrapped, a stray mark between lines',
      text: 'Ms Kavitha\n请复习： 白云 快乐 手指 弟弟 金\nE\n鱼 声音 火车 昨天 礼物 写字 美\n丽 寒冷 汽车 唱歌\n21:00\n好的',
      language: 'Chinese',
      expected: [
        '白云',
        '快乐',
        '手指',
        '弟弟',
        '金鱼',
        '声音',
        '火车',
        '昨天',
        '礼物',
        '写字',
        '美丽',
        '寒冷',
        '汽车',
        '唱歌',
      ],
    },
    {
      name: 'a list after words that ask for practice (English)',
      text: 'Mrs Tan\nPlease revise: kitchen, grammar, naughty\n9:41 AM',
      language: 'English',
      expected: ['kitchen', 'grammar', 'naughty'],
    },
    {
      name: 'a list after words that ask for practice (Malay)',
      text: 'Cikgu Siti\nUlang kaji: kucing, rumah, kerusi\n9:41 PG',
      language: 'Malay',
      expected: ['kucing', 'rumah', 'kerusi'],
    },
    {
      name: 'a Chinese word cut in two where its bubble wrapped',
      text: '明天听写： 生日 ， 公园，自言自语，手\n指，温暖， 快乐，蜜蜂\n请复习：\n小鸟、眼睛、唱\n歌、声音、干净\n熊猫、河流、山\n收到，谢谢老师！',
      language: 'Chinese',
      expected: [
        '生日',
        '公园',
        '自言自语',
        '手指',
        '温暖',
        '快乐',
        '蜜蜂',
        '小鸟',
        '眼睛',
        '唱歌',
        '声音',
        '干净',
        '熊猫',
        '河流',
        '山',
      ],
    },
    {
      name: 'Chinese lines of items that each end a word stay apart',
      text: '听写：星星、月亮、太空\n火车、勇敢、美丽',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空', '火车', '勇敢', '美丽'],
    },
    {
      name: 'Chinese characters spaced by OCR after a label stay one word',
      text: '听写： 火 车\n勇敢',
      language: 'Chinese',
      expected: ['火车', '勇敢'],
    },
    {
      name: 'a read receipt and "typing…"',
      text: 'Read 8:15 PM\ntyping…\norbit\nplanet',
      language: 'English',
      expected: ['orbit', 'planet'],
    },
  ]);

  it("keeps a list sent a word a bubble after its label, to another's bubble", () => {
    // Telegram: each bubble's time at its right end, the next bubble's word at the left edge.
    const line = boxedLine(20, 50);
    const words = ['bunga', 'tinggi', 'semut', 'buku'];
    const lines = [
      line('9:19', 100, 50),
      line('Kelas 3 Cemerlang', 363, 150),
      line('Mrs Tan (3B)', 56, 400),
      line('Makluman untuk esok', 60, 470),
      line('13:38', 570, 530),
      line('Perkataan ejaan:', 60, 680),
      line('19:47', 510, 745),
      ...words.flatMap((word, i) => [line(word, 58, 850 + 150 * i), line(`1${i}:10`, 240, 910 + 150 * i)]),
      line('~ Aminah', 56, 1500),
      line('terima', 58, 1550),
      line('21:00', 240, 1600),
      line('Message', 100, 2260),
    ];
    expect(understandList(lines, 'Malay').entries.map((e) => e.text)).toEqual(words);
    // Without boxes, the same: only a time between the same sender's bubbles.
    const texts = lines.map(({ text }) => ({ text }));
    expect(understandList(texts, 'Malay').entries.map((e) => e.text)).toEqual(words);
  });

  it('keeps a list sent a word a bubble when the reader lost some times or misread one', () => {
    // A phone screen photographed: the first bubbles' times not found, one read as "8" and one
    // as ":5780" at the bubbles' right ends, the later ones read; the page slants to the left.
    const line = boxedLine(12, 30);
    const lines = [
      line('P3 Parents 2025', 469, 179),
      line('Dear parents', 380, 345),
      line('Spelling for Friday:', 364, 445),
      line('group', 352, 534),
      line('bicycle', 341, 604),
      line('ocean', 330, 682),
      line('medicine', 316, 753),
      line('8', 442, 799),
      line('actually', 305, 834),
      line(':5780', 425, 872),
      line('favourite', 294, 906),
      line('1:17pm', 425, 953),
      line('century', 281, 985),
      line('2:38 pm', 384, 1027),
      line('difficult', 270, 1061),
      line('3:06 pm', 399, 1111),
      line('fruit', 260, 1145),
      line('5:43 pm', 337, 1183),
      line('Message', 255, 1304),
    ];
    expect(understandList(lines, 'English').entries.map((e) => e.text)).toEqual([
      'group',
      'bicycle',
      'ocean',
      'medicine',
      'actually',
      'favourite',
      'century',
      'difficult',
      'fruit',
    ]);
  });

  it("keeps 'group' anywhere in a list sent a word a bubble, and a list whose separators end in a mark", () => {
    const byBubble =
      "Spelling group\nMrs Tan, You, +28\nMrs Tan (3B)\nThis week's spelling:\n12:08 pm\ndescribe\n7:59 am\ngroup\n4:53 pm\nimportant\n2:57 pm\nMessage";
    expect(words(byBubble, 'English')).toEqual(['describe', 'group', 'important']);
    // A Chinese group's name is one "word" too, and stays the chat's title.
    const chinese =
      '14:57\n二年级三班家长群\n星期三\n各位家长好：\n请复习：\n自言自语\n生日\n身体\nDelivered\niMessage';
    expect(words(chinese, 'Chinese')).toEqual(['自言自语', '生日', '身体']);
    // A screen's grain read as a colon after the last semicolon: the list goes on.
    const marked =
      'Ms Kavitha\nWords to revise: position; guard;:\nordinary; quarter; business;\nexperience; height; particular;:\nhistory\nYes, Friday';
    // A full stop after the last comma is no such mark: "Look, say, cover, write." is an instruction.
    const instruction =
      'Dictation Words\nLook, ay cover, write, .\n1. naughty -- badly behaved\n2. minute --- sixty seconds\n3. bicycle --- a two-wheeled vehicle';
    expect(words(instruction, 'English')).toEqual(['naughty', 'minute', 'bicycle']);
    expect(words(marked, 'English')).toEqual([
      'position',
      'guard',
      'ordinary',
      'quarter',
      'business',
      'experience',
      'height',
      'particular',
      'history',
    ]);
  });

  it("keeps 'group' as the first word after a label, and a list's last word where it wrapped", () => {
    const first =
      'Class 2 Rose\ntap here for group info\nMrs Tan (3B)\nSpelling for Friday:\n9:21 pm\ngroup\n7:57 am\nnaughty\n10:09 am\nbusiness\n11:38 am\nMessage';
    expect(words(first, 'English')).toEqual(['group', 'naughty', 'business']);
    const wrapped =
      'Mr Lee\nHi all, reminder for tomorrow\n5:02 pm\nMr Lee\ngrammar, quarter, umbrella,\nimagine, naughty, group.\nexercise\n6:04 pm\nYes, Friday\n8:25 pm';
    expect(words(wrapped, 'English')).toEqual([
      'grammar',
      'quarter',
      'umbrella',
      'imagine',
      'naughty',
      'group',
      'exercise',
    ]);
  });

  it('ends a message at a reply in a bubble on the other side, with no time between', () => {
    const line = boxedLine(40, 40);
    const lines = [
      line('14:57', 100, 50),
      line('二年级三班家长群', 370, 150),
      line('请复习：', 60, 400),
      ...['生日', '身体', '寒冷'].map((word, i) => line(word, 60, 500 + 100 * i)),
      line('好的', 920, 800),
      line('Delivered', 920, 900),
    ];
    expect(understandList(lines, 'Chinese').entries.map((e) => e.text)).toEqual(['生日', '身体', '寒冷']);
  });

  it('is not a chat for a battery or zoom level alone: a table of words and meanings on a screen', () => {
    // A laptop's document at "56%" zoom: the words in one column, their meanings in the next.
    const line = boxedLine(25, 35);
    const words = ['夏天', '快乐', '火车', '昨天', '公园'];
    const meanings = ['summer', 'happy', 'train', 'yesterday', 'park'];
    const lines = [
      line('Week 7 words - Docs', 240, 250),
      line('56%', 290, 340),
      line('词语', 730, 480),
      line('意思', 930, 500),
      ...words.flatMap((word, i) => [
        line(word, 725 - 5 * i, 520 + 40 * i),
        line(meanings[i]!, 925 - 5 * i, 540 + 40 * i),
      ]),
    ];
    expect(understandList(lines, 'Chinese').entries.map((e) => e.text)).toEqual(words);
  });
});

describe('understandList: duplicates and scripts', () => {
  run([
    {
      name: 'duplicates, whatever their case',
      text: '1. Orbit\n2. planet\n3. orbit\n4. PLANET',
      language: 'English',
      expected: ['Orbit', 'planet'],
    },
    {
      name: 'Tamil in a Malay list',
      text: '1. bintang\n2. நிலா\n3. bulan',
      language: 'Malay',
      expected: ['bintang', 'bulan'],
    },
    {
      name: 'Han in a Tamil list',
      text: '1. நிலா\n2. 月亮\n3. வானம்',
      language: 'Tamil',
      expected: ['நிலா', 'வானம்'],
    },
    {
      name: 'Latin in a Chinese list',
      text: '1. 星星\n2. star\n3. 月亮',
      language: 'Chinese',
      expected: ['星星', '月亮'],
    },
    {
      name: 'one Han character misread inside pinyin',
      text: '1. 星星\nxīng 仁 xing\n2. 月亮\n3. 太空',
      language: 'Chinese',
      expected: ['星星', '月亮', '太空'],
    },
  ]);
});

describe('understandList: doubt and empty pages', () => {
  it('marks entries the stage guessed for review, and only those', () => {
    const lines: RecognisedLine[] = [
      { text: '1. orbit', confidence: 91 },
      { text: 'planet', confidence: 88 },
      { text: '3. c0met', confidence: 90 },
      { text: '4. rocket', confidence: 42 },
      { text: '5. the milky way galaxy far away', confidence: 90 },
      { text: '6. moon', confidence: 95 },
    ];
    expect(understandList(lines, 'English').entries).toEqual([
      { text: 'orbit', source: 0, doubtful: false, item: 1 },
      { text: 'planet', source: 1, doubtful: true },
      { text: 'c0met', source: 2, doubtful: true, item: 3 },
      { text: 'rocket', source: 3, doubtful: true, item: 4 },
      { text: 'the milky way galaxy far away', source: 4, doubtful: true, item: 5 },
      { text: 'moon', source: 5, doubtful: false, item: 6 },
    ]);
  });

  it('says why a page gave nothing', () => {
    const reason = (text: string, language: Language) =>
      understandList(
        text.split('\n').map((line) => ({ text: line })),
        language,
      ).emptyReason;
    expect(reason('', 'English')).toBe('no-text');
    expect(reason('____\n— 3 —', 'English')).toBe('no-text');
    expect(reason('1. 星星\n2. 月亮\n3. 太空', 'English')).toBe('wrong-language');
    expect(
      reason(
        'The night was clear and cold, and the stars shone brightly over the hills.\nSam pointed at the brightest one and asked his dad what it was called.',
        'English',
      ),
    ).toBe('no-list');
    expect(
      reason('9:41 4G 80%\nMrs Ong\nSee you all at the concert tonight, thank you!\n7:41 PM', 'English'),
    ).toBe('no-list');
    expect(reason('1. orbit', 'English')).toBeUndefined();
  });

  it('tells which input line each entry came from, columns and items included', () => {
    expect(
      understandList(
        [
          { text: 'Spelling' },
          { text: '1. orbit   2. planet' },
          { text: 'comet, rocket, moon' },
          { text: '3. star' },
        ],
        'English',
      ).entries.map((e) => [e.text, e.source]),
    ).toEqual([
      ['orbit', 1],
      ['planet', 1],
      ['comet', 2],
      ['rocket', 2],
      ['moon', 2],
      ['star', 3],
    ]);
  });
});

describe("numberingGap: whether the list's own numbers say an entry is missing", () => {
  const entries = (text: string, language?: Language) =>
    understandList(
      text.split('\n').map((line) => ({ text: line })),
      language,
    ).entries;

  it('finds none in a list numbered 1 to n, lettered a to n, or not numbered', () => {
    expect(numberingGap(entries('1. orbit\n2. planet\n3. comet\n4. rocket'))).toBe(false);
    expect(numberingGap(entries('a. orbit\nb. planet\nc. comet'))).toBe(false);
    expect(numberingGap(entries('一、星星\n二、月亮\n三、太空', 'Chinese'))).toBe(false);
    expect(numberingGap(entries('orbit\nplanet\ncomet\nrocket'))).toBe(false);
    expect(numberingGap(entries('1. orbit   4. rocket\n2. planet   5. moon\n3. comet   6. star'))).toBe(
      false,
    );
  });

  it('finds one where a numbered line was lost, or the list does not start at 1', () => {
    expect(numberingGap(entries('1. orbit\n2. planet\n4. rocket\n5. moon'))).toBe(true);
    expect(numberingGap(entries('二、月亮\n三、太空\n四、星星', 'Chinese'))).toBe(true);
  });
});
