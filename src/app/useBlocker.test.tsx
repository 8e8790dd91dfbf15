// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBlocker } from './useBlocker';

// What the browser would do with each click: follow the link unless its default was prevented
// (by the hook, or by react-router's Link). Recorded last, then prevented: jsdom cannot navigate.
let followed: string[] = [];
const browser = (event: MouseEvent) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link && !event.defaultPrevented) followed.push(link.textContent ?? '');
  event.preventDefault();
};
beforeEach(() => {
  followed = [];
  window.addEventListener('click', browser);
});
afterEach(() => {
  window.removeEventListener('click', browser);
  cleanup();
});

/** A page that holds navigations while `when`, with links, a programmatic navigation and the held state. */
function Page({ when }: { when: boolean }) {
  const blocker = useBlocker(when);
  const navigate = useNavigate();
  return (
    <div>
      <Link to="/articles">Articles</Link>
      <Link to="/articles/a1?tab=raw">Same page</Link>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <Link to="/file-manager" target="_blank">
        New tab
      </Link>
      <button type="button" onClick={() => navigate('/articles')}>
        Deleted
      </button>
      <output aria-label="state">{blocker.state}</output>
      <button type="button" onClick={() => blocker.proceed?.()}>
        Leave
      </button>
      <button type="button" onClick={() => blocker.reset?.()}>
        Stay
      </button>
    </div>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="at">{pathname + search}</output>;
}

function App({ initial = true }: { initial?: boolean }) {
  const [when, setWhen] = useState(initial);
  return (
    <>
      <Where />
      <Page when={when} />
      <button type="button" onClick={() => setWhen((w) => !w)}>
        Toggle
      </button>
    </>
  );
}

const at = () => screen.getByRole('status', { name: 'at' }).textContent;
const state = () => screen.getByRole('status', { name: 'state' }).textContent;
const click = (name: string) => fireEvent.click(screen.getByRole('link', { name }));

function inMemory(initial = true) {
  render(
    <MemoryRouter initialEntries={['/articles/a1']}>
      <App initial={initial} />
    </MemoryRouter>,
  );
}

describe('useBlocker: links', () => {
  it('holds a click on a link to another page; Stay stays, Leave goes there', async () => {
    inMemory();
    click('Articles');
    expect(state()).toBe('blocked');
    expect(at()).toBe('/articles/a1');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(state()).toBe('unblocked');
    expect(at()).toBe('/articles/a1');
    click('Articles');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(at()).toBe('/articles'));
  });

  it('lets through what does not leave the page or the tab: the same path, a new tab, a modified click, another site', () => {
    inMemory();
    click('Same page');
    expect(at()).toBe('/articles/a1?tab=raw');
    // The browser opens these (a new tab or window, another site: beforeunload asks for that one).
    click('New tab');
    fireEvent.click(screen.getByRole('link', { name: 'Articles' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Articles' }), { shiftKey: true });
    click('Elsewhere');
    expect(followed).toEqual(['New tab', 'Articles', 'Articles', 'Elsewhere']);
    expect(state()).toBe('unblocked');
  });

  it("holds nothing while there is nothing to hold, and not the page's own navigations", async () => {
    inMemory(false);
    click('Articles');
    await waitFor(() => expect(at()).toBe('/articles'));
    cleanup();
    inMemory(true);
    fireEvent.click(screen.getByRole('button', { name: 'Deleted' }));
    await waitFor(() => expect(at()).toBe('/articles'));
    expect(state()).toBe('unblocked');
  });

  it('drops a held navigation when there is nothing to hold any more (saved meanwhile)', () => {
    inMemory();
    click('Articles');
    expect(state()).toBe('blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(state()).toBe('unblocked');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    // Not held again by itself.
    expect(state()).toBe('unblocked');
    expect(at()).toBe('/articles/a1');
  });
});

describe('useBlocker: back and forward (Navigation API)', () => {
  /** The browser's Navigation API, as far as the hook uses it. */
  function stubNavigation() {
    const navigation = Object.assign(new EventTarget(), { traverseTo: vi.fn(() => ({ committed: Promise.resolve(), finished: Promise.resolve() })) });
    vi.stubGlobal('navigation', navigation);
    /** A back or forward to `path` (entry `key`): whether the page cancelled it. */
    const traverse = (path: string, key: string, cancelable = true) => {
      const event = Object.assign(new Event('navigate', { cancelable }), {
        navigationType: 'traverse',
        destination: { url: new URL(path, window.location.href).href, key },
      });
      act(() => void navigation.dispatchEvent(event));
      return event.defaultPrevented;
    };
    return { navigation, traverse };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('cancels a traversal to another page before it happens; Stay stays, Leave traverses to that entry', () => {
    const { navigation, traverse } = stubNavigation();
    inMemory();
    expect(traverse('/articles', 'entry-1')).toBe(true);
    expect(state()).toBe('blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(state()).toBe('unblocked');
    expect(navigation.traverseTo).not.toHaveBeenCalled();

    expect(traverse('/articles', 'entry-1')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(navigation.traverseTo).toHaveBeenCalledWith('entry-1');
    // The traversal Leave makes goes through.
    expect(traverse('/articles', 'entry-1')).toBe(false);
    expect(state()).toBe('unblocked');
  });

  it('lets through a traversal within the page, one the browser does not let the page cancel, and any while nothing is unsaved', () => {
    const { traverse } = stubNavigation();
    inMemory();
    expect(traverse('/articles/a1#comments', 'entry-2')).toBe(false);
    expect(traverse('/articles', 'entry-1', false)).toBe(false);
    expect(state()).toBe('unblocked');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(traverse('/articles', 'entry-1')).toBe(false);
  });

  it('without the Navigation API, links are still held', () => {
    expect('navigation' in window).toBe(false);
    inMemory();
    click('Articles');
    expect(state()).toBe('blocked');
  });
});
