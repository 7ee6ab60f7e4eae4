export declare function hotExitBackups(userDataDir: string): string[];
