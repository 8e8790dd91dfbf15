// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../theme';
import { isChunkLoadError, reloadOnceForChunk, ScreenErrorBoundary } from './router';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function Broken({ error }: { error: Error }): never {
  throw error;
}

describe('screen error boundary', () => {
  it('says what failed and offers Reload, in place of the screen only', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ChakraProvider value={system}>
        <nav>Sidebar</nav>
        <ScreenErrorBoundary pathname="/articles">
          <Broken error={new Error('Cannot read properties of undefined')} />
        </ScreenErrorBoundary>
      </ChakraProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be shown');
    expect(screen.getByRole('alert').textContent).toContain('Cannot read properties of undefined');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('Sidebar')).toBeTruthy();
  });

  it('recognises a chunk that failed to load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once for a missing chunk, not again within a minute', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(1_000_000, reload)).toBe(true);
    expect(reloadOnceForChunk(1_030_000, reload)).toBe(false);
    expect(reloadOnceForChunk(1_070_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
