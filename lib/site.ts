/**
 * Site-wide facts shown on pages: the product name, the operator's contact details and the policy
 * constants of SPEC §1/§9. The contact values are PLACEHOLDERS — replace them here (and only here)
 * with the operator's real details before going live; every page reads them from this module.
 */

/** The product's display name (the same as the shell's PRODUCT_NAME in components/shell/brand.ts). */
export const SITE_NAME = 'Sahayak Tools';

/** The operator's contact details (placeholders). */
export const SITE_CONTACT = {
  /** The legal entity operating the service. */
  companyName: 'Example Tools Private Limited',
  /** Support mailbox (SPEC writes it as `{email}`). */
  supportEmail: 'support@example.com',
  /** Phone number for support, in Indian format. */
  phone: '+91 00000 00000',
  /** Registered office: street line is a placeholder; the city/state/country are SPEC facts. */
  address: {
    line1: 'Office address line (placeholder)',
    city: 'Bangalore',
    state: 'Karnataka',
    postalCode: '560000',
    country: 'India',
  },
  /** Grievance Officer under the IT Act, 2000 and the IT (Intermediary Guidelines) Rules, 2021. */
  grievanceOfficer: {
    name: 'Grievance Officer Name (placeholder)',
    email: 'grievance@example.com',
  },
  /** Support hours shown on the contact page. */
  supportHours: 'Monday to Saturday, 10:00 to 18:00 IST',
} as const;

/** Policy facts stated on the legal pages (SPEC §1 and §9). */
export const POLICY = {
  /** Date shown on every legal page. */
  lastUpdated: 'October 18, 2025',
  /** Days after payment within which a refund may be requested. */
  refundRequestDays: 7,
  /** Business days within which an approved refund is processed. */
  refundProcessingBusinessDays: 14,
  /** Minimum notice of changes to the terms, in days. */
  termsChangeNoticeDays: 30,
  /** Promised reply time for support messages. */
  supportReplyHours: '24-48',
  /**
   * Days after a task is finished or cancelled within which its uploaded voter list and banner are
   * deleted (stated in the privacy policy; keep it in step with the file clean-up job).
   */
  uploadRetentionDays: 30,
  /** Days within which an account-deletion request is carried out. */
  accountDeletionDays: 30,
  /** Courts with exclusive jurisdiction. */
  jurisdictionCity: 'Bangalore',
  /** Governing law. */
  governingLaw: 'India',
} as const;

/** The address as display lines. */
export function addressLines(): string[] {
  const a = SITE_CONTACT.address;
  return [SITE_CONTACT.companyName, a.line1, `${a.city}, ${a.state} ${a.postalCode}`, a.country];
}
