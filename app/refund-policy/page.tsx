import type { Metadata } from 'next';
import { A, KeyFact, LegalPage, OL, P, ReplyWindow, UL, type LegalSection } from '@/components/legal/legal-page';
import { getSiteFacts, POLICY, type SiteFacts } from '@/lib/site';

export function generateMetadata(): Metadata {
  return {
    title: 'Cancellation & Refund Policy',
    description: `When you can cancel a task on ${getSiteFacts().productName}, when a refund is possible and how to request one.`,
  };
}

/** The page body; the operator's facts come from the configuration (lib/site.ts). */
function sections(site: SiteFacts): LegalSection[] {
  const email = site.supportEmail;
  const requestDays = POLICY.refundRequestDays;
  const processingDays = POLICY.refundProcessingBusinessDays;
  return [
    {
      id: 'overview',
      title: 'How payment works',
      body: (
        <>
          <P>
            When you upload a voter list to the Voter Slip Generator, we first produce a <strong>free draft preview</strong> so you
            can check the layout, the banner, the address and the extracted details. The processing fee, based on the number of
            pages and shown in rupees (₹), is charged only when you choose to continue to payment for the final document.
          </P>
          <P>Because you can inspect the draft before paying, please review it carefully before you pay.</P>
        </>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation',
      body: (
        <>
          <KeyFact>
            You may cancel a task only before final payment. Cancelling before payment costs nothing.
          </KeyFact>
          <UL>
            <li>
              Use the <strong>Cancel</strong> button while the task is processing or on the draft screen. The task stops and no
              fee is charged.
            </li>
            <li>
              Once the final payment has been made, the final document is generated at once and the task can no longer be
              cancelled. Any remedy is then a refund under the rules below.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'When a refund is available',
      body: (
        <>
          <P>A refund may be granted, in full or in part, when:</P>
          <UL>
            <li>you were charged but the final document was not delivered, and the task could not be completed with Resume Processing;</li>
            <li>you were charged more than once for the same task;</li>
            <li>the final document differs materially from the draft preview you approved, because of a fault on our side.</li>
          </UL>
          <P>A refund is generally not available when:</P>
          <UL>
            <li>the problem comes from the uploaded file itself (for example a poor scan, or errors in the electoral roll);</li>
            <li>you chose the wrong layout options, banner or address, which were visible on the draft preview before payment;</li>
            <li>the final document was delivered as previewed and you no longer need it.</li>
          </UL>
        </>
      ),
    },
    {
      id: 'request',
      title: 'How to request a refund',
      body: (
        <>
          <KeyFact>
            Refund requests must reach us within {requestDays} days of payment. Requests made later cannot be accepted.
          </KeyFact>
          <OL>
            <li>
              Write to <A href={`mailto:${email}`}>{email}</A> from the e-mail address registered on your account, with the subject
              &ldquo;Refund request&rdquo;.
            </li>
            <li>
              Include the date and time of the task (as shown in your Task History), the payment reference from your payment
              confirmation, and the amount paid.
            </li>
            <li>Explain the problem and, if possible, attach a screenshot or the affected page.</li>
          </OL>
          <P>We acknowledge refund requests within <ReplyWindow /> and may ask for further details.</P>
        </>
      ),
    },
    {
      id: 'processing',
      title: 'Processing of refunds',
      body: (
        <>
          <KeyFact>
            Approved refunds are processed within {processingDays} business days to the original payment method.
          </KeyFact>
          <UL>
            <li>We tell you by e-mail whether your request is approved, and if not, why.</li>
            <li>
              Refunds are made only to the card, UPI or bank account used for the payment, through our card payment provider. We
              cannot refund in cash or to another account.
            </li>
            <li>
              After we process the refund, your bank or card issuer may take a few more days to show it on your statement; this
              time is outside our control.
            </li>
            <li>
              If an amount is debited but the payment fails, it is usually reversed automatically by the payment provider or your
              bank. If it is not, write to us and we will follow it up.
            </li>
          </UL>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Questions',
      body: (
        <P>
          For any question about cancellations or refunds, write to <A href={`mailto:${email}`}>{email}</A> or see our{' '}
          <A href="/contact">Contact</A> page. This policy forms part of our <A href="/terms">Terms of Service</A>, which are
          governed by the laws of India.
        </P>
      ),
    },
  ];
}

export default function RefundPolicyPage() {
  return (
    <LegalPage
      title="Cancellation & Refund Policy"
      intro={
        <P>
          In short: cancel for free at any time before final payment; ask for a refund within {POLICY.refundRequestDays} days of payment;
          approved refunds are processed within {POLICY.refundProcessingBusinessDays} business days.
        </P>
      }
      sections={sections(getSiteFacts())}
    />
  );
}
