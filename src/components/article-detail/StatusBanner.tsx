import { Alert, CloseButton } from '@chakra-ui/react';
import { texts } from '../../lib/texts';
import { isSuccessBanner, type StatusBannerKind } from './useStatusBanner';

const messages: Record<StatusBannerKind, string> = {
  published: texts.article.publishedOk,
  draft: texts.article.draftOk,
  publishFailed: texts.article.publishFailed,
  draftFailed: texts.article.draftFailed,
};

export interface StatusBannerProps {
  /** The banner to show; null shows nothing. Timing lives in `useStatusBanner`. */
  kind: StatusBannerKind | null;
  /** When given, the banner has a close button. */
  onDismiss?: () => void;
}

/** The success/error banner of the article detail screen after a publish or draft conversion. */
export function StatusBanner({ kind, onDismiss }: StatusBannerProps) {
  if (kind === null) return null;
  const success = isSuccessBanner(kind);
  return (
    <Alert.Root status={success ? 'success' : 'error'} role={success ? 'status' : 'alert'} alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{messages[kind]}</Alert.Title>
      </Alert.Content>
      {onDismiss && (
        <CloseButton size="sm" aria-label={texts.article.dismissBanner} onClick={onDismiss} />
      )}
    </Alert.Root>
  );
}
