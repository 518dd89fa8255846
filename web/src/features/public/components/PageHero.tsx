import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/PageContainer';

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The top band of a public page with its h1. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <section className="border-b border-ink-100 bg-gradient-to-b from-brand-50 to-white">
      <PageContainer className="py-12 sm:py-16">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl">{title}</h1>
        {lead ? <div className="mt-4 max-w-3xl text-lg leading-8 text-ink-600">{lead}</div> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </PageContainer>
    </section>
  );
}
