export { ArticleHistoryCard, type ArticleHistoryCardProps, type Comparison, type CompareTarget } from './ArticleHistoryCard';
export { DiffPanes, type DiffPanesProps } from './DiffPanes';
export { RestoreRevisionDialog, type RestoreRevisionDialogProps } from './RestoreRevisionDialog';
export { RevisionCompare, type CompareSide, type RevisionCompareProps } from './RevisionCompare';
export { RevisionLabelDialog, type RevisionLabelDialogProps } from './RevisionLabelDialog';
export { RevisionList, type RevisionListProps } from './RevisionList';
