// The book's fonts, from npm (issue 24: no system package on the npm path). All SIL Open Font
// License 1.1, which allows embedding them in a PDF that is printed and given away.
//   Literata (TypeTogether for Google Play Books, made for long reading on page and screen):
//     the body, with Latin, Greek and Cyrillic.
//   Noto Serif Hebrew, Noto Naskh Arabic: right-to-left names and stories.
//   Noto Serif SC: Chinese, and Japanese kana and kanji.
//   Nanum Myeongjo (Sandoll for Naver): Korean.
//   Noto Emoji (monochrome): the cake in "Grandma's 90th 🎂", in the ink of the text, last.
// Only the weights the book sets are loaded: Noto Serif SC alone is 15 MB a weight.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

const files = [
  '@expo-google-fonts/literata/400Regular/Literata_400Regular.ttf',
  '@expo-google-fonts/literata/400Regular_Italic/Literata_400Regular_Italic.ttf',
  '@expo-google-fonts/literata/700Bold/Literata_700Bold.ttf',
  '@expo-google-fonts/noto-serif-hebrew/400Regular/NotoSerifHebrew_400Regular.ttf',
  '@expo-google-fonts/noto-serif-hebrew/700Bold/NotoSerifHebrew_700Bold.ttf',
  '@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
  '@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf',
  '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf',
  '@expo-google-fonts/nanum-myeongjo/400Regular/NanumMyeongjo_400Regular.ttf',
  '@expo-google-fonts/nanum-myeongjo/700Bold/NanumMyeongjo_700Bold.ttf',
  '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
];

/** The names the fonts embed under (what pdffonts lists, less the subset's prefix). */
export const bookFontNames = [
  'Literata-Regular',
  'Literata-Italic',
  'Literata-Bold',
  'NotoSerifHebrew-Regular',
  'NotoSerifHebrew-Bold',
  'NotoNaskhArabic-Regular',
  'NotoNaskhArabic-Bold',
  'NotoSerifSC-Regular',
  'NotoSerifSC-Bold',
  'NanumMyeongjo',
  'NanumMyeongjoBold',
  'NotoEmoji-Regular',
];

/** The font files' paths, resolved from this module, so they are found from dist/server too. */
export const bookFontFiles = (): string[] => files.map((file) => require.resolve(file));

/**
 * The folders Typst is pointed at: each weight sits alone in its own, so Typst finds exactly
 * these files and reads one only when a page needs it (handed over as bytes instead, the fonts
 * cost a child 70 MB before it had set a word; Noto Serif SC is never read for a book without Han).
 */
export const bookFontFolders = (): string[] => bookFontFiles().map((file) => dirname(file));
