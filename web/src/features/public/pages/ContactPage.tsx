import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { PageContainer } from '../../../components/PageContainer';
import { TextAreaField, TextField } from '../../../components/form/Field';
import { BUSINESS_HOURS, site } from '../../../lib/site';
import { focusFirstInvalid, isEmail, isPhone } from '../../../lib/validation';
import { PageHero } from '../components/PageHero';
import { useSendContactMessageMutation, type ContactRequest } from '../public-api';

type Values = Required<ContactRequest>;
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' };

export function validateContact(values: Values): Errors {
  const errors: Errors = {};
  if (values.name.trim() === '') errors.name = 'Please enter your name';
  if (values.email.trim() === '') errors.email = 'Please enter your email address';
  else if (!isEmail(values.email)) errors.email = 'Please enter a valid email address';
  if (values.phone.trim() !== '' && !isPhone(values.phone))
    errors.phone = 'Please enter a valid UK phone number';
  if (values.subject.trim() === '') errors.subject = 'Please enter a subject';
  if (values.message.trim().length < 10)
    errors.message = 'Please tell us a little more (at least 10 characters)';
  return errors;
}

export default function ContactPage() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const form = useRef<HTMLFormElement>(null);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors((errs) => ({ ...errs, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setTimeout(() => focusFirstInvalid(form.current), 0);
      return;
    }
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
    setValues(EMPTY);
    setSent(true);
  }

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
              ref={form}
              noValidate
              onSubmit={(e) => void onSubmit(e)}
              className="card grid gap-5 sm:grid-cols-2"
              aria-label="Contact form"
            >
              <TextField
                label="Name"
                name="name"
                autoComplete="name"
                required
                value={values.name}
                onChange={set('name')}
                error={errors.name}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={set('email')}
                error={errors.email}
              />
              <TextField
                label="Phone (optional)"
                name="phone"
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onChange={set('phone')}
                error={errors.phone}
              />
              <TextField
                label="Subject"
                name="subject"
                required
                value={values.subject}
                onChange={set('subject')}
                error={errors.subject}
              />
              <TextAreaField
                className="sm:col-span-2"
                label="Message"
                name="message"
                required
                rows={6}
                value={values.message}
                onChange={set('message')}
                error={errors.message}
              />
              <div className="sm:col-span-2">
                <button type="submit" className="btn btn-primary" disabled={isLoading}>
                  {isLoading ? 'Sending…' : 'Send message'}
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
