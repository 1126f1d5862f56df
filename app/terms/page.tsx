import type { Metadata } from 'next';
import { A, KeyFact, LegalPage, P, ReplyWindow, UL, type LegalSection } from '@/components/legal/legal-page';
import { getSiteFacts, POLICY, type SiteFacts } from '@/lib/site';

export function generateMetadata(): Metadata {
  return {
    title: 'Terms of Service',
    description: `The terms on which ${getSiteFacts().productName} provides its online tools, including the Voter Slip Generator.`,
  };
}

/** The page body; the operator's facts come from the configuration (lib/site.ts). */
function sections(site: SiteFacts): LegalSection[] {
  const company = site.companyName;
  const email = site.supportEmail;
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      body: (
        <>
          <P>
            These Terms of Service (the &ldquo;Terms&rdquo;) form a binding agreement between you and {company} (&ldquo;we&rdquo;,
            &ldquo;us&rdquo;, &ldquo;our&rdquo;), which operates {site.productName} and its online tools, including the Voter Slip
            Generator (together, the &ldquo;Service&rdquo;).
          </P>
          <P>
            By creating an account, uploading a file or paying for any part of the Service, you confirm that you have read and
            accept these Terms, our <A href="/privacy">Privacy Policy</A> and our{' '}
            <A href="/refund-policy">Cancellation &amp; Refund Policy</A>. If you do not accept them, do not use the Service.
          </P>
          <P>
            If you use the Service on behalf of a political party, candidate, organisation or business, you confirm that you are
            authorised to bind it to these Terms, and &ldquo;you&rdquo; includes that entity.
          </P>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Eligibility and accounts',
      body: (
        <>
          <UL>
            <li>You must be at least 18 years old and competent to contract under the Indian Contract Act, 1872.</li>
            <li>
              To use the Voter Slip Generator you must register with your name, a valid e-mail address (verified by a one-time
              code) and a phone number. The information you give must be true and kept up to date from your profile.
            </li>
            <li>
              You are responsible for keeping your password secret and for everything done through your account. Tell us at{' '}
              <A href={`mailto:${email}`}>{email}</A> at once if you suspect unauthorised use.
            </li>
            <li>One person may not create accounts to evade a suspension, and accounts may not be sold or transferred.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'service',
      title: 'The Service and its limits',
      body: (
        <>
          <P>
            The Voter Slip Generator reads the electoral roll file you upload (PDF or Excel) and lays out printable voter slips
            with your banner image and the polling station address you enter. You first receive a free draft preview; the final
            document is produced after you pay the processing fee shown to you.
          </P>
          <UL>
            <li>
              Text is extracted from your file automatically, sometimes by optical character recognition. Names, numbers and other
              details may be read incorrectly, and transliteration suggestions are only suggestions. You must check the
              draft preview and the final slips before you print or distribute them.
            </li>
            <li>
              The voter slips we generate are an aid for your own outreach. They are not official documents of the Election
              Commission of India or any State Election Commission and must not be presented as such.
            </li>
            <li>
              We may limit file sizes, page counts and the number of requests, and we may change, suspend or withdraw any feature.
              Tools marked &ldquo;Coming Soon&rdquo; are not yet offered.
            </li>
            <li>
              We aim to keep the Service available but do not promise that it will be uninterrupted, error-free or available at
              any particular time, including close to polling day. Plan your printing with a margin of time.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'user-content',
      title: 'Your content and responsibility for voter data',
      body: (
        <>
          <P>
            &ldquo;Your content&rdquo; means the voter lists, banner images, addresses and other material you upload or enter.
            You keep all rights in it. You grant us a limited, non-exclusive licence to store and process your content only to
            provide the Service to you, as described in our <A href="/privacy">Privacy Policy</A>.
          </P>
          <KeyFact>
            You must have the legal right to obtain and use every electoral roll or voter list you upload, and to use the
            personal data in it for the purpose for which you generate slips.
          </KeyFact>
          <P>In particular, you are solely responsible for ensuring that:</P>
          <UL>
            <li>
              the roll data was obtained lawfully, for example as a candidate, political party or other person entitled to it
              under the Representation of the People Act, 1950, the Registration of Electors Rules, 1960 and the instructions of
              the Election Commission of India, and that its terms of supply permit your use;
            </li>
            <li>
              your use of the personal data of electors complies with applicable law, including the Information Technology Act,
              2000, the Digital Personal Data Protection Act, 2023 and the rules under them, election law and the Model Code of
              Conduct, and any spending or reporting rules that apply to you;
            </li>
            <li>
              the banner image and any text you add do not infringe anyone&rsquo;s copyright, trade mark or other rights, and are
              not defamatory, obscene, misleading, or likely to promote enmity between groups;
            </li>
            <li>
              you do not use the Service or its output to impersonate election officials, to mislead voters about where, when or
              how to vote, or for any other unlawful purpose.
            </li>
          </UL>
          <P>
            For the personal data of electors contained in your files, you decide why and how it is used; we process it only on
            your instructions to produce your slips. You will indemnify us against claims, penalties and costs arising from
            content you upload or from your use of the output in breach of these Terms or the law.
          </P>
          <P>
            We may remove content or refuse to process a file when we reasonably believe it breaches these Terms or the law, or
            when a lawful authority requires it.
          </P>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <UL>
          <li>Do not attempt to access accounts, files or data that are not yours, or to bypass any access control or payment step.</li>
          <li>Do not upload malware or files designed to disrupt processing, and do not overload the Service with automated requests.</li>
          <li>Do not copy, resell or offer the Service, or any part of it, to others as your own service without our written consent.</li>
          <li>Do not reverse engineer the Service except where the law expressly permits it.</li>
        </UL>
      ),
    },
    {
      id: 'fees',
      title: 'Fees and payment',
      body: (
        <>
          <UL>
            <li>
              The draft preview is free. To receive the final document you pay a processing fee based on the number of pages,
              shown in Indian rupees (₹) on the draft screen before you pay. Applicable taxes, if any, are included in or added to
              the amount shown.
            </li>
            <li>
              Payments are collected through a third-party card payment provider. Your card, UPI or bank details are entered on
              the provider&rsquo;s checkout and are handled by the provider under its own terms; we do not receive or store your
              full card details. We keep only the payment references needed to match your payment to your task.
            </li>
            <li>
              A fee is payable per task. Prices may change, but the fee shown on your draft screen is the fee for that task.
            </li>
            <li>
              Cancellations and refunds are governed by our <A href="/refund-policy">Cancellation &amp; Refund Policy</A>: you may
              cancel a task at no charge only before final payment, and refund requests must be made within{' '}
              {POLICY.refundRequestDays} days of payment.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <>
          <P>
            The Service, including its software, design, text, logos and the layout of the generated documents (but excluding your
            content), belongs to {company} or its licensors and is protected by Indian and international intellectual property
            laws. We grant you a limited, revocable, non-transferable right to use the Service under these Terms.
          </P>
          <P>
            Subject to payment of the fee, you may print, copy and distribute the final documents generated from your content for
            your own lawful purposes.
          </P>
        </>
      ),
    },
    {
      id: 'third-parties',
      title: 'Third-party services',
      body: (
        <P>
          The Service relies on third parties such as hosting, e-mail delivery, transliteration and payment providers. Their
          services are governed by their own terms, and we are not responsible for their acts or omissions, though we choose them
          with care.
        </P>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <>
          <P>
            To the fullest extent permitted by law, the Service and all output are provided &ldquo;as is&rdquo; and &ldquo;as
            available&rdquo;, without warranties of any kind, express or implied, including warranties of merchantability,
            fitness for a particular purpose, accuracy and non-infringement.
          </P>
          <P>
            We do not verify the accuracy, completeness or currency of any electoral roll, and we do not guarantee that generated
            slips are free of extraction errors. Nothing on the Service is legal advice.
          </P>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <>
          <P>To the fullest extent permitted by law:</P>
          <UL>
            <li>
              we are not liable for any indirect, incidental, special, consequential or punitive loss, or for loss of profits,
              data, goodwill, votes or electoral outcome, even if we were told such loss was possible;
            </li>
            <li>
              our total liability for all claims relating to the Service is limited to the fees you paid us for the task that gave
              rise to the claim, or, if no task is involved, to the fees you paid us in the three months before the claim arose.
            </li>
          </UL>
          <P>
            Nothing in these Terms limits liability that cannot be limited under Indian law, including liability for fraud, or
            your rights as a consumer under the Consumer Protection Act, 2019.
          </P>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      body: (
        <>
          <P>
            You may stop using the Service at any time and ask us to close your account by writing to{' '}
            <A href={`mailto:${email}`}>{email}</A>.
          </P>
          <P>
            We may suspend or close your account, with notice where practicable, if you breach these Terms, if your use creates
            legal risk for us or others, if required by law or a lawful order, or if we discontinue the Service. If we close your
            account without cause, we will refund fees for tasks paid for but not yet delivered.
          </P>
          <P>
            On termination your right to use the Service ends, and your files are deleted as described in the{' '}
            <A href="/privacy">Privacy Policy</A>. Sections on your content, intellectual property, disclaimers, limitation of
            liability, indemnity and governing law survive termination.
          </P>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law and jurisdiction',
      body: (
        <>
          <P>
            These Terms are governed by the laws of India. Subject to the paragraph below, the courts at {POLICY.jurisdictionCity},
            Karnataka, India have exclusive jurisdiction over any dispute arising out of or relating to these Terms or the Service.
          </P>
          <P>
            Before starting proceedings, please write to us or to our Grievance Officer (see the{' '}
            <A href="/privacy#grievance-officer">Privacy Policy</A>) so that we can try to resolve the matter amicably within 30
            days. Nothing here removes any right you have to approach a consumer commission under the Consumer Protection Act, 2019.
          </P>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <>
          <KeyFact>
            We will give at least {POLICY.termsChangeNoticeDays} days&rsquo; notice of any change to these Terms, by e-mail to the
            address on your account and by a notice on the Service, before the change takes effect.
          </KeyFact>
          <P>
            The &ldquo;Last updated&rdquo; date at the top shows when these Terms last changed. If you continue to use the Service
            after a change takes effect, you accept the revised Terms; if you do not agree, you may close your account before then.
            Changes required by law may take effect sooner where the law requires.
          </P>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <P>
          Questions about these Terms: <A href={`mailto:${email}`}>{email}</A>, or see our <A href="/contact">Contact</A> page.
          We reply within <ReplyWindow />.
        </P>
      ),
    },
  ];
}

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <P>
          Please read these terms carefully. They explain what the Service does, what you are responsible for — especially when
          you upload electoral rolls — and how fees, liability and disputes are handled.
        </P>
      }
      sections={sections(getSiteFacts())}
    />
  );
}
