/** The words of the article page's side panel (a module of its own: loaded with the article page). */
export const panelTexts = {
  panel: 'Article panel',
  sections: 'Sections of the panel',
  review: 'Review',
  schedule: 'Schedule',
  assignment: 'Assignment',
  seo: 'SEO',
  checks: 'Checks',
  comments: 'Comments',
  history: 'History',
  source: 'Source',
  details: 'Details',
  addresses: 'Addresses',
};
