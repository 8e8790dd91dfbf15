/** The words of assignments (src/contract/assignment.ts): the article page's card, the list's badges and toggle. */
import { formatDay } from './format';

export const assignmentTexts = {
  title: 'Assignment',
  subtitle: 'Who works on it, by which day, and the day it is planned for',
  assignee: 'Assignee',
  nobody: 'Nobody',
  due: 'Due day',
  planned: 'Planned day',
  plannedHelp: 'The editorial plan: apart from a scheduled publish',
  save: 'Save assignment',
  saving: 'Saving…',
  saved: 'Assignment saved',
  loadingMembers: 'Loading the team…',
  membersFailed: 'The team could not be loaded',
  readOnly: (who: string) => `Only ${who} may change the assignment.`,
  none: 'Nobody is assigned, and no day is set.',
  /** The list's badges. */
  assignedTo: (email: string) => `Assigned to ${email}`,
  dueOn: (day: string) => `Due ${formatDay(day)}`,
  overdue: (day: string) => `Overdue · due ${formatDay(day)}`,
  plannedFor: (day: string) => `Planned for ${formatDay(day)}`,
  you: (email: string) => `${email} (you)`,
  /** The articles screen's toggle and its empty list. */
  mine: 'Assigned to me',
  mineHint: 'Only the articles assigned to you',
  noneMine: 'Nothing is assigned to you',
  noneMineHint: 'No article here is assigned to you. An editor assigns articles from their page.',
};
