import type { ElementType, ReactNode } from 'react';

export interface PageContainerProps {
  children: ReactNode;
  /** Full width without the max-w-7xl cap. */
  fluid?: boolean;
  /** No horizontal padding. */
  disablePadding?: boolean;
  className?: string;
  as?: ElementType;
}

/** Full width, centred, max-w-7xl unless fluid, horizontal padding unless disabled. */
export function PageContainer({
  children,
  fluid = false,
  disablePadding = false,
  className = '',
  as,
}: PageContainerProps) {
  const Tag = as ?? 'div';
  const classes = [
    'mx-auto w-full',
    fluid ? '' : 'max-w-7xl',
    disablePadding ? '' : 'px-4 sm:px-6 lg:px-8',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return <Tag className={classes}>{children}</Tag>;
}
