export const DEMO_TOKEN: string;
export function demoSettings(emulatorUrl: string): Record<string, string>;
export const DEMO_FILES: Record<string, string>;
export function writeDemoFiles(root: string): void;
