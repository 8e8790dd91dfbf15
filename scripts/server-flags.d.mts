export declare const SERVER_NODE_FLAGS: string[];
export declare const EMBEDDED_DATABASE_NODE_FLAGS: string[];
export declare function serverNodeFlags(env: NodeJS.ProcessEnv | Record<string, string | undefined>): string[];
