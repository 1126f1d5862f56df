import type { Metadata } from 'next';
import { ContactDetails } from '@/components/legal/contact-details';
import { A, KeyFact, LegalPage, P, ReplyWindow, UL, type LegalSection } from '@/components/legal/legal-page';
import { getSiteFacts, POLICY, type SiteFacts } from '@/lib/site';

export function generateMetadata(): Metadata {
  return {
    title: 'Contact Us',
    description: `How to reach ${getSiteFacts().productName} support: e-mail, phone and our office in ${getSiteFacts().address.city}, ${getSiteFacts().address.state}, ${getSiteFacts().address.country}.`,
  };
}

/** The page body; the operator's facts come from the configuration (lib/site.ts). */
function sections(site: SiteFacts): LegalSection[] {
  const email = site.supportEmail;
  return [
    {
      id: 'reach-us',
      title: 'Reach us',
      body: (
        <>
          <ContactDetails site={site} />
          <KeyFact>We reply to every message within <ReplyWindow />.</KeyFact>
          <P>Support hours: {site.supportHours}, except public holidays.</P>
        </>
      ),
    },
    {
      id: 'help-faster',
      title: 'Help us help you faster',
      body: (
        <>
          <P>
            Write from the e-mail address registered on your account, and for a problem with a task tell us:
          </P>
          <UL>
            <li>the date and time of the task, as shown in your Task History;</li>
            <li>what you expected and what happened, with a screenshot if you can;</li>
            <li>for payment questions, the payment reference from your payment confirmation.</li>
          </UL>
          <P>Please do not send voter lists or other personal data by e-mail unless we ask for a specific page.</P>
        </>
      ),
    },
    {
      id: 'other-requests',
      title: 'Refunds, privacy and grievances',
      body: (
        <UL>
          <li>
            Refunds: see our <A href="/refund-policy">Cancellation &amp; Refund Policy</A> — requests within{' '}
            {POLICY.refundRequestDays} days of payment to <A href={`mailto:${email}`}>{email}</A>.
          </li>
          <li>
            Privacy requests and complaints: see the <A href="/privacy#grievance-officer">Grievance Officer</A> section of our
            Privacy Policy.
          </li>
          <li>
            Terms of use: see our <A href="/terms">Terms of Service</A>.
          </li>
        </UL>
      ),
    },
  ];
}

export default function ContactPage() {
  return (
    <LegalPage
      title="Contact Us"
      intro={<P>Questions, problems with a task, payments or feedback — we are happy to help.</P>}
      sections={sections(getSiteFacts())}
      showToc={false}
    />
  );
}
