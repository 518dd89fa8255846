import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { site } from '../../../lib/site';
import { PageHero } from '../components/PageHero';

export type LegalKind = 'terms' | 'privacy' | 'cookies';

const TITLES: Record<LegalKind, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookies Policy',
};

interface Section {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

function sections(kind: LegalKind): Section[] {
  const firm = site.legalName;
  const email = site.email || 'our contact address';
  switch (kind) {
    case 'terms':
      return [
        {
          heading: 'About these terms',
          paragraphs: [
            `These terms apply to your use of this website and the Client Portal operated by ${firm}. By using the site you accept them. If you engage us to make a claim, a separate letter of engagement sets out the work, our fee and both parties' obligations, and takes precedence over these terms.`,
          ],
        },
        {
          heading: 'Information on this website',
          paragraphs: [
            'The information on this website is general guidance on UK tax. It is not advice for your circumstances. Results from the eligibility checker are indicative: they depend on the answers you give and are confirmed only after a specialist has reviewed your case.',
          ],
        },
        {
          heading: 'Your account',
          paragraphs: [
            'You are responsible for keeping your password secret and for the accuracy of the information you give us. Tell us at once if you think someone else has used your account.',
          ],
        },
        {
          heading: 'Acceptable use',
          paragraphs: [
            'You must not misuse the website, attempt to gain unauthorised access to it or to other users’ data, or upload files that contain malware or that you have no right to share.',
          ],
        },
        {
          heading: 'Liability',
          paragraphs: [
            'We do not exclude liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be excluded by law. Otherwise we are not liable for losses arising from reliance on general information on this website.',
          ],
        },
        {
          heading: 'Governing law',
          paragraphs: [
            'These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.',
          ],
        },
      ];
    case 'privacy':
      return [
        {
          heading: 'Who we are',
          paragraphs: [
            `${firm} is the controller of the personal data described in this policy. You can contact us about your data at ${email}.`,
          ],
        },
        {
          heading: 'What we collect',
          paragraphs: [
            'We collect the information you give us and the information needed to run your claims:',
          ],
          list: [
            'contact details: name, e-mail address, telephone number and postal address;',
            'account details: your login e-mail address and a securely hashed password;',
            'assessment answers, documents you upload and messages with your adviser;',
            'claim records, including HMRC or VOA correspondence;',
            'technical records: IP address, browser type and a log of security events on your account.',
          ],
        },
        {
          heading: 'Why we use it',
          paragraphs: [
            'We use your data to provide the services you ask for (contract), to meet our legal obligations, including anti-money-laundering checks and record keeping (legal obligation), and to keep the service secure (legitimate interests). We send news only if you choose to receive it (consent), and you can change that in your portal settings at any time.',
          ],
        },
        {
          heading: 'How long we keep it',
          paragraphs: [
            'Claim records are kept for five years after our relationship ends, as the Money Laundering Regulations 2017 require. Other data is deleted when it is no longer needed.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'Under UK GDPR you can ask for a copy of your data (you can also download it from the portal’s settings page), have it corrected or erased, object to or restrict its use, and have it moved to another provider. You can complain to the Information Commissioner’s Office (ico.org.uk).',
          ],
        },
        {
          heading: 'Sharing',
          paragraphs: [
            'We share your data with HMRC, the Valuation Office Agency or other authorities only as your claim requires, and with service providers who process it on our behalf under contract. We do not sell personal data.',
          ],
        },
      ];
    case 'cookies':
      return [
        {
          heading: 'What we store on your device',
          paragraphs: [
            'This website does not use advertising or analytics cookies. When you sign in, your browser’s local storage holds the tokens that keep you signed in and the time your session ends. Eligibility checks you start without an account are saved in local storage so you can continue them.',
          ],
        },
        {
          heading: 'Strictly necessary storage',
          paragraphs: [
            'This storage is needed for the site to work and does not need consent. It is cleared when you sign out, and your session ends automatically after one day, or thirty days if you chose “Remember me”.',
          ],
        },
        {
          heading: 'Managing storage',
          paragraphs: [
            'You can clear site data in your browser settings at any time. If you do, you will be signed out and any unsaved progress of an eligibility check will be lost.',
          ],
        },
      ];
  }
}

export default function LegalPage({ kind }: { kind: LegalKind }) {
  const title = TITLES[kind];
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title={title}
        lead={`How ${site.legalName} handles this website and your information.`}
      />
      <PageContainer className="py-14">
        <div className="prose-body">
          {sections(kind).map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p className="text-sm text-ink-500">
            Questions? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </PageContainer>
    </>
  );
}
