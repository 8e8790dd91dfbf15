import { Button } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { StateNotice } from './StateNotice';

export interface ErrorStateProps {
  title: string;
  /** What failed, in the server's words (or the list's fallback). */
  message: string;
  onRetry: () => void;
}

/** A list that could not be loaded: what failed, and Try Again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  return (
    <StateNotice role="alert" indicatorColor="status.down" icon={<LuCircleAlert />} title={title} body={message}>
      <Button onClick={onRetry}>{texts.articles.tryAgain}</Button>
    </StateNotice>
  );
}
