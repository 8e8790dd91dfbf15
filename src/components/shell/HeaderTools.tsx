import { lazy, Suspense } from 'react';
import { ColorModeToggle } from './ColorModeToggle';

// The bell's container (its reads and writes, src/routes): asked for from this chunk, after the
// shell, so that the first screen's JavaScript (its budget spent) carries none of it.
const NotificationBellSection = lazy(() => import('../../routes/NotificationBellSection'));

/** The top bar's end: the light/dark switch, and the bell. */
export default function HeaderTools() {
  return (
    <>
      <ColorModeToggle />
      <Suspense fallback={null}>
        <NotificationBellSection />
      </Suspense>
    </>
  );
}
