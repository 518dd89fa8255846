import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const SAMPLE_BYTES = 64 * 1024;

/** More bytes than the limit went through (→ 413). */
export class UploadTooLargeError extends Error {
  constructor() {
    super('upload larger than the limit');
    this.name = 'UploadTooLargeError';
  }
}

function isTextChunk(chunk: Buffer): boolean {
  for (const byte of chunk) {
    if (byte === 0 || byte === 0x7f) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  return true;
}

/**
 * Passes an upload through unchanged while learning what sniffing and the Document row need,
 * without holding the file: size (refusing past `maxBytes`), sha256, the first and last 64 KiB
 * (magic numbers; ZIP entry names sit at the start and in the central directory at the end),
 * and whether every byte is text (valid UTF-8 without control characters).
 */
export class UploadInspector extends Transform {
  size = 0;
  private readonly hash: Hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer = Buffer.alloc(0);
  private text = true;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private digest: string | null = null;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new UploadTooLargeError());
      return;
    }
    this.hash.update(chunk);
    if (this.headSize < SAMPLE_BYTES) {
      const part = chunk.subarray(0, SAMPLE_BYTES - this.headSize);
      this.headChunks.push(part);
      this.headSize += part.length;
    }
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(Math.max(0, joined.length - SAMPLE_BYTES));
    if (this.text) {
      try {
        this.text = isTextChunk(chunk);
        if (this.text) this.decoder.decode(chunk, { stream: true });
      } catch {
        this.text = false;
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.text) {
      try {
        this.decoder.decode();
      } catch {
        this.text = false;
      }
    }
    this.digest = this.hash.digest('hex');
    done();
  }

  get sha256(): string {
    if (this.digest === null) throw new Error('upload not finished');
    return this.digest;
  }

  /** Every byte was UTF-8 text without control characters (tab, LF, CR, FF allowed). */
  get isText(): boolean {
    return this.text;
  }

  /**
   * The bytes to sniff: the whole file when it is at most 128 KiB, else its first and last
   * 64 KiB, each cut at a UTF-8 character boundary so a text file still reads as text.
   */
  sample(): Buffer {
    const head = Buffer.concat(this.headChunks);
    if (this.size <= 2 * SAMPLE_BYTES) {
      const overlap = head.length + this.tail.length - this.size;
      return Buffer.concat([head, this.tail.subarray(overlap)]);
    }
    let end = head.length;
    // Drop an unfinished multi-byte character at the end of the head …
    let lead = end - 1;
    while (lead > 0 && lead > end - 4 && ((head[lead] ?? 0) & 0xc0) === 0x80) lead -= 1;
    const leadByte = head[lead] ?? 0;
    const width = leadByte >= 0xf0 ? 4 : leadByte >= 0xe0 ? 3 : leadByte >= 0xc0 ? 2 : 1;
    if (lead + width > end) end = lead;
    // … and continuation bytes at the start of the tail.
    let start = 0;
    while (start < this.tail.length && start < 3 && ((this.tail[start] ?? 0) & 0xc0) === 0x80) start += 1;
    return Buffer.concat([head.subarray(0, end), Buffer.from('\n'), this.tail.subarray(start)]);
  }
}
