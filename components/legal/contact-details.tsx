import { addressLines, type SiteFacts } from '@/lib/site';
import { A } from './legal-page';

/** The operator's e-mail, phone and postal address as a definition list (from the configuration). */
export function ContactDetails({ site }: { site: SiteFacts }) {
  const phoneHref = `tel:${site.phone.replace(/[^+\d]/g, '')}`;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 first:mt-0 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-foreground">E-mail</dt>
      <dd className="-mt-2 sm:mt-0">
        <A href={`mailto:${site.supportEmail}`}>{site.supportEmail}</A>
      </dd>
      <dt className="font-semibold text-foreground">Phone</dt>
      <dd className="-mt-2 sm:mt-0">
        <A href={phoneHref}>{site.phone}</A>
      </dd>
      <dt className="font-semibold text-foreground">Address</dt>
      <dd className="-mt-2 sm:mt-0">
        <address className="not-italic">
          {addressLines(site).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </dd>
    </dl>
  );
}
