export declare const INSTALL_HINT: string;
export declare function findBrowser(env?: NodeJS.ProcessEnv): string | undefined;
export declare function browserPath(): string;
