/** The contract's enumerations that more than one of its modules builds on. Re-exported by `./index`. */
import { z } from 'zod';

export const articleStatusSchema = z.enum(['draft', 'published']);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

export const fileTypeSchema = z.enum(['pdf', 'image', 'other']);
export type FileType = z.infer<typeof fileTypeSchema>;
