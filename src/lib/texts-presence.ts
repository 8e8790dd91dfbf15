/** What the article page says of the other people who have the article open (src/contract/presence.ts). */
export const presenceTexts = {
  /** The avatars' group, for screen readers. */
  others: (count: number) => (count === 1 ? '1 other person has this article open' : `${count} other people have this article open`),
  /** An avatar's tooltip and label. */
  who: (email: string, role: string, editingSince: string | null) =>
    editingSince ? `${email} (${role}), editing since ${editingSince}` : `${email} (${role}), viewing`,
  /** Someone else holds the editing lease. */
  isEditing: (email: string, since: string) => `${email} is editing since ${since}`,
  isEditingHint: 'Two people editing at once would overwrite each other. View it read-only, or take over: their unsaved changes are kept for them.',
  viewReadOnly: 'View read-only',
  takeOver: 'Take over',
  takingOver: 'Taking over…',
  readOnly: (email: string) => `Read-only while ${email} is editing.`,
  /** Why the editors are read-only once this page's lease was taken over. */
  takenReadOnly: (email: string) => `Read-only: ${email} took over editing.`,
  /** This page's lease was taken over. */
  takenOver: (email: string, at: string) => `${email} took over at ${at}`,
  takenOverHint: 'This page is read-only now. Your unsaved changes are kept in this browser: reload the article to restore them.',
  reload: 'Reload',
};
