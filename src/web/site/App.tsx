import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { WEB_BASE } from '../app/config';
import { SiteLayout } from './layout/SiteLayout';
import { SiteInfoProvider } from './lib/site-info';

const Home = lazy(() => import('./pages/Home'));
const Match = lazy(() => import('./pages/Match'));
const News = lazy(() => import('./pages/News'));
const Experts = lazy(() => import('./pages/Experts'));
const Organisations = lazy(() => import('./pages/Organisations'));
const Projects = lazy(() => import('./pages/Projects'));
const History = lazy(() => import('./pages/History'));
const TradeUnion = lazy(() => import('./pages/TradeUnion'));
const RaceServices = lazy(() => import('./pages/RaceServices'));
const Science = lazy(() => import('./pages/Science'));
const GoodExamples = lazy(() => import('./pages/GoodExamples'));
const Detail = lazy(() => import('./pages/Detail'));
const NotFound = lazy(() => import('./pages/NotFound'));

/** The public contest site (SPEC §2 open routes), history mode under /2025/. */
export function SiteApp() {
  return (
    <BrowserRouter basename={WEB_BASE}>
      <SiteInfoProvider>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route index element={<Home />} />
            <Route path="web" element={<Home />} />
            <Route path="web/match" element={<Match />} />
            <Route path="web/news" element={<News />} />
            <Route path="web/aiExpert" element={<Experts />} />
            <Route path="web/organ" element={<Organisations />} />
            <Route path="web/project" element={<Projects />} />
            <Route path="web/history" element={<History />} />
            <Route path="web/tradeUnion" element={<TradeUnion />} />
            <Route path="web/raceServices" element={<RaceServices />} />
            <Route path="web/mmSci" element={<Science page="mmSci" />} />
            <Route path="web/zlSci" element={<Science page="zlSci" />} />
            <Route path="web/goodExample" element={<GoodExamples />} />
            <Route path="web/detail" element={<Detail />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </SiteInfoProvider>
    </BrowserRouter>
  );
}
