import { withUser } from '@/lib/api/with-user';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/v1/vsg/license: the caller's own companion-app licence (for the desktop app). */
export const GET = withUser(async (_req, { user }) => {
  return jsonNoStore({ id: user.id, email: user.email, vsg_license_status: user.vsgLicenseStatus ?? 'inactive' });
});
