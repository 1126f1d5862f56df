import { readJson } from '@/lib/api/body';
import { withUser } from '@/lib/api/with-user';
import { chooseSlips, slipChoicesInput } from '@/lib/documents/service';
import { jsonNoStore } from '@/lib/api/request';

/**
 * PUT /api/documents/{id}/slips: who gets a slip, in what order, how the slips look, and the address they
 * print (JSON; fields left out keep their current value). The draft is made again; 409 once paid.
 */
export const PUT = withUser('task id', async (req, { ctx, user, id }) => {
  const input = await readJson(req, slipChoicesInput);
  return jsonNoStore(await chooseSlips(ctx, user.id, id, input));
});
