import { Badge, Icon, type IconProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuFile, LuFileText, LuImage } from 'react-icons/lu';
import type { FileType } from '../../contract';

const ICONS: Record<FileType, { icon: IconType; color: string }> = {
  pdf: { icon: LuFileText, color: 'icon.pdf' },
  image: { icon: LuImage, color: 'icon.image' },
  other: { icon: LuFile, color: 'icon.other' },
};

/** PDF, image or generic icon. Decorative: the type badge next to it says the same in words. */
export function FileTypeIcon({ type, ...props }: { type: FileType } & Omit<IconProps, 'as'>) {
  const { icon, color } = ICONS[type];
  return <Icon as={icon} color={color} aria-hidden data-file-icon={type} {...props} />;
}

const BADGE_PALETTE: Record<FileType, string> = { pdf: 'red', image: 'blue', other: 'gray' };

/** The file type in upper case: PDF, IMAGE, OTHER. */
export function FileTypeBadge({ type }: { type: FileType }) {
  return (
    <Badge colorPalette={BADGE_PALETTE[type]} variant="subtle" size="sm">
      {type.toUpperCase()}
    </Badge>
  );
}
