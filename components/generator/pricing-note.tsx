import { BadgeIndianRupeeIcon } from 'lucide-react';
import { formatRupees, type Pricing } from '@/lib/client/documents';

/**
 * What the generator costs, said before anything is uploaded: ₹ per page of slips, a free watermarked
 * draft first, payment only for the final PDF. `undefined` while loading, null if the rate is unknown.
 */
export function PricingNote({ pricing }: { pricing: Pricing | null | undefined }) {
  if (pricing === undefined) return <div className="mb-5 h-16 animate-pulse rounded-md bg-muted" aria-hidden />;
  return (
    <div className="mb-5 flex gap-3 rounded-md border border-primary/30 bg-primary/5 px-3 py-3 text-sm" data-testid="pricing-note">
      <BadgeIndianRupeeIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">
          {pricing
            ? `${formatRupees(pricing.fee_per_page)} per page of slips${pricing.min_fee > 0 ? ` (minimum ${formatRupees(pricing.min_fee)})` : ''}.`
            : 'A fee per page of slips, shown with the draft.'}
        </p>
        <p className="text-muted-foreground">
          You see a watermarked draft with the page count and fee first, and pay only to download the final slips.
          {pricing?.test_mode ? ' This server runs in test mode: no money is charged.' : ''}
        </p>
      </div>
    </div>
  );
}
