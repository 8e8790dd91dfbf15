export { AddSourceCard, type AddSourceCardProps } from './AddSourceCard';
export { SourceCard, type SourceCardProps } from './SourceCard';
export { SourceEntriesDialog, type SourceEntriesDialogProps } from './SourceEntriesDialog';
export { SourceEntryLog, type SourceEntryLogProps } from './SourceEntryLog';
export { SourceList, type SourceListProps } from './SourceList';
export { SiteRulesCard, type SiteRulesCardProps } from './SiteRulesCard';
