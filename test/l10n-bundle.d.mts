export declare const ROOT: string;
export declare const BUNDLE: string;
/** The messages of the sources under src/, sorted, each mapped to itself. */
export declare function extractMessages(root?: string): Record<string, string>;
