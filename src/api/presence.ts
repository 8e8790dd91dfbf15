/**
 * Who else has an article open, live, for the article page (src/contract/presence.ts): one
 * server-sent-events stream per open page, and the editing lease. The browser's EventSource
 * reconnects by itself (after a second) when the stream breaks, to whichever server process
 * answers; the tab's id stays the same across reloads (sessionStorage), so a reload keeps its
 * place and its lease.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Presence, PresenceTaken } from '../contract';
import { EDITING_IDLE_MS, TAB_ID_PATTERN } from '../contract/presence';
import { API_BASE, ApiError, api } from './client';

const TAB_KEY = 'presence-tab';

/** This browser tab's id (made once, kept for the tab's life). */
export function tabId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = sessionStorageOrNull()): string {
  const kept = storage?.getItem(TAB_KEY);
  if (kept && TAB_ID_PATTERN.test(kept)) return kept;
  const made = crypto.randomUUID();
  try {
    storage?.setItem(TAB_KEY, made);
  } catch {
    /* storage refused: a new id per page, which only loses the lease on reload */
  }
  return made;
}

function sessionStorageOrNull() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface ArticlePresence {
  /** This page's tab id. */
  tab: string;
  /** The other open pages, oldest first (this one left out). */
  others: Presence[];
  /** Another page holding the editing lease, if any. */
  holder: Presence | undefined;
  /** This page's lease was taken over: by whom, when. */
  taken: PresenceTaken | null;
  /** Takes the lease over from `holder`; resolves false (with `error`) when refused. */
  takeOver: () => Promise<boolean>;
  takingOver: boolean;
  /** The last refusal (a take-over of a lapsed lease, a network failure). */
  error: string | null;
  /** Call on every edit: this page is editing for EDITING_IDLE_MS after it. */
  touch: () => void;
}

/**
 * Opens the page's stream while `articleId` is set and says whether this page is editing: it has
 * unsaved changes (`dirty`), or was touched (typed in, taken over) in the last EDITING_IDLE_MS.
 * Another page holding the lease shows as `holder`.
 */
export function useArticlePresence(articleId: string | undefined, dirty: boolean): ArticlePresence {
  const tab = useMemo(() => tabId(), []);
  const [active, setActive] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touch = useCallback(() => {
    setActive(true);
    clearTimeout(idle.current);
    idle.current = setTimeout(() => setActive(false), EDITING_IDLE_MS);
  }, []);
  useEffect(() => () => clearTimeout(idle.current), []);
  const editing = dirty || active;
  const [list, setList] = useState<Presence[]>([]);
  const [taken, setTaken] = useState<PresenceTaken | null>(null);
  const [takingOver, setTakingOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server knows this page once its stream has sent the first list: only then can the page say it edits.
  const [streamOpen, setStreamOpen] = useState(false);
  const said = useRef<boolean | null>(null);
  // How many lists the stream has sent: an answer's list is kept only when none came while it was asked.
  const heard = useRef(0);
  const keepAnswer = useCallback((asked: number, answer: Presence[]) => {
    // A list the stream sent meanwhile may be newer than the answer, and the stream sends only what
    // changed since its last list: taking the answer then could keep an old list for good.
    if (heard.current === asked) setList(answer);
  }, []);

  useEffect(() => {
    if (!articleId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/articles/${encodeURIComponent(articleId)}/presence/stream?tab=${tab}`, {
      withCredentials: true,
    });
    source.addEventListener('presence', (event) => {
      const parsed = parseJson<{ data: Presence[] }>(event);
      heard.current += 1;
      if (parsed) setList(parsed.data);
      setStreamOpen(true);
    });
    // Lost (the browser opens it again): said again once the server knows the page anew.
    source.addEventListener('error', () => {
      setStreamOpen(false);
      said.current = null;
    });
    source.addEventListener('taken', (event) => {
      const parsed = parseJson<PresenceTaken>(event);
      if (parsed) setTaken(parsed);
    });
    return () => {
      source.close();
      setStreamOpen(false);
      said.current = null;
    };
  }, [articleId, tab]);

  // Says whether this page edits, when that changes (the stream keeps the lease alive meanwhile).
  useEffect(() => {
    if (!articleId || !streamOpen || taken || said.current === editing) return;
    said.current = editing;
    const asked = heard.current;
    api(`/articles/${encodeURIComponent(articleId)}/presence`, {
      method: 'PUT',
      body: { tab, editing },
      schema: (s) => s.presenceListSchema,
    }).then(
      (answer) => keepAnswer(asked, answer.data),
      () => {
        // Refused (another page holds the lease: the stream's list shows who) or unreachable: said again on the next change.
        said.current = null;
      },
    );
  }, [articleId, editing, keepAnswer, streamOpen, tab, taken]);

  const takeOver = useCallback(async () => {
    if (!articleId) return false;
    setTakingOver(true);
    setError(null);
    const asked = heard.current;
    try {
      const answer = await api(`/articles/${encodeURIComponent(articleId)}/presence/takeover`, {
        method: 'POST',
        body: { tab },
        schema: (s) => s.presenceListSchema,
      });
      // The list as it is now, unless the stream said a newer one meanwhile (it says this one a moment later).
      keepAnswer(asked, answer.data);
      said.current = true;
      touch();
      setTaken(null);
      return true;
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : 'Could not take over.');
      return false;
    } finally {
      setTakingOver(false);
    }
  }, [articleId, keepAnswer, tab, touch]);

  const others = list.filter((p) => p.tab !== tab);
  return { tab, others, holder: others.find((p) => p.editingSince), taken, takeOver, takingOver, error, touch };
}

function parseJson<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}
