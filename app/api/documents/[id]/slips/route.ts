import { withApi } from '@/lib/api/handler';
import { readJson } from '@/lib/api/body';
import { requireUser } from '@/lib/auth/guard';
import { chooseSlips, slipChoicesInput } from '@/lib/documents/service';
import { documentsContext } from '@/lib/server/jobs';
import { parseIdParam } from '@/lib/server/params';
import { jsonNoStore } from '@/lib/server/request';

/**
 * PUT /api/documents/{id}/slips: who gets a slip, in what order, how the slips look, and the address they
 * print (JSON; fields left out keep their current value). The draft is made again; 409 once paid.
 */
export const PUT = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await documentsContext();
  const user = await requireUser(req, ctx.db);
  const id = parseIdParam((await params).id, 'task id');
  const input = await readJson(req, slipChoicesInput);
  return jsonNoStore(await chooseSlips(ctx, user.id, id, input));
});
