import { addressLines, SITE_CONTACT } from '@/lib/site';
import { A } from './legal-page';

/** The operator's e-mail, phone and postal address as a definition list (read from lib/site.ts). */
export function ContactDetails() {
  const phoneHref = `tel:${SITE_CONTACT.phone.replace(/[^+\d]/g, '')}`;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 first:mt-0 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-foreground">E-mail</dt>
      <dd className="-mt-2 sm:mt-0">
        <A href={`mailto:${SITE_CONTACT.supportEmail}`}>{SITE_CONTACT.supportEmail}</A>
      </dd>
      <dt className="font-semibold text-foreground">Phone</dt>
      <dd className="-mt-2 sm:mt-0">
        <A href={phoneHref}>{SITE_CONTACT.phone}</A>
      </dd>
      <dt className="font-semibold text-foreground">Address</dt>
      <dd className="-mt-2 sm:mt-0">
        <address className="not-italic">
          {addressLines().map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </dd>
    </dl>
  );
}
