/** One version of the schema: its statements, applied in order in one transaction (migrate.ts). */
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}
