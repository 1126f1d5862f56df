import type { InvoiceSupplier } from '@/db/schema';
import { getConfig, type Env } from '@/lib/config';
import { GST_STATES, stateCodeOf } from '@/lib/invoices/gst';

/**
 * Site-wide facts shown on pages and in mails. The operator's details (product and company name,
 * support e-mail, phone and hours, address, grievance officer) come from the configuration (README,
 * Configuration) with placeholders as defaults (SITE_DEFAULTS); the policy constants (POLICY) are fixed.
 * Server-only (reads the environment): client components get what they need as props.
 */
export interface SiteFacts {
  productName: string;
  companyName: string;
  supportEmail: string;
  phone: string;
  supportHours: string;
  address: { line1: string; city: string; state: string; postalCode: string; country: string };
  grievanceOfficer: { name: string; email: string };
}

export function siteFactsFrom(env: Pick<Env, 'SITE_PRODUCT_NAME' | 'SITE_COMPANY_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'SUPPORT_HOURS' | 'SITE_ADDRESS_LINE1' | 'SITE_CITY' | 'SITE_STATE' | 'SITE_POSTAL_CODE' | 'SITE_COUNTRY' | 'GRIEVANCE_OFFICER_NAME' | 'GRIEVANCE_OFFICER_EMAIL'>): SiteFacts {
  return {
    productName: env.SITE_PRODUCT_NAME,
    companyName: env.SITE_COMPANY_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    phone: env.SUPPORT_PHONE,
    supportHours: env.SUPPORT_HOURS,
    address: { line1: env.SITE_ADDRESS_LINE1, city: env.SITE_CITY, state: env.SITE_STATE, postalCode: env.SITE_POSTAL_CODE, country: env.SITE_COUNTRY },
    grievanceOfficer: { name: env.GRIEVANCE_OFFICER_NAME, email: env.GRIEVANCE_OFFICER_EMAIL },
  };
}

export function getSiteFacts(): SiteFacts {
  return siteFactsFrom(getConfig());
}

/** Policy facts stated on the legal pages: fixed in code, not configured. */
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
export function addressLines(site: SiteFacts): string[] {
  const a = site.address;
  return [site.companyName, a.line1, `${a.city}, ${a.state} ${a.postalCode}`, a.country];
}

/** The operator as an invoice states it: legal name, address, GSTIN (null below the threshold), state, SAC. */
export function invoiceSupplierFrom(
  env: Pick<Env, 'SITE_COMPANY_NAME' | 'SITE_ADDRESS_LINE1' | 'SITE_CITY' | 'SITE_STATE' | 'SITE_POSTAL_CODE' | 'SITE_COUNTRY' | 'SUPPORT_EMAIL' | 'SITE_GSTIN' | 'SAC_CODE'>,
): InvoiceSupplier {
  const stateCode = env.SITE_GSTIN ? env.SITE_GSTIN.slice(0, 2) : stateCodeOf(env.SITE_STATE);
  return {
    legalName: env.SITE_COMPANY_NAME,
    addressLines: [env.SITE_ADDRESS_LINE1, `${env.SITE_CITY}, ${env.SITE_STATE} ${env.SITE_POSTAL_CODE}`, env.SITE_COUNTRY],
    gstin: env.SITE_GSTIN ?? null,
    stateCode,
    stateName: stateCode ? (GST_STATES[stateCode] ?? env.SITE_STATE) : env.SITE_STATE,
    email: env.SUPPORT_EMAIL,
    sac: env.SAC_CODE,
  };
}

/** The site's public address for links in mails (SITE_URL, else this machine on PORT), without a trailing slash. */
export function siteUrl(env: Pick<Env, 'SITE_URL' | 'PORT'> = getConfig()): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
