/**
 * Who else is on an article: the shapes of its presence calls and events (the rules are
 * `./presence`'s, which needs no zod). Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { TAB_ID_PATTERN } from './presence';
import { roleSchema } from './accounts';

export const tabIdSchema = z.string().regex(TAB_ID_PATTERN, 'A tab id is 8 to 64 letters, digits, - or _');

/** One open page of the article. */
export const presenceSchema = z.object({
  tab: z.string(),
  userId: z.string(),
  email: z.string(),
  role: roleSchema,
  openedAt: z.string(),
  /** Since when this tab holds the editing lease, else null. */
  editingSince: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;

/** The `presence` event's data (and the answers of PUT …/presence and …/takeover): every page on the article, oldest first. */
export const presenceListSchema = z.object({ data: z.array(presenceSchema) });
export type PresenceList = z.infer<typeof presenceListSchema>;

/** The `taken` event's data, sent to the page whose lease was taken over. */
export const presenceTakenSchema = z.object({ by: z.string(), at: z.string() });
export type PresenceTaken = z.infer<typeof presenceTakenSchema>;

export const presenceStreamQuerySchema = z.object({ tab: tabIdSchema });
export const presenceUpdateSchema = z.strictObject({ tab: tabIdSchema, editing: z.boolean() });
export const presenceTakeoverSchema = z.strictObject({ tab: tabIdSchema });
