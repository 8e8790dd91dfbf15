import { useState } from 'react';
import { draftProblems, type WebhookDraft, type WebhookDraftProblems } from './WebhookFields';

/**
 * A webhook form's draft and what is missing from it: `fields` are WebhookFields' props (an edit
 * clears the problems shown), `check` finds the problems and shows them at their fields.
 */
export function useWebhookDraft(initial: WebhookDraft) {
  const [draft, setDraft] = useState<WebhookDraft>(initial);
  const [problems, setProblems] = useState<WebhookDraftProblems>({});
  const onChange = (next: WebhookDraft) => {
    setDraft(next);
    setProblems({});
  };
  const check = () => {
    const found = draftProblems(draft);
    setProblems(found);
    return found;
  };
  return { draft, setDraft, check, fields: { draft, problems, onChange } };
}
