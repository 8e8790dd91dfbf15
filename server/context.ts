import type { PasswordHashing } from './auth.ts';
import type { Database } from './db/database.ts';
import type { FileStorage } from './files/storage.ts';
import type { SafeFetchOptions } from './scrape/safe-fetch.ts';

/** What the route plugins share; built once by buildApp. */
export interface AppContext {
  db: Database;
  storage: FileStorage;
  dataDir: string;
  maxUploadBytes: number;
  maxImagePixels: number;
  scrape: SafeFetchOptions;
  passwordHashing: PasswordHashing;
  /** A hash verified when the email is unknown, so both failures take the same time. */
  dummyPasswordHash: string;
}
