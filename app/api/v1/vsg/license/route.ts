import { getDb } from '@/db/client';
import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/v1/vsg/license: the caller's own companion-app licence (for the desktop app). */
export const GET = withApi(async (req) => {
  const user = await requireUser(req, await getDb());
  return jsonNoStore({ id: user.id, email: user.email, vsg_license_status: user.vsgLicenseStatus ?? 'inactive' });
});
