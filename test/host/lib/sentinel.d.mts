export interface JournalRequest {
  seq: number;
  at: number;
  agent: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  environment: string;
  body?: any;
}
export declare const AFTER_ACTION_BUDGET: number;
export declare const QUIET_WINDOW_MS: number;
export declare const EXTENSION_ID: string;
export declare function newestExtensionHostLog(userDataDir: string): string | undefined;
export declare function extensionErrorsSince(file: string, offset: number, markers: string[]): { offset: number; errors: string[] };
export declare function journalSince(
  emulatorUrl: string,
  since: number,
): Promise<{ total: number; missed: number; requests: JournalRequest[] }>;
export declare function isExtensionRequest(request: JournalRequest): boolean;
export declare function summarizeRequests(requests: JournalRequest[]): string;
export declare function checkQuiet(
  emulatorUrl: string,
  since: number,
  options?: { budget?: number; windowMs?: number; sleep?: (ms: number) => Promise<void> },
): Promise<{ seen: JournalRequest[]; cursor: number; problem: string | undefined }>;
export declare function watchHost(options: { userDataDir: string; emulatorUrl: string; markers: string[] }): { check(): Promise<string[]> };
export declare function extensionLogOf(hostLog: string): string;
export declare function internalErrorsSince(file: string, offset: number): { offset: number; errors: string[] };
