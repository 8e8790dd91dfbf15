import { IconButton } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface CopyButtonProps {
  text: string;
  /** The accessible name before copying, e.g. texts.article.copy('Scraped URL'). */
  label: string;
}

export interface CopyIconButtonProps {
  /** The accessible name before copying. */
  label: string;
  /** Just copied: a check mark, named 'Copied'. */
  copied: boolean;
  onCopy: () => void;
}

/** How a copy button looks, before and just after a copy. */
export function CopyIconButton({ label, copied, onCopy }: CopyIconButtonProps) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={copied ? texts.article.copied : label}
      onClick={() => onCopy()}
      color={copied ? 'status.ok' : undefined}
    >
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}

/** An icon button that copies `text` and shows a check mark (named 'Copied') for 2 s. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  return <CopyIconButton label={label} copied={copied} onCopy={() => void copy(text)} />;
}
