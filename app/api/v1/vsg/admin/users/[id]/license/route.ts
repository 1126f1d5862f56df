import { LICENSE_STATUSES } from '@/db/schema';
import { readJson } from '@/lib/api/body';
import { withAdmin } from '@/lib/api/with-user';
import { setLicenseStatus } from '@/lib/auth/license';
import { z } from 'zod';

const schema = z.object({
  vsg_license_status: z.enum(LICENSE_STATUSES, { error: 'must be "active" or "inactive"' }),
});

/** PUT /api/v1/vsg/admin/users/{id}/license (admin): {vsg_license_status} → {id, vsg_license_status}. */
export const PUT = withAdmin('user id', async (req, { ctx, user: admin, id }) => {
  const { vsg_license_status } = await readJson(req, schema);
  return Response.json(await setLicenseStatus(ctx.db, admin, id, vsg_license_status));
});
