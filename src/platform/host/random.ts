// Random bytes from the platform's cryptographic generator: unguessable names and nonces.

export interface HostRandom {
  hex(bytes: number): string;
  base64(bytes: number): string;
}
