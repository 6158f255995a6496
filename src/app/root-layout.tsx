// The root route of every page, public or admin (docs/architecture.md#routing): the matched page,
// React Router's scroll restoration (a new page opens at its top, Back and Forward return to where
// the page was left) and the pending bar shown while a navigation waits for code or data.
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { appFrame } from '@/lib/messages/app-frame.ts';

/**
 * A thin bar at the top of the window while a navigation is loading its page's chunk or data: the
 * click is seen to be acted on while the current page stays on screen. Announced politely to screen
 * readers; the bar itself fades in after 100 ms (styles.css) so an instant navigation does not flash it.
 */
export function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={appFrame.navigating}
      aria-busy="true"
      data-testid="navigation-pending"
      className="pending-bar fixed inset-x-0 top-0 z-[100] h-1 overflow-hidden bg-teal-100"
    >
      <div className="pending-bar-fill h-full w-1/3 bg-teal-600" />
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <PendingBar />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
