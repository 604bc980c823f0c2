import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserEngineFactory, createShardScopeStore, defaultViewParams, engineKindFor } from './state';
import { App } from './ui/App';
import './styles/app.css';

const prefersDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
const store = createShardScopeStore({
  view: defaultViewParams(prefersDark),
  engineFactory: browserEngineFactory,
  engineKind: engineKindFor,
});
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
// Start playing so the page is alive on first sight; Space pauses. Not for people who asked
// for less motion.
void store
  .getState()
  .start()
  .then(() => {
    if (!reducedMotion) store.getState().setPlaying(true);
  });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
