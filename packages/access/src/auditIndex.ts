// Where each line of the audit log lies in the file, so that a page reads its own lines and
// nothing else. The index follows the file by reading only the bytes added since it last
// looked (by this process or another one: `lens token add` writes the same file), in chunks,
// yielding between them; a file that shrank or was replaced is indexed again from the start,
// and so is one emptied or rewritten in place (same inode, `copytruncate` rotation, an editor)
// that grew past where it was indexed: its first bytes or the newline the index ends on differ.
// A line is what lies between two newlines and holds something other than whitespace; the
// last line without a newline yet (being written, or torn by a crash) is looked at afresh on
// every page and never indexed.
import { type FileHandle, open } from "node:fs/promises";

/** Bytes read per step while indexing. */
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;
/** Bytes at the start of the file kept to tell it from one rewritten in place. */
const HEAD = 256;

export interface LineRange {
  start: number;
  end: number;
}

export class AuditIndex {
  private starts: number[] = [];
  private ends: number[] = [];
  /** Bytes indexed: everything before the last newline seen. */
  private indexed = 0;
  private ino = -1;
  /** The file's first bytes as indexed (up to HEAD of them). */
  private head: Buffer = Buffer.alloc(0);
  private busy: Promise<unknown> = Promise.resolve();
  /** Bytes read to index the file, in all (for tests: each byte about once). */
  bytesIndexed = 0;

  constructor(private readonly file: string) {}

  /**
   * Runs `use` with the file open and the index up to date (one at a time): the lines, and the
   * unfinished last line if it holds something.
   */
  read<T>(use: (fh: FileHandle, lines: Lines) => Promise<T>): Promise<T | undefined> {
    const run = this.busy.then(() => this.withFile(use));
    this.busy = run.catch(() => {});
    return run;
  }

  private async withFile<T>(
    use: (fh: FileHandle, lines: Lines) => Promise<T>,
  ): Promise<T | undefined> {
    let fh: FileHandle;
    try {
      fh = await open(this.file, "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
    try {
      const st = await fh.stat();
      if (st.ino !== this.ino || st.size < this.indexed || !(await this.same(fh))) {
        this.reset(st.ino);
      }
      const tail = await this.catchUp(fh, st.size);
      const head = Math.min(this.indexed, HEAD);
      if (this.head.length < head) this.head = await readAt(fh, 0, head);
      return await use(fh, new Lines(this.starts, this.ends, tail));
    } finally {
      await fh.close();
    }
  }

  /** Whether the file still starts as indexed and has a newline where the index ends. */
  private async same(fh: FileHandle): Promise<boolean> {
    if (this.indexed === 0) return true;
    if (!(await readAt(fh, 0, this.head.length)).equals(this.head)) return false;
    return (await readAt(fh, this.indexed - 1, 1))[0] === NEWLINE;
  }

  private reset(ino: number): void {
    this.starts = [];
    this.ends = [];
    this.indexed = 0;
    this.ino = ino;
    this.head = Buffer.alloc(0);
  }

  /** Indexes the complete lines from `indexed` to `size`; gives the unfinished one, if any. */
  private async catchUp(fh: FileHandle, size: number): Promise<LineRange | undefined> {
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, size - this.indexed)));
    let lineStart = this.indexed;
    let filled = false;
    let pos = this.indexed;
    while (pos < size) {
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, size - pos), pos);
      if (bytesRead === 0) break;
      this.bytesIndexed += bytesRead;
      for (let i = 0; i < bytesRead; i++) {
        const b = buf[i]!;
        if (b === NEWLINE) {
          if (filled) {
            this.starts.push(lineStart);
            this.ends.push(pos + i);
          }
          lineStart = pos + i + 1;
          filled = false;
          this.indexed = lineStart;
        } else if (!filled && !isSpace(b)) filled = true;
      }
      pos += bytesRead;
    }
    return filled ? { start: lineStart, end: pos } : undefined;
  }
}

/** The lines of the file as indexed, with the unfinished last one. */
export class Lines {
  constructor(
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
    private readonly tail: LineRange | undefined,
  ) {}

  get count(): number {
    return this.starts.length + (this.tail ? 1 : 0);
  }

  at(i: number): LineRange {
    if (i < this.starts.length) return { start: this.starts[i]!, end: this.ends[i]! };
    if (this.tail && i === this.starts.length) return this.tail;
    throw new RangeError(`no line ${i}`);
  }
}

/** Reads `length` bytes at `position` (fewer if the file ends first). */
export async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(bytes, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === length ? bytes : bytes.subarray(0, got);
}

/** Whitespace as String.prototype.trim sees it, for the bytes a JSON line can start with. */
function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0b || b === 0x0c;
}
