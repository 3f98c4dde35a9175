// The print fonts every renderer of the comparison is given, from npm (SIL OFL 1.1): the same
// files the product's renderer loads, so a difference in output is the renderer's.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const folder = (name: string) => dirname(require.resolve(`@expo-google-fonts/${name}/package.json`));

export interface PrintFont {
  family: string;
  /** How pdffonts names it after the subset prefix begins (its PostScript name). */
  postscript: string;
  weight: 400 | 700;
  path: string;
}

const font = (name: string, file: string, family: string, postscript: string, weight: 400 | 700): PrintFont => ({
  family,
  postscript,
  weight,
  path: join(folder(name), weight === 400 ? '400Regular' : '700Bold', `${file}_${weight === 400 ? '400Regular' : '700Bold'}.ttf`),
});

export const PRINT_FONTS: PrintFont[] = [
  font('literata', 'Literata', 'Literata', 'Literata', 400),
  font('literata', 'Literata', 'Literata', 'Literata', 700),
  font('noto-naskh-arabic', 'NotoNaskhArabic', 'Noto Naskh Arabic', 'NotoNaskhArabic', 400),
  font('noto-naskh-arabic', 'NotoNaskhArabic', 'Noto Naskh Arabic', 'NotoNaskhArabic', 700),
  font('noto-serif-hebrew', 'NotoSerifHebrew', 'Noto Serif Hebrew', 'NotoSerifHebrew', 400),
  font('noto-serif-hebrew', 'NotoSerifHebrew', 'Noto Serif Hebrew', 'NotoSerifHebrew', 700),
  font('noto-serif-sc', 'NotoSerifSC', 'Noto Serif SC', 'NotoSerifSC', 400),
  font('noto-serif-sc', 'NotoSerifSC', 'Noto Serif SC', 'NotoSerifSC', 700),
  font('nanum-myeongjo', 'NanumMyeongjo', 'NanumMyeongjo', 'NanumMyeongjo', 400),
  font('nanum-myeongjo', 'NanumMyeongjo', 'NanumMyeongjo', 'NanumMyeongjo', 700),
];

/** The fallback order: Literata for Latin, Greek and Cyrillic, then each other script's face. */
export const FAMILIES = ['Literata', 'Noto Naskh Arabic', 'Noto Serif Hebrew', 'Noto Serif SC', 'NanumMyeongjo'];
