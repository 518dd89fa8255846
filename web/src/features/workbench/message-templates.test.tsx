// Issue 30 §3: staff list and edit the message templates; merge fields previewed; a save is a new
// version (base_version sent) and a save over a newer version (409) is explained in words.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRoutes } from '../portal/routes';
import { adminUser, renderWithPortal, stubFetch } from '../../test/portal-test-utils';
import { conflictText, previewOf } from './pages/MessageTemplatesPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields = [
  { name: 'client_name', description: 'The client’s name' },
  { name: 'claim_reference', description: 'The claim’s reference' },
];

const template = (version: number, body: string) => ({
  key: 'claim_update',
  name: 'Claim update',
  version,
  subject: 'An update on {{claim_reference}}',
  body,
  fields: ['client_name', 'claim_reference'],
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'Sam Staff',
});

describe('previewOf', () => {
  it('shows each merge field as what it stands for and flags an unknown one', () => {
    expect(previewOf('Dear {{ client_name }}, {{nope}}', fields)).toBe(
      'Dear [The client’s name], [unknown merge field nope]',
    );
  });
});

describe('message templates page', () => {
  it('is in the staff navigation; edits a template with a preview; a save is the next version', async () => {
    const fetch = stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/message-templates/': { body: [template(2, 'Dear {{client_name}}')] },
      'GET /api/message-templates/merge-fields/': { body: fields },
      'PUT /api/message-templates/claim_update/': { body: template(3, 'Hello {{client_name}}') },
    });
    renderWithPortal('/portal/message-templates', adminUser(), portalRoutes);
    expect(await screen.findByRole('heading', { name: 'Message templates' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message Templates' })).toHaveAttribute(
      'href',
      '/portal/message-templates',
    );
    expect(await screen.findByText(/Version 2, saved by Sam Staff/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Claim update' }));
    const editor = await screen.findByRole('form', { name: 'Edit Claim update' });
    const preview = within(editor).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('An update on [The claim’s reference]')).toBeInTheDocument();
    expect(within(editor).getByText('{{client_name}}')).toBeInTheDocument();
    const body = within(editor).getByLabelText(/Message/);
    await user.clear(body);
    await user.type(body, 'Hello {{{{client_name}}');
    expect(within(preview).getByText('Hello [The client’s name]')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Claim update',
        subject: 'An update on {{claim_reference}}',
        body: 'Hello {{client_name}}',
        base_version: 2,
      }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Claim update: editing version 3' }),
    ).toBeInTheDocument();
  });

  it('a save over a newer version (409) is explained in words and nothing is lost', async () => {
    stubFetch({
      'GET /api/messages/unread-count/': { body: { unread: 0 } },
      'GET /api/message-templates/': { body: [template(2, 'Dear {{client_name}}')] },
      'GET /api/message-templates/merge-fields/': { body: fields },
      'PUT /api/message-templates/claim_update/': {
        status: 409,
        body: { statusCode: 409, message: 'This template was saved as version 3 since you opened it' },
      },
    });
    renderWithPortal('/portal/message-templates', adminUser(), portalRoutes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Claim update' }));
    const editor = await screen.findByRole('form', { name: 'Edit Claim update' });
    const body = within(editor).getByLabelText(/Message/);
    await user.type(body, ' and more');
    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByText(conflictText('Claim update'))).toBeInTheDocument();
    expect(body).toHaveValue('Dear {{client_name}} and more');
  });
});
