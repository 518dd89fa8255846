import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import type { FullService } from '../../../lib/site-types';
import { PageHero } from '../components/PageHero';
import { assessmentPathFor, serviceGroups } from '../service-catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { prefetchAssessment } from '../../assessment/prefetch';

export function ServicePage({ service }: { service: FullService }) {
  const group = serviceGroups().find((g) => g.category.id === service.category);
  const related = group?.pages.filter((p) => p.id !== service.id) ?? [];
  const content = service.content;

  const assessmentPath = assessmentPathFor(service);
  // A visitor reading a service page is the likeliest to start its questionnaire.
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (assessmentPath) prefetchAssessment(dispatch, assessmentPath);
  }, [assessmentPath, dispatch]);
  const cta = assessmentPath ? (
    <Link to={assessmentPath} className="btn btn-accent btn-lg">
      Check your eligibility
    </Link>
  ) : (
    <Link to="/contact" className="btn btn-accent btn-lg">
      Talk to a specialist
    </Link>
  );

  return (
    <>
      <PageHero eyebrow={group?.category.label ?? 'Service'} title={service.title} lead={service.description}>
        <div className="flex flex-wrap gap-3">
          {cta}
          <Link to="/contact" className="btn btn-secondary btn-lg">
            Ask a question
          </Link>
        </div>
      </PageHero>
      <PageContainer className="py-14">
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="space-y-12 lg:col-span-2">
            {content?.summary ? <p className="text-lg leading-8 text-ink-700">{content.summary}</p> : null}
            {content && content.whoItIsFor.length > 0 ? (
              <section aria-labelledby="who-for">
                <h2 id="who-for">Who it is for</h2>
                <ul className="mt-4 space-y-3">
                  {content.whoItIsFor.map((item) => (
                    <li key={item} className="flex gap-3 leading-7 text-ink-700">
                      <span
                        aria-hidden="true"
                        className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-accent-500"
                      />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {content && content.howItWorks.length > 0 ? (
              <section aria-labelledby="how-it-works">
                <h2 id="how-it-works">How it works</h2>
                <ol className="mt-4 space-y-5">
                  {content.howItWorks.map((step, i) => (
                    <li key={step.title} className="flex gap-4">
                      <span
                        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                        aria-hidden="true"
                      >
                        {i + 1}
                      </span>
                      <div>
                        <h3 className="text-base">{step.title}</h3>
                        <p className="mt-1 leading-7 text-ink-700">{step.description}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {content && content.faqs.length > 0 ? (
              <section aria-labelledby="faqs">
                <h2 id="faqs">Frequently asked questions</h2>
                <div className="mt-4 divide-y divide-ink-200 rounded-xl border border-ink-200">
                  {content.faqs.map((faq) => (
                    <details key={faq.question} className="group p-4">
                      <summary className="cursor-pointer list-none font-semibold text-ink-900">
                        <span className="flex items-center justify-between gap-4">
                          {faq.question}
                          <span
                            aria-hidden="true"
                            className="text-xl text-ink-400 transition-transform group-open:rotate-45"
                          >
                            +
                          </span>
                        </span>
                      </summary>
                      <p className="mt-3 leading-7 text-ink-700">{faq.answer}</p>
                    </details>
                  ))}
                </div>
              </section>
            ) : null}
          </div>
          <aside className="space-y-6">
            {content && content.keyFacts.length > 0 ? (
              <section aria-labelledby="key-facts" className="card">
                <h2 id="key-facts" className="text-lg">
                  Key facts
                </h2>
                <ul className="mt-4 space-y-4">
                  {content.keyFacts.map((fact) => (
                    <li key={fact.text}>
                      <p className="text-sm leading-6 text-ink-800">{fact.text}</p>
                      <p className="mt-0.5 text-xs text-ink-500">Source: {fact.source}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section className="card bg-brand-50">
              <h2 className="text-lg">{assessmentPath ? 'See if you qualify' : 'Speak to a specialist'}</h2>
              <p className="mt-2 text-sm text-ink-600">
                {assessmentPath
                  ? 'Answer a few questions and get an indicative result in minutes. No obligation.'
                  : 'Tell us about your situation and a specialist will reply within one working day.'}
              </p>
              <div className="mt-4">{cta}</div>
            </section>
            {related.length > 0 ? (
              <nav aria-label="Related services" className="card">
                <h2 className="text-lg">Related services</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {related.map((r) => (
                    <li key={r.id}>
                      <Link to={r.path}>{r.title}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </aside>
        </div>
      </PageContainer>
    </>
  );
}
