// Deterministic randomness for the seed: the same ids and contents on every run.

/** sfc32: a small, fast, well-distributed 32-bit PRNG (public domain). */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** a uint32 */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** a float in [0, 1) */
  float(): number {
    return this.next() / 4294967296;
  }

  /** an integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    const value = list[Math.floor(this.float() * list.length)];
    if (value === undefined) throw new Error('Random.pick: empty list');
    return value;
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  /** A DatoCMS id: an RFC 4122 v4 UUID as 22 characters of URL-safe base64. */
  id(): string {
    const bytes = Buffer.allocUnsafe(16);
    for (let i = 0; i < 16; i += 4) bytes.writeUInt32BE(this.next(), i);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    return bytes.toString('base64url');
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.next().toString(16).padStart(8, '0');
    return out.slice(0, length);
  }
}
