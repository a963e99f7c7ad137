import './lib/configure-zod';
// The message catalogue is ready before the first render.
import './lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers, queryClient } from './providers';
import { prefetchSession } from './lib/use-session';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

prefetchSession(queryClient);
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page, so a tap during start-up is answered at once.
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  );
});
