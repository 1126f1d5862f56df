import { listLicenses } from '@/db/queries/users';
import { withAdmin } from '@/lib/api/with-user';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/v1/vsg/admin/users (admin): [{id, email, vsg_license_status}]. */
export const GET = withAdmin(async (_req, { ctx }) => {
  const rows = await listLicenses(ctx.db);
  return jsonNoStore(rows.map((r) => ({ id: r.id, email: r.email, vsg_license_status: r.vsgLicenseStatus ?? 'inactive' })));
});
