import './styles/base.css'; // first: the pages' own CSS modules come after it and win over its utilities
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteApp } from './App';
import { applyDisplayModes } from './lib/display-modes';

applyDisplayModes();

createRoot(document.getElementById('root')!).render(<StrictMode><SiteApp /></StrictMode>);
