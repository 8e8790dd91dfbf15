import { Card, HStack, Icon, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuFiles, LuFileText, LuHardDrive, LuImage } from 'react-icons/lu';
import { formatBytes } from '../../lib/format';
import { texts } from '../../lib/texts';

export interface FileSummaryFigures {
  /** Total number of files (the list response's `total`). */
  total: number;
  images: number;
  pdfs: number;
  /** Sum of the file sizes, shown human-readable. */
  totalBytes: number;
}

export interface FileSummaryCardsProps {
  summary?: FileSummaryFigures;
  isLoading?: boolean;
}

interface CardSpec {
  label: string;
  icon: IconType;
  color: string;
  value: (s: FileSummaryFigures) => string;
}

const CARDS: CardSpec[] = [
  { label: texts.files.totalFiles, icon: LuFiles, color: 'fg.muted', value: (s) => String(s.total) },
  { label: texts.files.images, icon: LuImage, color: 'icon.image', value: (s) => String(s.images) },
  { label: texts.files.pdfs, icon: LuFileText, color: 'icon.pdf', value: (s) => String(s.pdfs) },
  { label: texts.files.storageUsed, icon: LuHardDrive, color: 'fg.muted', value: (s) => formatBytes(s.totalBytes) },
];

/** Total Files, Images, PDFs and Storage Used; skeletons while the figures load. */
export function FileSummaryCards({ summary, isLoading = false }: FileSummaryCardsProps) {
  const loading = isLoading || !summary;
  return (
    <SimpleGrid
      columns={{ base: 2, lg: 4 }}
      gap="4"
      aria-busy={loading || undefined}
      aria-label={loading ? texts.files.loadingSummary : undefined}
      role={loading ? 'group' : undefined}
    >
      {CARDS.map((card) => (
        <Card.Root key={card.label} size="sm" bg="bg.card">
          <Card.Body>
            <HStack justify="space-between" align="flex-start">
              <Stat.Root>
                <Stat.Label>{card.label}</Stat.Label>
                <Stat.ValueText>
                  {loading ? <Skeleton height="8" width="20" data-testid="summary-skeleton" /> : card.value(summary)}
                </Stat.ValueText>
              </Stat.Root>
              <Icon as={card.icon} color={card.color} boxSize="4" aria-hidden />
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
