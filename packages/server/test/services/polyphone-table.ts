/**
 * Prints the 多音字 table of docs/speech.md: for each phrase, what espeak-ng says from the
 * characters, the default reading, and what SpellWell makes it say.
 * Run: `npx tsx packages/server/test/services/polyphone-table.ts`.
 */
import { defaultReading } from '@spellwell/shared/reading/default';
import { espeakPinyin } from '../../src/modules/speech/espeak-pinyin.js';
import { espeakPhonemes, tonesSaid } from '../../src/modules/speech/espeak-phonemes.js';
import { POLYPHONE_PHRASES } from './polyphone-phrases.js';

// Syllables and tones, without stress marks and pauses: what a listener hears.
const heard = (phonemes: string) => phonemes.replace(/[',_| ]/g, '').replace(/\d+/g, (c) => tonesSaid(c));

const rows = [
  '| Phrase | Right reading | espeak-ng from the characters (`-x`) | Right? | Default reading (pinyin-pro) | Parent types | espeak-ng as SpellWell asks (`-x`) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
let espeakRight = 0;
let defaultRight = 0;
for (const { phrase, reading, corrected } of POLYPHONE_PHRASES) {
  const fromCharacters = await espeakPhonemes(phrase, 'Chinese');
  const spellWell = await espeakPhonemes(espeakPinyin(reading), 'Chinese');
  const right = heard(fromCharacters) === heard(spellWell);
  if (right) espeakRight++;
  const byDefault = defaultReading(phrase);
  if (byDefault === reading) defaultRight++;
  const cell = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;
  rows.push(
    `| ${phrase} | ${reading} | ${cell(fromCharacters)} | ${right ? 'yes' : '**no**'} | ${byDefault}${
      byDefault === reading ? '' : ' ✗'
    } | ${corrected ? `${phrase} (${reading})` : '—'} | ${cell(spellWell)} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
process.stdout.write(
  `\n${POLYPHONE_PHRASES.length} phrases: espeak-ng alone right on ${espeakRight}, the default reading right on ${defaultRight}, SpellWell right on all after ${POLYPHONE_PHRASES.filter((p) => p.corrected).length} corrections.\n`,
);
