/**
 * The typed client's types, generated from the served OpenAPI document by openapi-typescript,
 * as an integrator's client generator would make them. server/test/typed-client.test.ts writes
 * them to .generated/api.d.ts (not committed), type-checks drive.ts against them and runs it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const GENERATED_DIR = new URL('./.generated/', import.meta.url);
/** This directory's tsconfig: drive.ts and the generated declarations. */
export const CLIENT_TSCONFIG = new URL('./tsconfig.json', import.meta.url).pathname;

const HEADER = '/* Generated from /api/docs/openapi.json by openapi-typescript: do not edit. */\n';

/** The TypeScript declarations of `document` (an OpenAPI 3.1 object). */
export async function generateApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

/** Writes the declarations of `document` where drive.ts imports them from. */
export async function writeApiTypes(document: object): Promise<void> {
  await mkdir(GENERATED_DIR, { recursive: true });
  await writeFile(new URL('api.d.ts', GENERATED_DIR), await generateApiTypes(document));
}
