import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { PageContainer } from '../../../components/PageContainer';
import { TextAreaField, TextField, apiRules, useAppForm } from '../../../components/form';
import { BUSINESS_HOURS, site } from '../../../lib/site';
import { isPhone } from '../../../lib/validation';
import { PageHero } from '../components/PageHero';
import { useSendContactMessageMutation, type ContactRequest } from '../public-api';

type Values = Required<ContactRequest>;

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' };
const MESSAGE_MIN_LENGTH = 10;

/** The API's limits (CreateContactMessageDto) in the contact form's words. */
const RULES = {
  name: apiRules('CreateContactMessageDto', 'name', { required: 'Please enter your name' }),
  email: apiRules('CreateContactMessageDto', 'email', {
    required: 'Please enter your email address',
    email: 'Please enter a valid email address',
  }),
  phone: apiRules(
    'CreateContactMessageDto',
    'phone',
    { pattern: 'Please enter a valid UK phone number' },
    { extra: { uk: (v) => v === '' || isPhone(v) || 'Please enter a valid UK phone number' } },
  ),
  subject: apiRules('CreateContactMessageDto', 'subject', { required: 'Please enter a subject' }),
  message: apiRules(
    'CreateContactMessageDto',
    'message',
    { required: 'Please tell us a little more (at least 10 characters)' },
    {
      extra: {
        enough: (v) =>
          v.length >= MESSAGE_MIN_LENGTH || 'Please tell us a little more (at least 10 characters)',
      },
    },
  ),
};

export default function ContactPage() {
  // Shown once a message went; the form stays for another.
  const [sent, setSent] = useState(false);
  const form = useAppForm<Values>({ defaultValues: EMPTY });
  const { isSubmitting } = form.formState;
  const [send] = useSendContactMessageMutation();

  const onValid = async (values: Values) => {
    const body: ContactRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
    };
    const result = await send(body);
    if ('error' in result && result.error) {
      toast.error('Your message could not be sent. Please try again, or e-mail us directly.');
      return;
    }
    toast.success('Thank you. Your message has been sent and we will reply within one working day.');
    form.reset(EMPTY);
    setSent(true);
  };

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead="Tell us about your property, business or investment and a specialist will reply within one working day."
      />
      <PageContainer className="py-14">
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {sent ? (
              <div className="alert-success mb-6" role="status">
                Your message has been sent. We will be in touch within one working day.
              </div>
            ) : null}
            <form
              noValidate
              onSubmit={(e) => void form.submit(onValid)(e)}
              className="card grid gap-5 sm:grid-cols-2"
              aria-label="Contact form"
            >
              <TextField label="Name" autoComplete="name" required {...form.field('name', RULES.name)} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                required
                {...form.field('email', RULES.email)}
              />
              <TextField
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                {...form.field('phone', RULES.phone)}
              />
              <TextField label="Subject" required {...form.field('subject', RULES.subject)} />
              <TextAreaField
                className="sm:col-span-2"
                label="Message"
                required
                rows={6}
                {...form.field('message', RULES.message)}
              />
              <div className="sm:col-span-2">
                <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending…' : 'Send message'}
                </button>
              </div>
            </form>
          </div>
          <aside className="space-y-6">
            <div className="card">
              <h2 className="text-lg">Business hours</h2>
              <p className="mt-2 text-ink-700">{BUSINESS_HOURS}</p>
              <p className="mt-1 text-sm text-ink-500">Closed at weekends and on UK bank holidays.</p>
            </div>
            <div className="card">
              <h2 className="text-lg">Write to us</h2>
              <address className="mt-2 text-ink-700 not-italic">
                {site.legalName}
                {[site.address.line, site.address.city, site.address.country, site.address.postcode]
                  .filter(Boolean)
                  .map((part) => (
                    <span key={part} className="block">
                      {part}
                    </span>
                  ))}
              </address>
              {site.email ? (
                <p className="mt-3">
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                </p>
              ) : null}
              {site.phone ? <p className="mt-1 text-ink-700">{site.phone}</p> : null}
            </div>
          </aside>
        </div>
      </PageContainer>
    </>
  );
}
