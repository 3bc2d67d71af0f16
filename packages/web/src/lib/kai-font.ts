/**
 * The Kai face (楷体) for Chinese words: LXGW WenKai, sliced by unicode-range at build time
 * (scripts/kai-font.ts), so a page fetches only the slices its characters need. The signed-in
 * app links the stylesheet once; the landing page, which shows no Chinese word, never does.
 */
export const KAI_FAMILY = 'SpellWell Kai';
export const KAI_STYLESHEET = '/fonts/kai.css';

export function linkKaiFont(doc: Document = document): void {
  if (doc.querySelector(`link[href="${KAI_STYLESHEET}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = KAI_STYLESHEET;
  doc.head.append(link);
}
