import { Progress } from '@chakra-ui/react';
import { progressSlotRecipe } from '@chakra-ui/react/theme';

export interface StorageBarProps {
  /** Used storage, 0–100, rounded. */
  percent: number;
  nearlyFull: boolean;
  /** The id of the text that names the bar ('Storage 42% Used'). */
  labelledBy: string;
}

/**
 * The storage bar of System Status. Its own chunk: Ark's progress machine costs ~6 KB gzip and
 * the bar shows only once GET /api/health has answered (SystemStatus loads it meanwhile).
 */
export function StorageBar({ percent, nearlyFull, labelledBy }: StorageBarProps) {
  return (
    // Its recipe comes with its chunk: the first screens' theme system leaves it out (src/theme).
    <Progress.Root recipe={progressSlotRecipe} value={percent} size="xs" mt="1.5" colorPalette={nearlyFull ? 'orange' : 'blue'}>
      <Progress.Track aria-labelledby={labelledBy}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
