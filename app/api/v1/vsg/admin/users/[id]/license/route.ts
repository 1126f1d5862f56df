import { getDb } from '@/db/client';
import { LICENSE_STATUSES } from '@/db/schema';
import { readJson } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/guard';
import { setLicenseStatus } from '@/lib/auth/license';
import { parseIdParam } from '@/lib/server/params';
import { z } from 'zod';

const schema = z.object({
  vsg_license_status: z.enum(LICENSE_STATUSES, { error: 'must be "active" or "inactive"' }),
});

/** PUT /api/v1/vsg/admin/users/{id}/license (admin): {vsg_license_status} → {id, vsg_license_status}. */
export const PUT = withApi<{ id: string }>(async (req, { params }) => {
  const db = await getDb();
  const admin = await requireAdmin(req, db);
  const id = parseIdParam((await params).id);
  const { vsg_license_status } = await readJson(req, schema);
  return Response.json(await setLicenseStatus(db, admin, id, vsg_license_status));
});
