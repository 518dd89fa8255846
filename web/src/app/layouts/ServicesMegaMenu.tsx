import { useId } from 'react';
import { AppLink, useNav } from '../nav-context';
import { serviceGroups } from '../../features/public/service-catalogue';
import { useDropdown } from './use-dropdown';

const groups = serviceGroups();

/** Services link plus a three-group mega-menu (opens on hover, focus or the chevron button). */
export function ServicesMegaMenu({ linkClass }: { linkClass: (active: boolean) => string }) {
  const panelId = useId();
  const { pathname } = useNav();
  const { open, setOpen, wrapper, button } = useDropdown(pathname);

  return (
    <div ref={wrapper} className="relative flex items-center" onMouseLeave={() => setOpen(false)}>
      <AppLink
        to="/services"
        className={({ isActive }) => linkClass(isActive)}
        onMouseEnter={() => setOpen(true)}
      >
        Services
      </AppLink>
      <button
        ref={button}
        type="button"
        aria-label="Show services"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="-ml-1 rounded p-1 text-ink-500 hover:text-ink-900"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-1/2 z-50 w-[min(56rem,calc(100vw-2rem))] -translate-x-1/2 pt-3"
      >
        <div className="grid gap-6 rounded-xl border border-ink-200 bg-white p-6 shadow-xl md:grid-cols-3">
          {groups.map(({ category, pages }) => (
            <div key={category.id}>
              <p className="eyebrow mb-3">
                <AppLink
                  to={`/services#${category.id}`}
                  className="text-accent-700 no-underline hover:underline"
                >
                  {category.label}
                </AppLink>
              </p>
              <ul className="space-y-2">
                {pages.map((p) => (
                  <li key={p.id}>
                    <AppLink to={p.path} className="block rounded-md p-2 no-underline hover:bg-ink-50">
                      <span className="block text-sm font-semibold text-ink-900">{p.title}</span>
                      <span className="block text-xs text-ink-600">{p.summary}</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="border-t border-ink-100 pt-4 md:col-span-3">
            <AppLink to="/services" className="text-sm font-semibold">
              View all services →
            </AppLink>
            <span className="mx-3 text-ink-300" aria-hidden="true">
              |
            </span>
            <AppLink to="/eligibility-checker" className="text-sm font-semibold">
              Check your eligibility →
            </AppLink>
          </div>
        </div>
      </div>
    </div>
  );
}
