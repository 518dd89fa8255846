// Decides a file's type from its bytes (SECURITY.md row 20), never from the client's
// Content-Type header. Only these types are accepted:
//
// | type | detected by                                                        | extensions     |
// |------|--------------------------------------------------------------------|----------------|
// | PDF  | starts with "%PDF-"                                                | .pdf           |
// | PNG  | starts with 89 50 4E 47 0D 0A 1A 0A                                | .png           |
// | JPEG | starts with FF D8 FF                                               | .jpg .jpeg     |
// | DOCX | ZIP (50 4B 03 04) holding "[Content_Types].xml" and "word/"        | .docx          |
// | XLSX | ZIP (50 4B 03 04) holding "[Content_Types].xml" and "xl/"          | .xlsx          |
// | CSV  | text (below) with a .csv name                                      | .csv           |
// | text | valid UTF-8, no NUL, no control bytes but tab, LF, CR, FF          | .txt or none   |
//
// A name whose extension names a different type than the content (a "fake .pdf") is refused.
// Names are normalised first (normaliseUploadName) and the LAST extension decides, so
// `x.html.`, `x.html `, `x.pdf.html` and `x.ht<zero-width space>ml` are all refused.

export interface SniffedType {
  mime: string;
  kind: 'pdf' | 'png' | 'jpeg' | 'docx' | 'xlsx' | 'csv' | 'text';
}

const EXTENSION_KINDS: Record<string, SniffedType['kind'][]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  csv: ['csv'],
  txt: ['text'],
  text: ['text'],
};

function startsWith(buf: Buffer, bytes: number[]): boolean {
  if (buf.length < bytes.length) return false;
  return bytes.every((b, i) => buf[i] === b);
}

function isText(buf: Buffer): boolean {
  for (const byte of buf) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

function detect(buf: Buffer, ext: string | null): SniffedType | null {
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', kind: 'pdf' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', kind: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'jpeg' };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    // Entry names sit uncompressed in the local headers and the central directory.
    const names = buf.toString('latin1');
    if (!names.includes('[Content_Types].xml')) return null;
    if (names.includes('word/')) {
      return {
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        kind: 'docx',
      };
    }
    if (names.includes('xl/')) {
      return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'xlsx' };
    }
    return null;
  }
  if (isText(buf)) {
    return ext === 'csv' ? { mime: 'text/csv', kind: 'csv' } : { mime: 'text/plain', kind: 'text' };
  }
  return null;
}

/**
 * The last extension of a normalised name, lower-cased: whatever follows its last dot (a dot at
 * the start only hides the file, it starts no extension). null when the name has no dot.
 */
export function fileExtension(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0) return null;
  return filename.slice(dot + 1).toLowerCase();
}

// Invisible characters that make a name read differently from what it is: zero-width space,
// non-joiner and joiner, word joiner, BOM / zero-width no-break space, soft hyphen, Mongolian
// vowel separator, and the bidi controls (LRM, RLM, ALM, embeddings, overrides and isolates).
const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u180e\u061c\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name as the extension check and the display see it: NFKC (so full-width and other
 * compatibility forms of "." and letters become plain ones), without invisible, bidi or control
 * characters, whitespace runs collapsed to one space, and no trailing dots or spaces (which
 * Windows drops when it saves the file, turning `x.html.` into `x.html`).
 */
export function normaliseUploadName(filename: string): string {
  return (
    filename
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .replace(/\s+/gu, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .replace(/[.\s]+$/u, '')
      .trim()
  );
}

/** The accepted type of these bytes under this name, or null (→ 415). */
export function sniffContentType(buf: Buffer, filename: string): SniffedType | null {
  const ext = fileExtension(normaliseUploadName(filename));
  if (ext !== null && !Object.hasOwn(EXTENSION_KINDS, ext)) return null;
  const sniffed = detect(buf, ext);
  if (!sniffed) return null;
  if (ext !== null && !(EXTENSION_KINDS[ext] ?? []).includes(sniffed.kind)) return null;
  return sniffed;
}

/** A display name without any path part or control character; never used on disk. */
export function safeDisplayName(filename: string): string {
  const base = normaliseUploadName(filename).split(/[\\/]/).pop() ?? '';
  const cleaned = normaliseUploadName(
    base
      .replace(/"/g, '')
      .replace(/^[.\s]+/, '')
      .slice(0, 200),
  );
  return cleaned === '' ? 'document' : cleaned;
}
