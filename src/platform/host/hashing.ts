// Hashes of text, for keys and cache names (not for secrets).

export interface HostHashing {
  /** The digest of the text's UTF-8 bytes, in lowercase hex. */
  hex(algorithm: 'sha1' | 'sha256', text: string): string;
}
