type Env = NodeJS.ProcessEnv | Record<string, string | undefined>;
export declare const SERVER_NODE_FLAGS: string[];
export declare const LOW_MEMORY_NODE_FLAGS: string[];
export declare const LOW_MEMORY_BELOW_BYTES: number;
export declare function readLowMemory(value: string | undefined): { ok: 'auto' | boolean } | { problem: string };
export declare function availableMemoryBytes(): number;
export declare function lowMemory(env: Env, available?: () => number): boolean;
export declare function serverNodeFlags(env: Env, available?: () => number): string[];
export declare function serverEnvironment<E extends Env>(env: E): E & { MALLOC_ARENA_MAX: string };
