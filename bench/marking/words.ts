/**
 * Words a primary-school list has, and the mistakes children make with them: a doubled or
 * dropped letter, a swapped vowel, a homophone; for Chinese a look-alike character or one
 * missing a component.
 */
import type { Random } from '../scan-photos/svg.js';

export const ENGLISH = [
  'river',
  'mountain',
  'because',
  'friend',
  'beautiful',
  'library',
  'February',
  'island',
  'weather',
  'caught',
  'believe',
  'kitchen',
  'science',
  'pencil',
  'yellow',
  'garden',
  'window',
  'people',
  'answer',
  'careful',
  'dinosaur',
  'elephant',
  'holiday',
  'morning',
  'picture',
  'question',
  'rainbow',
  'special',
  'thought',
  'umbrella',
  'village',
  'bridge',
  'castle',
  'dragon',
  'little',
  'there',
  'their',
  'where',
  'wear',
  'see',
  'sea',
  'right',
  'write',
  'night',
  'knight',
  'flour',
  'flower',
  'whole',
  'hole',
  'piece',
  'peace',
  'bear',
  'bare',
  'hour',
  'our',
] as const;

export const MALAY = [
  'sekolah',
  'rumah',
  'kucing',
  'makan',
  'minum',
  'bunga',
  'hujan',
  'pantai',
  'belajar',
  'kawan',
  'gembira',
  'sungai',
  'bermain',
  'cantik',
  'kereta',
  'buku',
  'pokok',
  'burung',
  'tingkap',
  'pensel',
  'meja',
  'kerusi',
  'ibu',
  'bapa',
  'adik',
  'kakak',
  'nasi',
  'ikan',
  'pasar',
  'jalan',
] as const;

export const CHINESE = [
  '天气',
  '晴天',
  '朋友',
  '学校',
  '今天',
  '时间',
  '请问',
  '休息',
  '太阳',
  '白云',
  '土地',
  '已经',
  '自己',
  '未来',
  '大人',
  '日记',
  '木头',
  '本子',
  '贝壳',
  '问题',
  '住在',
  '妈妈',
  '他们',
  '眼睛',
  '清水',
  '小鸟',
  '兔子',
  '力气',
  '王子',
  '玉米',
  '入口',
  '土豆',
  '拔草',
  '百花',
  '午饭',
  '生日',
] as const;

const HOMOPHONES: Record<string, string> = {
  there: 'their',
  their: 'there',
  where: 'wear',
  wear: 'where',
  see: 'sea',
  sea: 'see',
  right: 'write',
  write: 'right',
  night: 'knight',
  knight: 'night',
  flour: 'flower',
  flower: 'flour',
  whole: 'hole',
  hole: 'whole',
  piece: 'peace',
  peace: 'piece',
  bear: 'bare',
  bare: 'bear',
  hour: 'our',
  our: 'hour',
};

/** Characters children confuse with each other, and ones written with a component missing. */
const LOOK_ALIKE: Record<string, string> = {
  天: '夫',
  气: '乞',
  晴: '睛',
  朋: '明',
  友: '反',
  学: '字',
  校: '交',
  今: '令',
  时: '寸',
  间: '问',
  请: '青',
  问: '间',
  休: '体',
  息: '自',
  太: '大',
  阳: '阴',
  白: '百',
  云: '去',
  土: '士',
  地: '也',
  已: '己',
  经: '轻',
  自: '白',
  己: '已',
  未: '末',
  来: '米',
  大: '太',
  人: '入',
  日: '目',
  记: '己',
  木: '本',
  头: '买',
  本: '木',
  子: '了',
  贝: '见',
  壳: '売',
  题: '是',
  住: '往',
  在: '左',
  妈: '马',
  他: '也',
  们: '门',
  眼: '限',
  睛: '晴',
  清: '青',
  水: '木',
  小: '少',
  鸟: '乌',
  兔: '免',
  力: '刀',
  王: '玉',
  玉: '王',
  入: '人',
  豆: '头',
  拔: '拨',
  草: '早',
  百: '白',
  花: '化',
  午: '牛',
  饭: '反',
  生: '牛',
  眼睛: '眼晴',
};

const VOWELS = 'aeiou';

/** A child's misspelling of a Latin-script word: never the word itself. */
export function misspell(word: string, random: Random): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const kind = random.pick(['double', 'drop', 'vowel', 'homophone'] as const);
    let out = word;
    const i = random.int(0, word.length - 1);
    if (kind === 'homophone' && HOMOPHONES[word.toLowerCase()]) out = HOMOPHONES[word.toLowerCase()]!;
    else if (kind === 'double') out = word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    else if (kind === 'drop' && word.length > 3) out = word.slice(0, i) + word.slice(i + 1);
    else if (kind === 'vowel') {
      const at = [...word].map((c, j) => (VOWELS.includes(c) ? j : -1)).filter((j) => j >= 0);
      if (at.length === 0) continue;
      const j = random.pick(at);
      const v = random.pick([...VOWELS].filter((c) => c !== word[j]));
      out = word.slice(0, j) + v + word.slice(j + 1);
    }
    if (out.toLowerCase() !== word.toLowerCase()) return out;
  }
  return `${word}e`;
}

/** A Chinese word with one character swapped for a look-alike (or one missing a component). */
export function miswrite(word: string, random: Random): string {
  const chars = [...word];
  const swappable = chars.map((c, i) => (LOOK_ALIKE[c] ? i : -1)).filter((i) => i >= 0);
  const i = swappable.length ? random.pick(swappable) : 0;
  chars[i] = LOOK_ALIKE[chars[i]!] ?? '口';
  return chars.join('');
}
