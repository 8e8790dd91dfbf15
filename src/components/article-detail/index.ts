export { ArticleDetailHeader, articleTitle, type ArticleDetailHeaderProps } from './ArticleDetailHeader';
export { ArticleDetailView, type ArticleDetailViewProps, type ArticleRefusals } from './ArticleDetailView';
export { ArticleLoading, ArticleNotFound, type ArticleNotFoundProps } from './ArticleDetailStates';
export { ArticleMetadataCard, type ArticleMetadataCardProps } from './ArticleMetadataCard';
export {
  ArticleStatusSwitch,
  type ArticleStatusSwitchProps,
  type PendingStatusAction,
} from './ArticleStatusSwitch';
export { ArticleUrlsCard, type ArticleUrlsCardProps } from './ArticleUrlsCard';
export { ConvertToDraftDialog, type ConvertToDraftDialogProps } from './ConvertToDraftDialog';
export { CopyButton, CopyIconButton, type CopyButtonProps, type CopyIconButtonProps } from './CopyButton';
export { DataCard, type DataCardProps } from './DataCard';
export { DraftRestoreNotice, type DraftRestoreNoticeProps } from './DraftRestoreNotice';
export { EditConflictPanel, type EditConflictPanelProps, type EditField } from './EditConflictPanel';
export { LeaveWithoutSavingDialog, type LeaveWithoutSavingDialogProps } from './LeaveWithoutSavingDialog';
export { RescrapeAction, type RescrapeActionProps } from './RescrapeAction';
export { ScheduleCard, type ArticleSchedule, type ScheduleCardProps } from './ScheduleCard';
export { StatusBanner, type StatusBannerProps } from './StatusBanner';
export { useCopyToClipboard, COPY_CONFIRMATION_MS } from './useCopyToClipboard';
export {
  useStatusBanner,
  bannerDuration,
  SUCCESS_BANNER_MS,
  ERROR_BANNER_MS,
  type StatusBannerKind,
} from './useStatusBanner';
