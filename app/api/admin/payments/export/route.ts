import { withAdmin } from '@/lib/api/with-user';
import { exportInvoices, exportPeriodSchema } from '@/lib/invoices/export';

/** GET /api/admin/payments/export?from=YYYY-MM-DD&to=YYYY-MM-DD: the invoices and credit notes issued in the period, as CSV. */
export const GET = withAdmin(async (req, { ctx }) => {
  const period = exportPeriodSchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { csv, fileName } = await exportInvoices(ctx.db, period);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
