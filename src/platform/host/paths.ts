// File paths of the machine the extension runs on, spelled its way (separators, drive letters, what is absolute).

export interface HostPaths {
  readonly sep: string;
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
  basename(path: string): string;
  dirname(path: string): string;
}
