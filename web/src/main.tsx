import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import './index.css';
import { store } from './app/store';
import { router } from './app/router';
import { setNavigator } from './lib/navigation';
import { SessionManager } from './features/auth/SessionManager';
import { Toasts } from './components/Toasts';

setNavigator((to, options) => {
  void router.navigate(to, options);
});

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <SessionManager />
      <RouterProvider router={router} />
      <Toasts />
    </Provider>
  </StrictMode>,
);
