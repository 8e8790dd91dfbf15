// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFileDrop } from './useFileDrop';

function Target({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { isDragging, handlers } = useFileDrop(onFiles);
  return (
    <div data-testid="zone" data-dragging={isDragging ? 'true' : 'false'} {...handlers}>
      <span data-testid="child">child</span>
    </div>
  );
}

const withFiles = (files: File[] = []) => ({ dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
const textOnly = { dataTransfer: { types: ['text/plain'], files: [], dropEffect: 'none' } };

describe('useFileDrop', () => {
  // vitest runs without globals, so testing-library cannot clean up on its own.
  afterEach(cleanup);

  it('highlights while files hover, also when crossing a child', () => {
    render(<Target onFiles={vi.fn()} />);
    const zone = screen.getByTestId('zone');
    const child = screen.getByTestId('child');

    fireEvent.dragEnter(zone, withFiles());
    expect(zone.dataset.dragging).toBe('true');
    // Entering the child fires enter on it before leave on the zone.
    fireEvent.dragEnter(child, withFiles());
    fireEvent.dragLeave(zone, withFiles());
    expect(zone.dataset.dragging).toBe('true');
    fireEvent.dragLeave(child, withFiles());
    expect(zone.dataset.dragging).toBe('false');
  });

  it('ignores drags that carry no files', () => {
    render(<Target onFiles={vi.fn()} />);
    const zone = screen.getByTestId('zone');
    fireEvent.dragEnter(zone, textOnly);
    fireEvent.dragOver(zone, textOnly);
    expect(zone.dataset.dragging).toBe('false');
  });

  it('accepts the drop (preventDefault) and hands over every dropped file', () => {
    const onFiles = vi.fn();
    render(<Target onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');
    const a = new File(['a'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });

    fireEvent.dragEnter(zone, withFiles([a, b]));
    const overAccepted = !fireEvent.dragOver(zone, withFiles([a, b]));
    expect(overAccepted).toBe(true);
    fireEvent.drop(zone, withFiles([a, b]));

    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles).toHaveBeenCalledWith([a, b]);
    expect(zone.dataset.dragging).toBe('false');
  });

  it('does not call onFiles for an empty drop', () => {
    const onFiles = vi.fn();
    render(<Target onFiles={onFiles} />);
    fireEvent.drop(screen.getByTestId('zone'), withFiles([]));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
