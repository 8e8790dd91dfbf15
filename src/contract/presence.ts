/**
 * Who else has an article open, and who is editing it. Each open article page (a "tab", named
 * by an id the browser makes and keeps for the tab's life) holds one stream of server-sent
 * events, `GET /articles/:id/presence/stream?tab=…`, which says who is there (`presence`) and,
 * to the tab that was editing, that someone took over (`taken`). The server renews the tab's
 * place while the stream is open; a tab whose stream went (closed, or its server process died)
 * leaves the list within PRESENCE_LAPSE_MS.
 *
 * Editing is a lease: a tab says it is editing (`PUT /articles/:id/presence { tab, editing }`:
 * it has unsaved changes, or typed in the last EDITING_IDLE_MS) and holds the lease while it
 * says so and for LEASE_LAPSE_MS after its stream went, never longer: no lock is ever stale.
 * Another tab asking to edit meanwhile is refused (409 `lease_held`, naming who and since when);
 * it may view read-only or take over (`POST /articles/:id/presence/takeover { tab }`), which
 * tells the first tab at once (its unsaved edit goes to the draft recovery). The If-Match rule of
 * saves stays the last guard. Needs no zod (the schemas are `./presenceSchemas`'); re-exported by `./index`.
 */

/** A tab's place lasts this long without renewal (its stream renews it every PRESENCE_RENEW_MS). */
export const PRESENCE_LAPSE_MS = 9_000;
export const PRESENCE_RENEW_MS = 3_000;
/** An editor who typed within this long (or has unsaved changes) is editing. */
export const EDITING_IDLE_MS = 2 * 60_000;
/** A lease outlives its tab's stream by this long (a reload keeps it). */
export const LEASE_LAPSE_MS = 2 * 60_000;

/** Initials of an email's name, for an avatar: 'dana.scully@…' → 'DS'. */
export function initialsOf(email: string): string {
  const name = email.split('@')[0] ?? '';
  const parts = name.split(/[._\-+]+/).filter(Boolean);
  const letters = (parts.length > 1 ? parts.slice(0, 2).map((p) => p[0]) : [...(parts[0] ?? '?').slice(0, 2)]).join('');
  return letters.toUpperCase() || '?';
}

/** A browser tab's id: made by the console (crypto.randomUUID), kept for the tab's life. */
export const TAB_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const presenceMessages = {
  /** 409 `lease_held`: someone else's tab is editing (since an ISO 8601 instant). */
  leaseHeld: (email: string, sinceIso: string) => `${email} has been editing this article since ${sinceIso}: view it read-only, or take over.`,
  /** 409 `lease_lapsed`: a take-over of a lease that is no longer held. */
  leaseLapsed: 'Nobody is editing this article any more: you can edit it.',
  /** 404 of a tab that is not open (or is another account's). */
  tabNotOpen: 'This page is not open on the article: reload it.',
};
