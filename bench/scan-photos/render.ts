/** SVG to raw RGB pixels with resvg, drawing only with the npm fonts named. */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { FONTS, fontFiles, type FontKey } from './fonts.js';

export interface Raw {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function renderSvg(svg: string, fonts: readonly FontKey[], outWidth: number): Promise<Raw> {
  const files = (await Promise.all([...new Set(fonts)].map((f) => fontFiles(f)))).flat();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(outWidth) },
    font: { fontFiles: files, loadSystemFonts: false, defaultFontFamily: FONTS[fonts[0]!].family },
  });
  const png = resvg.render().asPng();
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
