export declare const VSIX: string;
export declare function buildAndPackage(options?: { withSuite?: boolean }): string;
export declare function vsixEntries(vsix?: string): string[];
export declare function checkVsixContents(entries: string[]): string[];
export declare function markdownImages(markdown: string): string[];
export declare function readmeImageProblems(markdown: string, entries: string[]): string[];
export declare function checkReadmeImages(vsix?: string, entries?: string[]): string[];
export declare function unpackVsix(vsix?: string): string;
