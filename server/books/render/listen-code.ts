// A memory's listen code (issue 24): a QR code to PUBLIC_URL/listen/{token}, drawn as vector
// paths so it stays crisp at any printer's resolution.
import QRCode from 'qrcode';
import { LISTEN_CODE_MIN_CM } from '../../../common/limits.js';

/** Printed a little above the 2 cm floor, so a phone held at reading distance finds it. */
export const LISTEN_CODE_CM = Math.max(LISTEN_CODE_MIN_CM, 2.4);

/** The code as SVG text. Level M survives a crease or a coffee ring (15% of it lost). */
export const listenCodeSvg = (url: string): Promise<string> =>
  QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: '#000000ff', light: '#ffffffff' } });
