import { getDb } from '@/db/client';
import { withApi } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/guard';
import { licenseHistory } from '@/lib/auth/license';
import { parseIdParam } from '@/lib/server/params';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/v1/vsg/admin/users/{id}/license/history (admin): newest first. */
export const GET = withApi<{ id: string }>(async (req, { params }) => {
  const db = await getDb();
  await requireAdmin(req, db);
  const id = parseIdParam((await params).id);
  return jsonNoStore(await licenseHistory(db, id));
});
