/**
 * Common 多音字 phrases from Singapore P1–P4 Chinese spelling (听写) lists, with the reading a
 * teacher expects (tone numbers, 5 neutral, tone sandhi of 一 and 不 written as said), and the
 * correction a parent types in Edit Words where the default reading (pinyin-pro) is wrong.
 * docs/speech.md shows the table; speech-polyphones.test.ts checks every line.
 */
export interface PolyphonePhrase {
  phrase: string;
  reading: string;
  /** True when the default reading is wrong and the parent corrects it once. */
  corrected?: true;
}

export const POLYPHONE_PHRASES: readonly PolyphonePhrase[] = [
  { phrase: '银行', reading: 'yin2 hang2' },
  { phrase: '行走', reading: 'xing2 zou3' },
  { phrase: '长大', reading: 'zhang3 da4' },
  { phrase: '长短', reading: 'chang2 duan3' },
  { phrase: '校长', reading: 'xiao4 zhang3' },
  { phrase: '重要', reading: 'zhong4 yao4' },
  { phrase: '重新', reading: 'chong2 xin1' },
  { phrase: '睡觉', reading: 'shui4 jiao4' },
  { phrase: '觉得', reading: 'jue2 de5' },
  { phrase: '音乐', reading: 'yin1 yue4' },
  { phrase: '快乐', reading: 'kuai4 le4' },
  { phrase: '还是', reading: 'hai2 shi5', corrected: true },
  { phrase: '还有', reading: 'hai2 you3' },
  { phrase: '为了', reading: 'wei4 le5' },
  { phrase: '得到', reading: 'de2 dao4' },
  { phrase: '跑得快', reading: 'pao3 de5 kuai4', corrected: true },
  { phrase: '地上', reading: 'di4 shang5', corrected: true },
  { phrase: '慢慢地', reading: 'man4 man4 de5', corrected: true },
  { phrase: '东西', reading: 'dong1 xi5', corrected: true },
  { phrase: '时候', reading: 'shi2 hou5', corrected: true },
  { phrase: '好人', reading: 'hao3 ren2' },
  { phrase: '爱好', reading: 'ai4 hao4' },
  { phrase: '教室', reading: 'jiao4 shi4' },
  { phrase: '教书', reading: 'jiao1 shu1', corrected: true },
  { phrase: '便宜', reading: 'pian2 yi5' },
  { phrase: '方便', reading: 'fang1 bian4' },
  { phrase: '种子', reading: 'zhong3 zi5' },
  { phrase: '种花', reading: 'zhong4 hua1', corrected: true },
  { phrase: '数学', reading: 'shu4 xue2' },
  { phrase: '数一数', reading: 'shu3 yi5 shu3', corrected: true },
  { phrase: '头发', reading: 'tou2 fa5' },
  { phrase: '出发', reading: 'chu1 fa1' },
  { phrase: '几个', reading: 'ji3 ge4' },
  { phrase: '茶几', reading: 'cha2 ji1' },
  { phrase: '大夫', reading: 'dai4 fu5' },
  { phrase: '要求', reading: 'yao1 qiu2' },
  { phrase: '答应', reading: 'da1 ying5' },
  { phrase: '应该', reading: 'ying1 gai1' },
  { phrase: '干净', reading: 'gan1 jing4' },
  { phrase: '干活', reading: 'gan4 huo2' },
  { phrase: '空气', reading: 'kong1 qi4' },
  { phrase: '一会儿', reading: 'yi2 hui4 er5' },
  { phrase: '一样', reading: 'yi2 yang4' },
  { phrase: '一只', reading: 'yi4 zhi1' },
  { phrase: '不是', reading: 'bu2 shi4' },
  { phrase: '人参', reading: 'ren2 shen1' },
  { phrase: '参加', reading: 'can1 jia1' },
  { phrase: '只有', reading: 'zhi3 you3' },
  { phrase: '学得', reading: 'xue2 de5', corrected: true },
];
