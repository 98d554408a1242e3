/**
 * The part of the `qrcode` package (which ships no types) that two-factor enrolment uses: the QR
 * code of a text as an SVG document.
 */
declare module 'qrcode' {
  export interface QRCodeToStringOptions {
    type?: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
  }
  // biome-ignore lint/suspicious/noShadowRestrictedNames: the package's own name for it
  export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
}
