import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { FieldError, controlProps, useAppForm } from '../../../components/form';
import { PageHero } from '../components/PageHero';
import { serviceGroups } from '../service-catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { prefetchAssessment } from '../../assessment/prefetch';

/** Pick a service, then start its assessment at /assessment/{assessmentType}. */
export default function EligibilityCheckerPage() {
  const groups = serviceGroups();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const form = useAppForm<{ service: string }>({ defaultValues: { service: '' } });
  const groupId = useId();
  const choice = form.watch('service');
  const service = form.field('service', {
    required: 'Please choose a service to check',
    onChange: (event: { target: { value: string } }) => prefetchAssessment(dispatch, event.target.value),
  });
  const { error, ...radio } = service;

  return (
    <>
      <PageHero
        eyebrow="Free and without obligation"
        title="Eligibility checker"
        lead="Choose the relief you are interested in, answer a few questions and see an indicative result straight away. You do not need an account to start."
      />
      <PageContainer className="py-14">
        <form noValidate onSubmit={(e) => void form.submit(({ service }) => navigate(service))(e)}>
          <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
            <legend className="text-xl font-semibold text-ink-900">
              Which service would you like to check?
            </legend>
            <div className="mt-6 space-y-10">
              {groups.map(({ category, pages }) => {
                const assessable = pages.filter((p) => p.assessmentPath);
                const others = pages.filter((p) => !p.assessmentPath);
                return (
                  <div key={category.id}>
                    <h2 className="text-lg">{category.label}</h2>
                    <div className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
                      {assessable.map((p) => (
                        <label
                          key={p.id}
                          className={`card flex cursor-pointer gap-3 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                            choice === p.assessmentPath
                              ? 'border-brand-500 bg-brand-50'
                              : 'hover:border-brand-300'
                          }`}
                        >
                          <input
                            {...controlProps(`${groupId}-${p.id}`, error)}
                            aria-describedby={error ? `${groupId}-error` : undefined}
                            type="radio"
                            value={p.assessmentPath ?? ''}
                            {...radio}
                            className="mt-1 h-4 w-4 accent-brand-700"
                          />
                          <span>
                            <span className="block font-semibold text-ink-900">{p.title}</span>
                            <span className="block text-sm text-ink-600">{p.summary}</span>
                          </span>
                        </label>
                      ))}
                      {others.map((p) => (
                        <div
                          key={p.id}
                          className="rounded-(--radius-card) border border-dashed border-ink-300 p-4"
                        >
                          <span className="block font-semibold text-ink-900">{p.title}</span>
                          <span className="block text-sm text-ink-600">
                            Needs a conversation with a specialist. <Link to="/contact">Contact us</Link>
                          </span>
                        </div>
                      ))}
                    </div>
                  </div>
                );
              })}
            </div>
          </fieldset>
          {error ? (
            <div className="mt-6">
              <FieldError id={groupId} error={error} />
            </div>
          ) : null}
          <button type="submit" className="btn btn-primary btn-lg mt-8">
            Start assessment
          </button>
        </form>
      </PageContainer>
    </>
  );
}
