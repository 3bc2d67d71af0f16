import ESpeakNg from 'espeak-ng';
import { pinyin } from 'pinyin-pro';
async function x(text) {
  const out=[];
  await ESpeakNg({ arguments: ['-v','cmn','-q','-x','--',text], print:(l)=>out.push(l), printErr:(l)=>out.push('ERR '+l) });
  return out.join(' ').trim();
}
const phrases = process.argv.slice(2);
for (const t of phrases) {
  const r = pinyin(t,{toneType:'num',type:'array'}).map(s=>s.replace(/0$/,'5')).join(' ');
  console.log([t, r, await x(t), await x(r)].join('\t'));
}
