/**
 * Texts of the article page's protection of unsaved edits: the leave dialog, the kept draft's
 * notice and the conflict with another admin's save. A module of its own, imported by that
 * (lazy) screen only.
 */
export const articleEditTexts = {
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to this article are not saved. If you leave, they are lost.',
  stay: 'Stay',
  leave: 'Leave',
  restorePrompt: (time: string) => `Restore your unsaved edit from ${time}?`,
  changedSince: 'The article was changed since.',
  restore: 'Restore',
  discard: 'Discard',
  conflictTitle: 'Someone else saved this article meanwhile',
  conflictBody:
    "Your edit is not saved. Compare it with the newer version, then keep yours or take theirs: either way, the other stays in the article's history.",
  conflictField: { blogData: 'Blog HTML', slug: 'Slug' },
  theirs: (time: string) => `Newer version, saved ${time}`,
  mine: 'Your unsaved edit',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  saving: 'Saving...',
  empty: '(empty)',
} as const;
