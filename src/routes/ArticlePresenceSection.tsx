import { useState } from 'react';
import { useArticlePresence, type ArticlePresence } from '../api/presence';
import { EditingNotice, PresenceAvatars, TakenOverNotice } from '../components/article-detail/ArticlePresence';
import { presenceTexts } from '../lib/texts-presence';

/**
 * The article page's editing lease (its live presence stream): why the editors are read-only
 * while another page holds the lease or took it from this one, and `touched`, which wraps an
 * editor's onChange so that each edit renews this page's lease (it edits for two minutes after
 * the last one).
 */
export function useEditingLease(articleId: string, hasUnsavedEdits: boolean) {
  const presence = useArticlePresence(articleId, hasUnsavedEdits);
  const refused = presence.taken
    ? presenceTexts.takenReadOnly(presence.taken.by)
    : presence.holder
      ? presenceTexts.readOnly(presence.holder.email)
      : null;
  const touched =
    <T,>(onChange: (value: T) => void) =>
    (value: T) => {
      presence.touch();
      onChange(value);
    };
  return { presence, refused, touched };
}

/** Who else has the article open, and the notice of who is editing it (with View read-only and Take over) or took it over. */
export function ArticlePresenceSection({ presence }: { presence: ArticlePresence }) {
  const [viewReadOnly, setViewReadOnly] = useState(false);
  return (
    <>
      <PresenceAvatars others={presence.others} />
      {presence.taken ? (
        <TakenOverNotice taken={presence.taken} onReload={() => window.location.reload()} />
      ) : (
        presence.holder && (
          <EditingNotice
            holder={presence.holder}
            readOnly={viewReadOnly}
            onViewReadOnly={() => setViewReadOnly(true)}
            onTakeOver={() => void presence.takeOver()}
            takingOver={presence.takingOver}
            error={presence.error}
          />
        )
      )}
    </>
  );
}
