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

export function fileExtension(filename: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The accepted type of these bytes under this name, or null (→ 415). */
export function sniffContentType(buf: Buffer, filename: string): SniffedType | null {
  const ext = fileExtension(filename);
  if (ext !== null && !(ext in EXTENSION_KINDS)) return null;
  const sniffed = detect(buf, ext);
  if (!sniffed) return null;
  if (ext !== null && !(EXTENSION_KINDS[ext] ?? []).includes(sniffed.kind)) return null;
  return sniffed;
}

/** A display name without any path part or control character; never used on disk. */
export function safeDisplayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'document' : cleaned;
}
