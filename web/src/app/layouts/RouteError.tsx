import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../../components/ErrorBoundary';
import { PageContainer } from '../../components/PageContainer';

/** Router-level fallback: errors thrown outside a layout's own boundary land here. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return (
    <main className="py-16">
      <PageContainer>
        <ErrorScreen component="the application" error={message} errorCount={1} />
      </PageContainer>
    </main>
  );
}
