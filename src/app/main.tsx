import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { loadAnswerSchemas } from '../api/client';
import { AppProviders, createQueryClient } from './providers';
import { preloadScreens, routes } from './router';
import { applyColorMode, currentColorMode } from '../lib/colorMode';
import { connectSessionExpiry } from './session';
import '../theme/fonts';

// The remembered colour mode, else the system's, before anything renders (until then the page
// is empty, its canvas following the system through <meta name="color-scheme">).
applyColorMode(currentColorMode());

const queryClient = createQueryClient();
preloadScreens(window.location.pathname);
// The answer schemas (zod) are not in the first screen's JavaScript: fetch them right after the
// screen's chunks, so they are here by the time the first answer is. A failure is retried by the
// first request (and said there).
loadAnswerSchemas().catch(() => {});

function App() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => connectSessionExpiry({ state: { location }, navigate }, queryClient), [location, navigate]);
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
