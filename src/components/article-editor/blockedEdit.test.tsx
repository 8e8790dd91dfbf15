// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedEditHandlers } from './blockedEdit';

function setup(multiline = false) {
  const onBlockedEdit = vi.fn();
  render(
    <div {...blockedEditHandlers(onBlockedEdit, { multiline })}>
      <input aria-label="Slug" readOnly defaultValue="saved" />
    </div>,
  );
  return { onBlockedEdit, input: screen.getByLabelText('Slug') };
}

describe('blockedEditHandlers', () => {
  afterEach(cleanup);

  it('reports a typed character and stops it', () => {
    const { onBlockedEdit, input } = setup();
    const notCancelled = fireEvent.keyDown(input, { key: 'x' });
    expect(notCancelled).toBe(false);
    expect(onBlockedEdit).toHaveBeenCalledTimes(1);
  });

  it('reports paste, cut and drop', () => {
    const { onBlockedEdit, input } = setup();
    fireEvent.paste(input);
    fireEvent.cut(input);
    fireEvent.drop(input);
    expect(onBlockedEdit).toHaveBeenCalledTimes(3);
  });

  it('lets navigation and copying through', () => {
    const { onBlockedEdit, input } = setup();
    expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'ArrowRight' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'c', ctrlKey: true })).toBe(true);
    fireEvent.copy(input);
    expect(onBlockedEdit).not.toHaveBeenCalled();
  });

  it('reports Enter only for a multi-line editor', () => {
    const single = setup();
    fireEvent.keyDown(single.input, { key: 'Enter' });
    expect(single.onBlockedEdit).not.toHaveBeenCalled();
  });

  it('reports Enter in a multi-line editor', () => {
    const multi = setup(true);
    fireEvent.keyDown(multi.input, { key: 'Enter' });
    expect(multi.onBlockedEdit).toHaveBeenCalledTimes(1);
  });
});
