// The id forms the API accepts in request bodies: an RFC 4122 version 4 UUID written as 22 characters of
// URL-safe base64, or a legacy decimal id of at most 48 bits.

const MAX_LEGACY_ID = 2 ** 48 - 1;

export function isApiId(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (/^[1-9][0-9]{0,14}$/.test(value)) return Number(value) <= MAX_LEGACY_ID;
  if (!/^[A-Za-z0-9_-]{22}$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  // the last character carries 2 spare bits: a canonical encoding leaves them zero
  if (bytes.length !== 16 || bytes.toString('base64url') !== value) return false;
  return (bytes[6] ?? 0) >> 4 === 4 && (bytes[8] ?? 0) >> 6 === 2;
}
