// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../theme';
import { SelectCheckbox } from './SelectCheckbox';

afterEach(cleanup);

describe('SelectCheckbox', () => {
  it('is named by its label, which shows only when asked', () => {
    render(
      <ChakraProvider value={system}>
        <SelectCheckbox label="Select Tomatoes in pots" checked={false} onToggle={vi.fn()} />
        <SelectCheckbox label="Select all on this page" showLabel checked={false} onToggle={vi.fn()} />
      </ChakraProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Tomatoes in pots' })).toBeTruthy();
    expect(screen.queryByText('Select Tomatoes in pots')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeTruthy();
    expect(screen.getByText('Select all on this page')).toBeTruthy();
  });

  it('is mixed for screen readers when it first shows mixed, and after', () => {
    const onToggle = vi.fn();
    const { rerender } = render(
      <ChakraProvider value={system}>
        <SelectCheckbox label="Select all on this page" checked="indeterminate" onToggle={onToggle} />
      </ChakraProvider>,
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all on this page' });
    expect(box.indeterminate).toBe(true);
    rerender(
      <ChakraProvider value={system}>
        <SelectCheckbox label="Select all on this page" checked={true} onToggle={onToggle} />
      </ChakraProvider>,
    );
    expect(box.indeterminate).toBe(false);
    expect(box.checked).toBe(true);
  });
});
