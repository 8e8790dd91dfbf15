/**
 * The Webhooks and Sources screens, loaded together: one chunk, one preload list in the first
 * screen's JavaScript (a list per screen would cost the budget about 150 bytes each), and the
 * pieces the two share (an action's outcome) in it rather than in a chunk of their own.
 */
export { default as WebhooksRoute } from './WebhooksRoute';
export { default as SourcesRoute } from './SourcesRoute';
