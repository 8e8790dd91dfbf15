export declare const SERVER_NODE_FLAGS: string[];
export declare function withServerFlags(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
