/** Texts of the article page's views (public reads): a module of its own, loaded by that (lazy) screen only. */
export const articleViewTexts = {
  label: 'Views (last 30 days)',
  summary: (total: number, days: number) =>
    `${total.toLocaleString('en-US')} public ${total === 1 ? 'read' : 'reads'} in the last ${days} days`,
  unavailable: 'Not available',
};
