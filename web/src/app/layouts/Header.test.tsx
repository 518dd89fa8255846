import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavContext, type NavApi } from '../nav-context';
import { Header } from './Header';

function renderHeader(overrides: Partial<NavApi> = {}) {
  const nav: NavApi = { pathname: '/', navigate: vi.fn(), isAuthenticated: false, ...overrides };
  const view = render(
    <NavContext.Provider value={nav}>
      <Header />
    </NavContext.Provider>,
  );
  return { nav, ...view };
}

describe('header mobile menu', () => {
  it('opens as a dialog, moves focus inside and keeps it there', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Main menu' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 30; i++) await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on route change', async () => {
    const user = userEvent.setup();
    const { rerender, nav } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(
      <NavContext.Provider value={{ ...nav, pathname: '/about' }}>
        <Header />
      </NavContext.Provider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the three category groups and Log in / Sign up for visitors', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Show services' }));
    for (const label of [
      'Property & Assets Tax Refunds',
      'Property & Estate Tax Savings',
      'Innovation & Investments Tax Relief',
    ]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
  });

  it('navigates inside the app when a link is clicked', async () => {
    const user = userEvent.setup();
    const { nav } = renderHeader();
    await user.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    expect(nav.navigate).toHaveBeenCalledWith('/about');
  });
});
