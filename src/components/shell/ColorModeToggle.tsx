import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from '../../lib/useColorMode';
import { colorModeTexts } from '../../lib/texts-color-mode';

/**
 * Switches between light and dark; until then the console follows the system setting. The
 * mode itself is set before the first render (src/app/main.tsx): this button can come later.
 */
export function ColorModeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label={colorMode === 'dark' ? colorModeTexts.toLight : colorModeTexts.toDark}
      variant="ghost"
      size="sm"
      ml="auto"
      onClick={toggleColorMode}
    >
      {colorMode === 'dark' ? <LuSun aria-hidden focusable="false" /> : <LuMoon aria-hidden focusable="false" />}
    </IconButton>
  );
}
