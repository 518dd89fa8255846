import { Suspense, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';
import { PageSpinner } from '../components/Spinner';
import { ProtectedRoute } from '../features/auth/ProtectedRoute';
import { portalRoutes } from '../features/portal/routes';
import { assessmentRoutes } from '../features/assessment/routes';
import { GuestProgressSync } from '../features/assessment/GuestProgressSync';
import { PAGE_CHUNKS } from './page-chunks';
import { RootShell } from './layouts/RootShell';
import { RouteError } from './layouts/RouteError';
import { PublicLayout } from './layouts/PublicLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { HomePage } from '../features/public/pages/HomePage';
import SignupPage from '../features/auth/pages/SignupPage';
import LoginPage from '../features/auth/pages/LoginPage';
import ServicesPage from '../features/public/pages/ServicesPage';
import PasswordResetConfirmPage from '../features/auth/pages/PasswordResetConfirmPage';
import AcceptInvitePage from '../features/auth/pages/AcceptInvitePage';
import PasswordResetPage from '../features/auth/pages/PasswordResetPage';

// Home, the services listing and the auth pages come with the app chunk (the most visited
// first pages); every other page is its own lazy chunk (page-chunks.ts).
const AboutPage = lazyWithTimeout(PAGE_CHUNKS.about);
const ContactPage = lazyWithTimeout(PAGE_CHUNKS.contact);
const NewsListPage = lazyWithTimeout(PAGE_CHUNKS.newsList);
const NewsArticlePage = lazyWithTimeout(PAGE_CHUNKS.newsArticle);
const ServiceRoute = lazyWithTimeout(PAGE_CHUNKS.service);
const LegalPage = lazyWithTimeout(PAGE_CHUNKS.legal);
const SitemapPage = lazyWithTimeout(PAGE_CHUNKS.sitemap);
const EligibilityCheckerPage = lazyWithTimeout(PAGE_CHUNKS.eligibilityChecker);
const UndoEmailChangePage = lazyWithTimeout(PAGE_CHUNKS.undoEmailChange);
const LoginLinkPage = lazyWithTimeout(PAGE_CHUNKS.loginLink);
const UnauthorizedPage = lazyWithTimeout(PAGE_CHUNKS.unauthorized);
const NotFoundPage = lazyWithTimeout(PAGE_CHUNKS.notFound);

function page(node: ReactNode): ReactNode {
  return <Suspense fallback={<PageSpinner />}>{node}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <RootShell />
        <GuestProgressSync />
      </>
    ),
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: page(<AboutPage />) },
          { path: 'contact', element: page(<ContactPage />) },
          { path: 'news', element: page(<NewsListPage />) },
          { path: 'news/:slug', element: page(<NewsArticlePage />) },
          { path: 'services', element: page(<ServicesPage />) },
          { path: 'servicesoverview', element: <Navigate to="/services" replace /> },
          // Service pages (and the employee-share-schemes placeholder), their served-at paths and
          // every redirect of site spec section 2, from definitions/site.
          { path: 'services/:slug', element: page(<ServiceRoute />) },
          { path: 'terms', element: page(<LegalPage kind="terms" />) },
          { path: 'terms-of-service', element: page(<LegalPage kind="terms" />) },
          { path: 'privacy-policy', element: page(<LegalPage kind="privacy" />) },
          { path: 'cookies-policy', element: page(<LegalPage kind="cookies" />) },
          { path: 'sitemap', element: page(<SitemapPage />) },
          { path: 'eligibility-checker', element: page(<EligibilityCheckerPage />) },
          { path: 'unauthorized', element: page(<UnauthorizedPage />) },
          {
            element: <AuthLayout />,
            children: [
              { path: 'login', element: page(<LoginPage />) },
              { path: 'signup', element: page(<SignupPage />) },
              { path: 'password-reset', element: page(<PasswordResetPage />) },
              { path: 'password-reset-confirm/:uid/:token', element: page(<PasswordResetConfirmPage />) },
              { path: 'account/undo-email', element: page(<UndoEmailChangePage />) },
              { path: 'login-link/:uid/:token', element: page(<LoginLinkPage />) },
              { path: 'accept-invite/:uid/:token', element: page(<AcceptInvitePage />) },
            ],
          },
          // /assessment/{service}/{assessmentId?}, /assessment/{assessmentId}, /assessment/{assessmentId}/results
          ...assessmentRoutes,
          { path: '*', element: page(<NotFoundPage />) },
        ],
      },
      {
        path: 'portal',
        element: <ProtectedRoute />,
        children: portalRoutes,
      },
    ],
  },
];

/**
 * Created when the app mounts, not when this module is imported: the light first-page shell
 * (main.tsx) imports the app, then sets the address of the link the visitor clicked, then
 * mounts. A router created at import time would read the old address (`/`) and keep showing Home.
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(routes);
}
