/** The largest logo a platform may set (decoded bytes). */
export const MAX_LOGO_BYTES = 256 * 1024;

export interface Logo {
  type: 'png' | 'svg';
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> root.
const SVG_ROOT =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * Reads a `data:image/png;base64,…` or `data:image/svg+xml;base64,…` URL and checks that the bytes
 * are what the media type says: a PNG signature followed by its IHDR chunk, or an SVG document.
 * Returns the logo, or the problem in words.
 */
export function parseLogo(dataUrl: string): Logo | { problem: string } {
  const match = /^data:image\/(png|svg\+xml);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return { problem: 'is not a base64 data: URL of image/png or image/svg+xml' };
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_LOGO_BYTES) {
    return { problem: `is ${bytes.length} bytes; at most ${MAX_LOGO_BYTES} (256 KiB) are allowed` };
  }
  if (match[1] === 'png') {
    const isPng = bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString('latin1') === 'IHDR';
    return isPng ? { type: 'png', bytes } : { problem: 'says image/png but its bytes are not a PNG image' };
  }
  return SVG_ROOT.test(bytes.toString('utf8'))
    ? { type: 'svg', bytes }
    : { problem: 'says image/svg+xml but its bytes are not an SVG document' };
}
