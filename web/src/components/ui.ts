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

// Tables whose rows carry actions become stacked cards on phones, each cell labelled from its
// data-label, so the buttons are never hidden off to the side of a scroll box.
export const stackTable = 'max-sm:block';
export const stackHead = 'max-sm:hidden';
export const stackBody = 'max-sm:block';
export const stackRow = 'max-sm:block max-sm:border-b max-sm:border-ink-100 max-sm:px-4 max-sm:py-3';
export const stackCell =
  'max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:whitespace-normal max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:text-ink-500 max-sm:before:content-[attr(data-label)]';
export const stackActions = 'max-sm:block max-sm:border-0 max-sm:px-0 max-sm:pt-2 max-sm:pb-0';
