import { getDb } from '@/db/client';
import { listLicenses } from '@/db/queries/users';
import { withApi } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/guard';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/v1/vsg/admin/users (admin): [{id, email, vsg_license_status}]. */
export const GET = withApi(async (req) => {
  const db = await getDb();
  await requireAdmin(req, db);
  const rows = await listLicenses(db);
  return jsonNoStore(rows.map((r) => ({ id: r.id, email: r.email, vsg_license_status: r.vsgLicenseStatus ?? 'inactive' })));
});
