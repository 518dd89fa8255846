// Portal controls use the site's design-system classes (web/src/index.css) so the portal and
// the public site look like one product; every control keeps a visible focus ring.
const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export const buttonPrimary = 'btn btn-primary';
export const buttonSecondary = 'btn btn-secondary';
export const buttonDanger = 'btn btn-danger';
export const linkClass = `font-medium text-brand-700 underline-offset-2 hover:underline rounded-sm ${focus}`;
export const inputClass = 'input';
export const labelClass = 'label mb-1.5 block';
export const cardClass = 'card p-4 sm:p-6';
// relative: screen-reader-only cells are absolutely positioned; without it they escape the
// horizontal scroll box and widen the page on phones.
export const tableWrapClass = 'table-wrap relative bg-white';
export const tableClass = 'table';
export const thClass = 'whitespace-nowrap';
export const tdClass = '';
export { focus as focusRing };
