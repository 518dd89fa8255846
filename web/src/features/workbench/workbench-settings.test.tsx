// Workbench settings (SLA targets, assignment by service): staff may read them; only an
// administrator may change them (the API answers 403 to anyone else), so staff get no live controls.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from '../portal/routes';
import { adminUser, renderWithPortal, stubFetch } from '../../test/portal-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubSettings() {
  stubFetch({
    'GET /api/messages/unread-count/': { body: { unread: 0 } },
    'GET /api/workbench/sla-targets/': { body: { targets: [{ status: 'SUBMITTED', working_days: 2 }] } },
    'GET /api/workbench/service-staff/': {
      body: { results: [{ service_type: 'sdlt_refund', service_name: 'SDLT Refunds', staff: [] }] },
    },
    'GET /api/workbench/staff/': { body: { results: [{ id: 's1', name: 'Sam Staff' }] } },
  });
}

describe('workbench settings', () => {
  it('an administrator can change them', async () => {
    stubSettings();
    renderWithPortal('/portal/workbench-settings', adminUser(), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Workbench settings' })).toBeInTheDocument();
    expect(screen.queryByText('Only an administrator can change these settings.')).toBeNull();
    for (const button of await screen.findAllByRole('button', { name: /^Save/ }))
      expect(button).toBeEnabled();
  });

  it('staff read them with every control disabled', async () => {
    stubSettings();
    renderWithPortal('/portal/workbench-settings', adminUser({ role: 'STAFF' }), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Workbench settings' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Only an administrator can change these settings.');
    const buttons = await screen.findAllByRole('button', { name: /^Save/ });
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toBeDisabled();
  });
});
