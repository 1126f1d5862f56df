import type { Metadata } from 'next';
import { ContactDetails } from '@/components/legal/contact-details';
import { A, H3, KeyFact, LegalPage, P, ReplyWindow, UL, type LegalSection } from '@/components/legal/legal-page';
import { getSiteFacts, POLICY, type SiteFacts } from '@/lib/site';

export function generateMetadata(): Metadata {
  return {
    title: 'Privacy Policy',
    description: `How ${getSiteFacts().productName} collects, uses, keeps and protects personal data, and how to reach our Grievance Officer.`,
  };
}

/** The page body; the operator's facts come from the configuration (lib/site.ts). */
function sections(site: SiteFacts): LegalSection[] {
  const company = site.companyName;
  const email = site.supportEmail;
  const officer = site.grievanceOfficer;
  return [
    {
      id: 'scope',
      title: 'Who we are and what this policy covers',
      body: (
        <>
          <P>
            {company} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) operates {site.productName} and its tools, including the Voter Slip Generator
            (the &ldquo;Service&rdquo;). This policy explains what personal data we collect through the Service, why, how long we
            keep it, with whom we share it and the choices you have.
          </P>
          <P>
            It is published under the Information Technology Act, 2000, the Information Technology (Reasonable Security Practices
            and Procedures and Sensitive Personal Data or Information) Rules, 2011 and the Information Technology (Intermediary
            Guidelines and Digital Media Ethics Code) Rules, 2021, and is written to meet the Digital Personal Data Protection
            Act, 2023 as its provisions apply.
          </P>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <H3>Account data you give us</H3>
          <UL>
            <li>Your name, e-mail address and phone number.</li>
            <li>
              Your password, which we store only as a one-way salted hash; we cannot read it. The one-time code sent to verify your
              e-mail is also stored only as a hash and expires after a few minutes.
            </li>
          </UL>
          <H3>Files and text you upload</H3>
          <UL>
            <li>
              Voter lists (electoral roll PDFs or Excel files). These contain personal data of electors, such as names,
              relatives&rsquo; names, age, gender, house numbers, EPIC (voter ID) numbers and sometimes photographs.
            </li>
            <li>Banner images, the polling station address you enter and the layout options you choose.</li>
            <li>The draft and final documents we generate from them, and the status of each task.</li>
          </UL>
          <H3>Payment references</H3>
          <UL>
            <li>
              The order and payment identifiers, amount, currency and payment status for each paid task. Card, UPI and bank details
              are entered on our card payment provider&rsquo;s checkout and are handled by that provider; we never receive or store
              your full card number or CVV.
            </li>
          </UL>
          <H3>Technical data</H3>
          <UL>
            <li>
              IP address, browser type, pages requested, and times of sign-in, kept in server logs and used for security, abuse
              prevention and rate limiting.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'purposes',
      title: 'How we use your information',
      body: (
        <UL>
          <li>To create and secure your account, verify your e-mail address and sign you in.</li>
          <li>To read your voter list and generate the draft preview and final voter slips you ask for.</li>
          <li>To take payment for final documents, match payments to tasks and handle refunds.</li>
          <li>To show your task history and let you view and download your documents.</li>
          <li>To answer support requests and grievances, and to send service messages (not marketing) about your account.</li>
          <li>To detect and prevent fraud, abuse and security incidents, and to meet legal, tax and accounting obligations.</li>
        </UL>
      ),
    },
    {
      id: 'voter-data',
      title: 'Voter data you upload',
      body: (
        <>
          <P>
            For the personal data of electors in the files you upload, you decide the purpose and we act only on your instructions
            to produce your slips. You must have the right to use that data (see our <A href="/terms#user-content">Terms</A>).
          </P>
          <UL>
            <li>We do not use elector data for any other purpose, do not build profiles from it and do not combine it across users.</li>
            <li>We do not sell, rent or share elector data with anyone except the service providers that run the Service for us.</li>
            <li>Only you (and, where needed to resolve a problem you report, our authorised staff) can access your files.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'Retention and deletion',
      body: (
        <>
          <KeyFact>
            Uploaded voter lists and banner images are kept only as long as needed to produce your slips, and are deleted within{' '}
            {POLICY.uploadRetentionDays} days after the task is completed or cancelled.
          </KeyFact>
          <UL>
            <li>
              Generated documents stay available in your Task History so that you can download them again, until you ask us to
              delete them or close your account.
            </li>
            <li>
              Account data is kept while your account is open. When you ask us to delete your account, we delete your account data,
              files and documents within {POLICY.accountDeletionDays} days.
            </li>
            <li>
              Payment references and invoices are kept for as long as tax and accounting laws require, and server logs for a limited
              period for security, after which they are deleted or anonymised.
            </li>
            <li>Deleted data may remain in encrypted backups for a short time until those backups are overwritten.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing and disclosure',
      body: (
        <>
          <P>We do not sell personal data. We share it only:</P>
          <UL>
            <li>
              with service providers that process it for us under contract — hosting and storage, e-mail delivery, the
              transliteration service (which receives only the words of the address you type) and our card payment provider;
            </li>
            <li>
              when required by law, a court order or a lawful request of a government agency, or to protect the rights, property
              and safety of our users, the public or us;
            </li>
            <li>with a successor entity in a merger or acquisition, which must keep to this policy.</li>
          </UL>
          <P>Some providers may store data outside India, in countries permitted under Indian law, with suitable safeguards.</P>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <>
          <P>
            We follow reasonable security practices: encrypted connections (HTTPS), hashed passwords and one-time codes,
            short-lived access tokens, access controls that limit each file to its owner, rate limits on sign-in and code requests,
            and restricted staff access.
          </P>
          <P>
            No system is perfectly secure. If a personal data breach affects you, we will inform you and the authorities as the
            law requires. Keep your password private and sign out on shared devices.
          </P>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <>
          <P>We do not use advertising or third-party tracking cookies. The Service stores a few items in your browser:</P>
          <UL>
            <li>
              <strong>Sign-in tokens</strong> (an access token and a refresh token in local storage) that keep you logged in. They
              are removed when you log out.
            </li>
            <li>
              <strong>Theme preference</strong> (light or dark) so the site looks the way you chose.
            </li>
            <li>
              The card payment provider&rsquo;s checkout, when you open it, may set its own cookies for fraud prevention under its
              own policy.
            </li>
          </UL>
          <P>You can clear these items in your browser settings; you will then need to log in again.</P>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <P>Subject to applicable law, you may:</P>
          <UL>
            <li>access a summary of the personal data we hold about you and how it is used;</li>
            <li>correct or update your data — name and phone number can be changed on your profile page;</li>
            <li>ask us to delete your data or close your account, and withdraw consent you have given;</li>
            <li>nominate another person to exercise your rights in the event of your death or incapacity;</li>
            <li>raise a grievance with our Grievance Officer and, if unresolved, approach the Data Protection Board of India.</li>
          </UL>
          <P>
            Write to <A href={`mailto:${email}`}>{email}</A> from your registered e-mail address. We may ask you to confirm your
            identity. If a request concerns elector data in a voter list uploaded by a user, we will pass it to that user, who
            decides how that data is used, and help them respond.
          </P>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <P>The Service is not meant for anyone under 18, and we do not knowingly collect their personal data from them.</P>,
    },
    {
      id: 'grievance-officer',
      title: 'Grievance Officer',
      body: (
        <>
          <P>
            In accordance with the Information Technology Act, 2000 and the rules made under it, the name and contact details of
            our Grievance Officer are:
          </P>
          <dl className="mt-3 grid gap-x-6 gap-y-3 rounded-md border border-border p-4 sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-foreground">Name</dt>
            <dd className="-mt-2 sm:mt-0">{officer.name}</dd>
            <dt className="font-semibold text-foreground">E-mail</dt>
            <dd className="-mt-2 sm:mt-0">
              <A href={`mailto:${officer.email}`}>{officer.email}</A>
            </dd>
            <dt className="font-semibold text-foreground">Address</dt>
            <dd className="-mt-2 sm:mt-0">
              {company}, {site.address.line1}, {site.address.city}, {site.address.state}{' '}
              {site.address.postalCode}, {site.address.country}
            </dd>
          </dl>
          <P>
            The Grievance Officer will acknowledge your complaint within 24 hours and resolve it within 15 days of receipt.
          </P>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <P>
          We may update this policy as the Service or the law changes. The &ldquo;Last updated&rdquo; date shows the latest
          version. We will tell you of significant changes by e-mail or by a notice on the Service before they take effect.
        </P>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <>
          <P>For privacy questions or requests, contact us at:</P>
          <ContactDetails site={site} />
          <P>
            We reply within <ReplyWindow />. See also our <A href="/contact">Contact</A> page.
          </P>
        </>
      ),
    },
  ];
}

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <P>
          Your privacy, and that of the voters whose data passes through the Service, matters to us. This policy explains what we
          collect and why, and how you stay in control.
        </P>
      }
      sections={sections(getSiteFacts())}
    />
  );
}
