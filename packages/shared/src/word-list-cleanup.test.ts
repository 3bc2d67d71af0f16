import { describe, expect, it } from 'vitest';
import { WORDS_MAX } from './messages.js';
import type { Language } from './languages.js';
import { cleanWordEntries, cleanWordList } from './word-list-cleanup.js';

describe('cleanWordList: list markers', () => {
  it.each([
    {
      name: 'numbers with a full stop',
      text: '1. necessary\n2. beautiful',
      expected: ['necessary', 'beautiful'],
    },
    {
      name: 'numbers with a bracket',
      text: '1) necessary\n2) beautiful',
      expected: ['necessary', 'beautiful'],
    },
    {
      name: 'numbers in brackets',
      text: '(1) necessary\n(2) beautiful',
      expected: ['necessary', 'beautiful'],
    },
    {
      name: 'Chinese enumeration comma',
      text: '1、学校\n2、老师\n3、图书馆',
      expected: ['学校', '老师', '图书馆'],
    },
    { name: 'full-width digits and stop', text: '１．学校\n２．老师', expected: ['学校', '老师'] },
    { name: 'Chinese numerals', text: '一、学校\n二、老师\n（三）公园', expected: ['学校', '老师', '公园'] },
    {
      name: 'two-digit numbers',
      text: '10. library\n11. government\n12. ice cream',
      expected: ['library', 'government', 'ice cream'],
    },
    { name: 'number with a colon', text: '1: sekolah\n2: rumah', expected: ['sekolah', 'rumah'] },
    {
      name: 'number without punctuation',
      text: '1 necessary\n2 beautiful',
      expected: ['necessary', 'beautiful'],
    },
    { name: 'letters in brackets', text: '(a) apple\n(b) banana', expected: ['apple', 'banana'] },
    { name: 'letters with a bracket', text: 'a) apple\nb) banana', expected: ['apple', 'banana'] },
    {
      name: 'roman numerals',
      text: '(i) apple\n(ii) banana\niv) cherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    {
      name: 'question numbers',
      text: 'Q1 apple\nQ2. banana\nQ 3: cherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    { name: 'round bullets', text: '• apple\n●banana\n· cherry', expected: ['apple', 'banana', 'cherry'] },
    {
      name: 'dashes and stars',
      text: '- apple\n– banana\n* cherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    {
      name: 'OCR reads "1." as "l." or "I."',
      text: 'l. apple\nI. banana\n3. cherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    {
      name: 'a table border before the number',
      text: '| 1. apple |\n| 2. banana |',
      expected: ['apple', 'banana'],
    },
    { name: 'Tamil with numbers', text: '1. பள்ளி\n2. ஆசிரியர்', expected: ['பள்ளி', 'ஆசிரியர்'] },
    {
      name: 'Malay with numbers',
      text: '1. sekolah\n2. bermain bola',
      expected: ['sekolah', 'bermain bola'],
    },
  ])('$name', ({ text, expected }) => {
    expect(cleanWordList(text)).toEqual(expected);
  });
});

describe('cleanWordList: what is not an entry', () => {
  it.each([
    {
      name: 'an English sheet with title and form line',
      text: 'Spelling List (Week 5)\n\nName: ____________  Class: ______  Date: ________\n1. necessary\n2. beautiful\n3. a piece of cake',
      expected: ['necessary', 'beautiful', 'a piece of cake'],
    },
    {
      name: 'form lines whose blanks OCR dropped',
      text: 'Name: Class: Date:\n1. necessary\n2. beautiful',
      expected: ['necessary', 'beautiful'],
    },
    { name: 'a class line', text: 'Class: 3A\napple\nbanana', expected: ['apple', 'banana'] },
    { name: 'a date line', text: 'Date: 12/03/2025\napple', expected: ['apple'] },
    { name: 'a name line with a blank', text: 'Name: ____\napple', expected: ['apple'] },
    {
      name: 'a misread colon on the form line',
      text: 'Name; Class: Date: _\n1. apple\n2. pear\n3. plum',
      expected: ['apple', 'pear', 'plum'],
    },
    {
      name: 'lines of underscores and dashes',
      text: 'apple\n__________\n———\n....\nbanana',
      expected: ['apple', 'banana'],
    },
    { name: 'a bare date or page number', text: '12/03/2025\napple\n- 2 -', expected: ['apple'] },
    {
      name: 'an instruction ending with a colon',
      text: 'Learn these words:\napple\nbanana',
      expected: ['apple', 'banana'],
    },
    {
      name: 'a Chinese sheet',
      text: '第 五 课 听写\n\n姓名 : _ 现 级 :~ 昌 期 :\n1. 学 校\n\n2. 图 书馆\n3. 我 们 一 起 玩',
      expected: ['学校', '图书馆', '我们一起玩'],
    },
    {
      name: 'a Chinese exercise heading "写一写" (a verb, 一, the verb again)',
      text: '写 一 写 ，\n读一读 写一写\n姓名 : 班级 : 日期 :\n大海\n2. 白云\n读一读：\n一一对应',
      expected: ['大海', '白云', '一一对应'],
    },
    {
      name: 'a Malay sheet',
      text: 'Ejaan Minggu 5\nNama: Kelas: Tarikh:\n1. sekolah\n2. bermain bola\n3. kereta api',
      expected: ['sekolah', 'bermain bola', 'kereta api'],
    },
    {
      name: 'a Tamil sheet with zero-width non-joiners',
      text: 'சொல்வதெழுதுதல்\u200C 5\nபெயர்\u200C: வகுப்பு: தேதி:\n1. பள்ளி\n2. ஆசிரியர்\u200C\n3. தண்ணீர்\u200C',
      expected: ['பள்ளி', 'ஆசிரியர்', 'தண்ணீர்'],
    },
    {
      name: 'photo noise above a numbered list',
      text: 'BE ——\nREED\nWeekly words for 3B\n1. apple\n2. banana\n3. cherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    {
      name: 'a stray single letter from the page edge',
      text: '1. apple\n2. pear\n3. plum\nண\nI',
      expected: ['apple', 'pear', 'plum'],
    },
    {
      name: 'a footer signature line',
      text: "1. apple\n2. pear\nParent's signature: ________",
      expected: ['apple', 'pear'],
    },
    { name: 'a Chinese footer', text: '1. 学校\n家长签名：______', expected: ['学校'] },
    { name: 'a Chinese lesson title', text: '第十二课\n1、学校\n2、老师', expected: ['学校', '老师'] },
  ])('$name', ({ text, expected }) => {
    expect(cleanWordList(text)).toEqual(expected);
  });
});

describe('cleanWordList: entries', () => {
  it.each([
    {
      name: 'keeps phrases of several words',
      text: '1. a piece of cake\n2. science experiment',
      expected: ['a piece of cake', 'science experiment'],
    },
    {
      name: 'keeps capitals',
      text: '1. February\n2. Singapore River',
      expected: ['February', 'Singapore River'],
    },
    {
      name: 'removes spaces between Chinese characters',
      text: '我 们 一 起 玩\n春天 来 了',
      expected: ['我们一起玩', '春天来了'],
    },
    { name: 'keeps the space between Chinese and Latin', text: '我 的 iPad', expected: ['我的 iPad'] },
    { name: 'removes spaces around Chinese punctuation', text: '下 雨 了 ！', expected: ['下雨了！'] },
    { name: 'keeps separate Chinese entries apart', text: '学校\n老师', expected: ['学校', '老师'] },
    {
      name: 'strips trailing answer blanks',
      text: '1. apple ________\n2. banana ....',
      expected: ['apple', 'banana'],
    },
    {
      name: 'strips trailing punctuation',
      text: 'apple,\nbanana.\n学校。',
      expected: ['apple', 'banana', '学校'],
    },
    {
      name: 'keeps hyphens and apostrophes inside words',
      text: "mother-in-law\ndon't\nit's",
      expected: ['mother-in-law', "don't", "it's"],
    },
    { name: 'collapses runs of spaces', text: 'bermain    bola', expected: ['bermain bola'] },
    {
      name: 'strips zero-width characters and BOM',
      text: '\uFEFFapple\u200B\nban\u200Dana',
      expected: ['apple', 'banana'],
    },
    { name: 'normalises to NFC', text: 'cafe\u0301', expected: ['caf\u00e9'] },
    { name: 'drops empty lines and whitespace', text: '\n\n   \napple\n\t\n', expected: ['apple'] },
    {
      name: 'drops duplicates, keeping the first',
      text: '1. apple\n2. banana\n3. apple',
      expected: ['apple', 'banana'],
    },
    {
      name: 'duplicates that differ only by invisible characters',
      text: 'தண்ணீர்\u200C\nதண்ணீர்',
      expected: ['தண்ணீர்'],
    },
    {
      name: 'handles Windows line endings',
      text: '1. apple\r\n2. banana\r\n',
      expected: ['apple', 'banana'],
    },
    { name: 'keeps a one-character Chinese word', text: '1. 猫\n2. 狗', expected: ['猫', '狗'] },
    {
      name: 'keeps a one-letter Tamil word with its vowel sign',
      text: '1. பூ\n2. மரம்',
      expected: ['பூ', 'மரம்'],
    },
    {
      name: 'keeps unnumbered lines inside a numbered list',
      text: '1. apple\nbanana\n3. cherry\n4. plum',
      expected: ['apple', 'banana', 'cherry', 'plum'],
    },
    {
      name: 'keeps everything on an unnumbered list',
      text: 'apple\nbanana\ncherry',
      expected: ['apple', 'banana', 'cherry'],
    },
    {
      name: 'splits two columns read as one line',
      text: '1. apple    7. orange\n2. banana 8. mango',
      expected: ['apple', 'orange', 'banana', 'mango'],
    },
    { name: 'nothing readable', text: '', expected: [] },
    { name: 'only noise', text: '——\n|\n____', expected: [] },
  ])('$name', ({ text, expected }) => {
    expect(cleanWordList(text)).toEqual(expected);
  });

  it('stops a little above the word limit so a huge scan cannot build a huge list', () => {
    const text = Array.from({ length: 500 }, (_, i) => `${i + 1}. word${i}`).join('\n');
    expect(cleanWordList(text)).toHaveLength(WORDS_MAX + 1);
  });
});

describe('cleanWordList: what real photos and screenshots add (issue 18)', () => {
  it.each<{ name: string; text: string; language?: Language; expected: string[] }>([
    { name: 'circled numbers', text: '① apple\n② pear\n③ plum', expected: ['apple', 'pear', 'plum'] },
    {
      name: 'the sides of a dashed box read between entries numbered one after the other',
      text: '1. squeeze\n2. crumble\nH H\n3. gentle\n4. bottle\ns H\n5. puddle',
      expected: ['squeeze', 'crumble', 'gentle', 'bottle', 'puddle'],
    },
    {
      name: 'a line between two lettered entries that follow each other',
      text: 'a. cat\nI l\nb. ship\nc. frog',
      expected: ['cat', 'ship', 'frog'],
    },
    {
      name: 'letter markers OCR read twice, capital then small',
      text: 'h. sleep\ni. the\nJj. was\nKk. said\nI. they\nNo. of words: 5',
      expected: ['sleep', 'the', 'was', 'said', 'they'],
    },
    {
      name: 'a circled number OCR read as ®',
      text: '® apple\n② pear\n③ plum',
      expected: ['apple', 'pear', 'plum'],
    },
    {
      name: 'a class chat: status bar, group, names, times, replies',
      text: "9:41 4G 87%\nP3 Merlion Parents 2026\nTODAY\nMrs Tan\nGood evening parents, here are the spelling words for next Monday:\n1. whisper\n2. yesterday\n3. special\nPlease practise with your child. Thank you!\n7:58 pm\nJia Hui's Mum\nThanks Mrs Tan!\n8:03 pm",
      expected: ['whisper', 'yesterday', 'special'],
    },
    {
      name: 'a time on its own line in a short list',
      text: 'apple\n8:05 pm\nbanana',
      expected: ['apple', 'banana'],
    },
    {
      name: 'a signature line whatever its label says',
      text: '1. rumah\n2. jiran\n3. lagu\nTandatangan ibu bapa: Muka surat 1',
      language: 'Malay',
      expected: ['rumah', 'jiran', 'lagu'],
    },
    {
      name: 'pinyin above each Chinese phrase',
      text: 'chūn tiān\n1. 春 天\nxiǎo niǎo\n2. 小 鸟\nchàng gē\n3. 唱 歌',
      language: 'Chinese',
      expected: ['春天', '小鸟', '唱歌'],
    },
    {
      name: 'a pinyin line with a character misread into it',
      text: '1. 早上\nchi zgo 仁 n shang\n2. 吃早饭\n3. 上学',
      language: 'Chinese',
      expected: ['早上', '吃早饭', '上学'],
    },
    {
      name: 'two Chinese columns with a misread number between them',
      text: '1. 吃早饭 GO 上学\n2. 放学 @) 回家\n3. 写字',
      language: 'Chinese',
      expected: ['吃早饭', '上学', '放学', '回家', '写字'],
    },
    {
      name: 'a row of circled entries: each has its own number, so pinyin misread between rows goes',
      text: 'zǎo shang\n⑤ 吃早饭 ⑥ 上学\n们 仁 学\n⑦ 回家 ⑧ 睡觉\n⑨ 写字',
      language: 'Chinese',
      expected: ['吃早饭', '上学', '回家', '睡觉', '写字'],
    },
    {
      name: 'a speck of the page edge before the number',
      text: '1. necessary\ni 5. neighbour\nji 2. bermain bola\nj 9. cantik',
      expected: ['necessary', 'neighbour', 'bermain bola', 'cantik'],
    },
    {
      name: 'a number misread as CJK punctuation before the entry',
      text: '美丽\n。认真\n*。帮助\n，太阳',
      language: 'Chinese',
      expected: ['美丽', '认真', '帮助', '太阳'],
    },
    {
      name: 'what a misread ① leaves before a Chinese entry',
      text: 'O@) 放学\n) 回家',
      language: 'Chinese',
      expected: ['放学', '回家'],
    },
    {
      name: 'an English meaning beside a Tamil word',
      text: '1. அப்பா\n2. father\n3. அம்மா',
      language: 'Tamil',
      expected: ['அப்பா', 'அம்மா'],
    },
    {
      name: 'Chinese in an English list',
      text: '1. apple\n2. 苹果\n3. pear',
      language: 'English',
      expected: ['apple', 'pear'],
    },
    {
      name: 'without a language, every script stays',
      text: '1. apple\n2. 苹果\n3. pear',
      expected: ['apple', '苹果', 'pear'],
    },
    // Fourth round (docs/ocr.md): lines as OCR read the sheets made after the fixes.
    {
      name: 'a lettered entry whose letter OCR lost, last in the list: "() millennium"',
      text: "(j) parallel\n(k) vacuum\n() millennium\nParent's signature:",
      language: 'English',
      expected: ['parallel', 'vacuum', 'millennium'],
    },
    {
      name: 'a lettered entry whose full stop OCR lost: "f green" after "e. swim"',
      text: 'd. jump\ne. swim\nf green\ng. lunch\nl. they',
      language: 'English',
      expected: ['jump', 'swim', 'green', 'lunch', 'they'],
    },
    {
      name: 'a bare letter out of turn is part of the entry',
      text: '1. apple\nb banana\n3. cherry',
      language: 'English',
      expected: ['apple', 'b banana', 'cherry'],
    },
    {
      name: 'a dark-mode chat: the avatar read "(77)", a bullet before the members, reactions read "©"',
      text: [
        '10:24 5G 111 62%',
        '(77) 2Kindness Parents',
        "- Mrs Lim, Priya's Mum, Wei Jie's Dad, +28",
        'Yesterday',
        'Mrs Lim',
        'Hi parents! @ Spelling list for Term 2 Week 5',
        '(test on Thursday):',
        '1) octopus',
        '2) penguin',
        '3) squirrel',
        '4) tortoise',
        '6:47 pm',
        'Vo',
        'Priya’s Mum',
        'Is the test on Thursday or Friday?',
        '7:02 pm',
        'Thursday @',
        '7:05 pm',
        'A3',
        'Thank you Mrs Lim A',
        '© Message Nols',
      ].join('\n'),
      language: 'English',
      expected: ['octopus', 'penguin', 'squirrel', 'tortoise'],
    },
    {
      name: 'a list does not run on into the next chat message',
      text: '1. lebah\n2. semut\n3. kolam\n4:32 ptg\n® Terima kasih cikgu\n© Baik cikgu',
      language: 'Malay',
      expected: ['lebah', 'semut', 'kolam'],
    },
    {
      name: 'two entries in a row whose numbers OCR lost stay when the numbers around them say so',
      text: 'Spelling\n1. apple\nbanana\ncherry\n4. plum\n5. fig',
      language: 'English',
      expected: ['apple', 'banana', 'cherry', 'plum', 'fig'],
    },
    {
      name: 'a numbered line far above the list is not its start',
      text: '(12) Class Parents\nMr Lee\nGood morning\nHere are the words\n1. apple\n2. pear\n3. plum',
      language: 'English',
      expected: ['apple', 'pear', 'plum'],
    },
    {
      name: 'a short Chinese exclamation is an entry',
      text: '下雨了！\n我们一起玩',
      language: 'Chinese',
      expected: ['下雨了！', '我们一起玩'],
    },
  ])('$name', ({ text, language, expected }) => {
    expect(cleanWordList(text, language)).toEqual(expected);
  });

  it('tells which OCR line each entry came from', () => {
    expect(cleanWordEntries(['Spelling List', '1. apple', '2. pear 3. plum', '4. fig'])).toEqual([
      { text: 'apple', source: 1 },
      { text: 'pear', source: 2 },
      { text: 'plum', source: 2 },
      { text: 'fig', source: 3 },
    ]);
  });
});
