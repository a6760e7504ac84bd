import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { Loading } from '../components/Status';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, the page (lazy, with a loading message while its chunk arrives) and the footer. */
export function SiteLayout() {
  const { pathname, search } = useLocation();
  // Braces matter: scrollTo returns a Promise in recent Chromium, and an effect must not return one.
  const id = new URLSearchParams(search).get('id');
  useEffect(() => { window.scrollTo(0, 0); }, [pathname, id]);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <main style={{ flex: 1 }}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<div className="site-container" style={{ padding: '2rem 1.5rem' }}><Loading what="页面" /></div>}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
