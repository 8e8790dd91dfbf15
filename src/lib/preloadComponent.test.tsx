// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadComponent } from './preloadComponent';

const Real = ({ name }: { name: string }) => <p>real {name}</p>;
const Stand = ({ name }: { name: string }) => <p>fallback {name}</p>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('preloadComponent', () => {
  it('starts loading at once and renders the component without a fallback once it is here', async () => {
    let calls = 0;
    const Loaded = preloadComponent(() => {
      calls += 1;
      return Promise.resolve(Real);
    }, Stand);
    expect(calls).toBe(1);
    await Promise.resolve();
    render(<Loaded name="a" />);
    expect(screen.getByText('real a')).toBeTruthy();
    expect(screen.queryByText('fallback a')).toBeNull();
  });

  it('renders the fallback with the same props until the chunk arrives', async () => {
    const chunk = deferred<typeof Real>();
    const Loaded = preloadComponent(() => chunk.promise, Stand);
    render(<Loaded name="b" />);
    expect(screen.getByText('fallback b')).toBeTruthy();
    chunk.resolve(Real);
    expect(await screen.findByText('real b')).toBeTruthy();
  });

  it('keeps the fallback when the chunk cannot be loaded', async () => {
    const chunk = deferred<typeof Real>();
    const Loaded = preloadComponent(() => chunk.promise, Stand);
    render(<Loaded name="c" />);
    chunk.reject(new Error('offline'));
    await chunk.promise.catch(() => {});
    await Promise.resolve();
    expect(screen.getByText('fallback c')).toBeTruthy();
  });
});
